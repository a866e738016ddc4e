import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { DocumentFile, DocumentRecord } from '@console/shared-sdk/logs';
import {
  chooseSite,
  deferred,
  demoIds,
  fakeApi,
  gridProps,
  listPage,
  ok,
  renderOnSiteRoute,
  resetBrowserState,
  signInAs,
  siteOption,
  type Sent,
} from '@console/shared-sdk/testing';
import { DocumentsScreen } from './documents';

// The documents screen as a site's and an organisation's admins use it, against a fake API: the expiry
// chips, the "expiring" filter a dashboard links to, the multipart create and edit with their files, who
// may change an organisation's document, the view's files, and deleting.

// Forms typed into on a shared, busy machine: the default 5 s per test is too tight.
jest.setTimeout(40_000);

const ids = { ...demoIds };
const id = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const stamps = { createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z' };

const file = (n: number, originalName: string, contentType: string, size = 2048): DocumentFile => ({
  _id: id(n),
  key: `documents/${n}`,
  location: `http://files.test/${originalName}`,
  originalName,
  contentType,
  size,
});

function documentOf(n: number, name: string, overrides: Partial<DocumentRecord> = {}): DocumentRecord {
  return {
    _id: id(100 + n),
    orgId: ids.org,
    siteID: ids.brighton,
    siteName: 'Brighton',
    timeZoneId: 'Europe/London',
    name,
    category: 'LICENCE',
    expiresOn: '2027-03-01',
    expiry: 'VALID',
    daysToExpiry: 335,
    note: '',
    files: [file(200 + n, `${name}.pdf`, 'application/pdf')],
    createdBy: { _id: ids.me, name: 'Marcus Reid' },
    ...stamps,
    ...overrides,
  };
}

const premisesLicence = documentOf(1, 'Premises licence');
const hygieneCertificate = documentOf(2, 'Hygiene certificate', {
  category: 'CERTIFICATE',
  expiresOn: '2026-03-13',
  expiry: 'EXPIRING',
  daysToExpiry: 12,
});
const gasSafety = documentOf(3, 'Gas safety record', {
  category: 'CERTIFICATE',
  expiresOn: '2026-02-20',
  expiry: 'EXPIRED',
  daysToExpiry: -9,
});
const insurance = documentOf(4, 'Public liability insurance', {
  siteID: null,
  siteName: null,
  category: 'INSURANCE',
  expiresOn: null,
  expiry: 'NONE',
  daysToExpiry: null,
});

const sites = [siteOption(ids.brighton), siteOption(ids.manchester, { name: 'Manchester' })];

const lists = (sent: readonly Sent[]) =>
  sent.filter((s) => s.method === 'GET' && s.path === 'document/web-app-list');

/** The API the screen talks to: the list, the site picker, find-one and history; `extra` answers first. */
function documentsApi(
  rows: readonly DocumentRecord[],
  extra: (sent: Sent) => Response | Promise<Response> | undefined = () => undefined,
) {
  return fakeApi((sent) => {
    const answer = extra(sent);
    if (answer) return answer;
    if (sent.path === 'document/web-app-list') return ok(listPage([...rows]));
    if (sent.path === 'site-panel/simple-list') return ok(sites);
    if (sent.path.startsWith('document/find-one/')) {
      const found = rows.find((row) => sent.path.endsWith(row._id));
      return ok(found ?? null);
    }
    if (sent.path.startsWith('document/log-history-list/')) return ok([]);
    throw new Error(`Unexpected ${sent.method} ${sent.path}`);
  });
}

function renderDocuments(url = '/') {
  // Accept lists are the file input's to apply, so the test hands it every file, as a drop does.
  const user = userEvent.setup({ applyAccept: false });
  const rendered = renderOnSiteRoute(<DocumentsScreen gridProps={gridProps} />, url);
  return { user, ...rendered };
}

/** A multipart body's text field, as the API reads it. */
const formField = (body: string, name: string) =>
  new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(body)?.[1];

/** The names of the files a multipart body carries. */
const sentFiles = (body: string) => [...body.matchAll(/name="files"; filename="([^"]+)"/g)].map((m) => m[1]);

const fileInput = (dialog: HTMLElement) => dialog.querySelector<HTMLInputElement>('input[type="file"]')!;

beforeEach(() => {
  // The form's thumbnails of chosen images.
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
  chooseSite(ids.brighton);
});

describe('the documents list', () => {
  test('shows the site’s and the organisation’s documents, each expiry as a chip', async () => {
    const api = documentsApi([premisesLicence, hygieneCertificate, gasSafety, insurance]);
    renderDocuments();
    const licenceRow = (await screen.findByText('Premises licence')).closest('[role="row"]') as HTMLElement;
    expect(within(licenceRow).getByText('Valid')).toBeInTheDocument();
    expect(within(licenceRow).getByText(/1 Mar 2027/)).toBeInTheDocument();
    expect(within(licenceRow).getByText('Brighton')).toBeInTheDocument();

    const row = (name: string) => screen.getByText(name).closest('[role="row"]') as HTMLElement;
    expect(within(row('Hygiene certificate')).getByText('Expires in 12 days')).toBeInTheDocument();
    expect(within(row('Gas safety record')).getByText('Expired')).toBeInTheDocument();
    const insuranceRow = row('Public liability insurance');
    expect(within(insuranceRow).getByText('No expiry date')).toBeInTheDocument();
    expect(within(insuranceRow).getByText('Whole organisation')).toBeInTheDocument();

    const [first] = lists(api.sent);
    expect(first!.query.get('siteID')).toBe(ids.brighton);
    expect(first!.query.get('sort')).toBe('expiresOn');
    expect(first!.query.has('expiringWithinDays')).toBe(false);
  });

  test('the dashboard’s link ?expiring=30 asks for documents expiring within 30 days', async () => {
    const api = documentsApi([hygieneCertificate]);
    const { user, params } = renderDocuments('/?expiring=30');
    await screen.findByText('Hygiene certificate');
    expect(lists(api.sent).at(-1)!.query.get('expiringWithinDays')).toBe('30');
    const expiring = screen.getByRole('switch', { name: 'Expiring within 30 days' });
    expect(expiring).toBeChecked();

    await user.click(expiring);
    await waitFor(() => expect(params().has('expiring')).toBe(false));
    await waitFor(() => expect(lists(api.sent).at(-1)!.query.has('expiringWithinDays')).toBe(false));

    await user.click(expiring);
    await waitFor(() => expect(params().get('expiring')).toBe('30'));
    await waitFor(() => expect(lists(api.sent).at(-1)!.query.get('expiringWithinDays')).toBe('30'));
  });

  test('delete asks first; cancel keeps the document, confirm deletes it by id', async () => {
    let rows = [premisesLicence];
    const api = documentsApi([], (sent) => {
      if (sent.method === 'DELETE') {
        rows = [];
        return ok(null, 'Document deleted');
      }
      if (sent.path === 'document/web-app-list') return ok(listPage(rows));
      return undefined;
    });
    const { user } = renderDocuments();
    await user.click(await screen.findByLabelText('Delete Premises licence'));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete document "Premises licence"?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.sent.filter((s) => s.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByLabelText('Delete Premises licence'));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.sent.filter((s) => s.method === 'DELETE').map((s) => s.path)).toEqual([
        `document/delete-one/${premisesLicence._id}`,
      ]),
    );
    expect(await screen.findByText(/No documents for this site or the organisation yet/)).toBeInTheDocument();
  });
});

describe('who may change what', () => {
  test('a site admin reads the organisation’s documents but cannot edit or delete them', async () => {
    signInAs('SITE_ADMIN', { siteIds: [ids.brighton] });
    documentsApi([premisesLicence, insurance]);
    const { user } = renderDocuments();
    await screen.findByText('Public liability insurance');
    expect(screen.getByLabelText('Edit Premises licence')).toBeInTheDocument();
    expect(screen.getByLabelText('Delete Premises licence')).toBeInTheDocument();
    expect(screen.queryByLabelText('Edit Public liability insurance')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Delete Public liability insurance')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('View Public liability insurance'));
    const view = await screen.findByRole('dialog', { name: 'Public liability insurance' });
    expect(await within(view).findByText('Public liability insurance.pdf')).toBeInTheDocument();
    expect(within(view).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  test('only an organisation admin may file a document for the whole organisation', async () => {
    documentsApi([]);
    const { user, unmount } = renderDocuments();
    await user.click((await screen.findAllByRole('button', { name: 'Add document' }))[0]!);
    let dialog = await screen.findByRole('dialog', { name: 'Add document' });
    await user.click(await within(dialog).findByRole('combobox', { name: /^Applies to/ }));
    expect(await screen.findByRole('option', { name: 'Whole organisation' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Manchester' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    unmount();

    signInAs('SITE_ADMIN', { siteIds: [ids.brighton] });
    renderDocuments();
    await user.click((await screen.findAllByRole('button', { name: 'Add document' }))[0]!);
    dialog = await screen.findByRole('dialog', { name: 'Add document' });
    await user.click(await within(dialog).findByRole('combobox', { name: /^Applies to/ }));
    expect(await screen.findByRole('option', { name: 'Brighton' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Whole organisation' })).not.toBeInTheDocument();
  });
});

describe('the form', () => {
  test('a new document goes in one multipart request with its files, checked before sending', async () => {
    const held = deferred<Response>();
    const api = documentsApi([], (sent) =>
      sent.path === 'document/create-new-one' ? held.promise : undefined,
    );
    const { user } = renderDocuments();
    await user.click((await screen.findAllByRole('button', { name: 'Add document' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add document' });
    await user.type(await within(dialog).findByLabelText(/^Name/), 'Premises licence');
    await user.click(within(dialog).getByRole('combobox', { name: /^Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Licence' }));
    expect(within(dialog).getByRole('combobox', { name: /^Applies to/ })).toHaveTextContent('Brighton');
    await waitFor(() => expect(dialog.querySelector('input[id$="-expiresOn"]')).not.toBeNull());
    fireEvent.change(dialog.querySelector('input[id$="-expiresOn"]')!, { target: { value: '31/12/2026' } });

    // Nothing to save without a file.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Add at least one file')).toBeInTheDocument();

    await user.upload(fileInput(dialog), [
      new File(['%PDF'], 'licence.pdf', { type: 'application/pdf' }),
      new File(['png'], 'plan.png', { type: 'image/png' }),
      new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }),
    ]);
    expect(await within(dialog).findByText(/setup\.exe is not a/)).toBeInTheDocument();
    expect(within(dialog).getByText('licence.pdf')).toBeInTheDocument();
    expect(within(dialog).getByText('plan.png')).toBeInTheDocument();
    expect(within(dialog).queryByText('setup.exe')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/^Uploading 2 files/)).toBeInTheDocument();
    const [created] = api.to('document/create-new-one');
    expect(created!.method).toBe('POST');
    expect(created!.request.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    expect(formField(created!.body, 'name')).toBe('Premises licence');
    expect(formField(created!.body, 'category')).toBe('LICENCE');
    expect(formField(created!.body, 'siteID')).toBe(ids.brighton);
    expect(formField(created!.body, 'expiresOn')).toBe('2026-12-31');
    expect(sentFiles(created!.body)).toEqual(['licence.pdf', 'plan.png']);

    held.resolve(ok(premisesLicence, 'Document added'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add document' })).not.toBeInTheDocument(),
    );
  });

  test('an edit takes files off the document, which keeps at least one', async () => {
    const twoFiles = documentOf(5, 'Fire risk assessment', {
      category: 'RISK_ASSESSMENT',
      files: [file(301, 'assessment.pdf', 'application/pdf'), file(302, 'floor-plan.png', 'image/png')],
    });
    const api = documentsApi([twoFiles], (sent) =>
      sent.path === 'document/update-one' ? ok(twoFiles, 'Document saved') : undefined,
    );
    const { user } = renderDocuments();
    await user.click(await screen.findByLabelText('Edit Fire risk assessment'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit document' });
    await user.click(await within(dialog).findByRole('button', { name: 'Remove floor-plan.png' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove assessment.pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Add at least one file')).toBeInTheDocument();
    expect(api.to('document/update-one')).toHaveLength(0);

    await user.upload(
      fileInput(dialog),
      new File(['%PDF'], 'assessment-2026.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('document/update-one')).toHaveLength(1));
    const [updated] = api.to('document/update-one');
    expect(updated!.method).toBe('PUT');
    expect(formField(updated!.body, '_id')).toBe(twoFiles._id);
    expect(JSON.parse(formField(updated!.body, 'removedFileIDs')!)).toEqual([id(301), id(302)]);
    expect(formField(updated!.body, 'siteID')).toBe(ids.brighton);
    expect(sentFiles(updated!.body)).toEqual(['assessment-2026.pdf']);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit document' })).not.toBeInTheDocument(),
    );
  });

  test('an organisation admin moves a site’s document to the whole organisation', async () => {
    const api = documentsApi([premisesLicence], (sent) =>
      sent.path === 'document/update-one' ? ok(premisesLicence, 'Document saved') : undefined,
    );
    const { user } = renderDocuments();
    await user.click(await screen.findByLabelText('Edit Premises licence'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit document' });
    await user.click(await within(dialog).findByRole('combobox', { name: /^Applies to/ }));
    await user.click(await screen.findByRole('option', { name: 'Whole organisation' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('document/update-one')).toHaveLength(1));
    const body = api.to('document/update-one')[0]!.body;
    expect(formField(body, 'siteID')).toBe('');
    expect(JSON.parse(formField(body, 'removedFileIDs')!)).toEqual([]);
    expect(sentFiles(body)).toEqual([]);
  });
});

describe('the view', () => {
  test('lists the files with their type and size: images inline, a PDF previewed in the page', async () => {
    const withFiles = documentOf(6, 'Pest control contract', {
      category: 'CONTRACT',
      files: [
        file(401, 'contract.pdf', 'application/pdf', 250 * 1024),
        file(402, 'bait-map.jpg', 'image/jpeg', 3 * 1024 * 1024),
        file(403, 'visits.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 900),
      ],
    });
    documentsApi([withFiles]);
    const { user } = renderDocuments();
    await user.click(await screen.findByLabelText('View Pest control contract'));
    const view = await screen.findByRole('dialog', { name: 'Pest control contract' });
    const files = await within(view).findByRole('list', { name: 'Files' });
    expect(within(files).getByText('PDF · 250 KB')).toBeInTheDocument();
    expect(within(files).getByText('JPEG image · 3 MB')).toBeInTheDocument();
    expect(within(files).getByText('Excel workbook · 900 B')).toBeInTheDocument();
    expect(within(files).getByRole('img', { name: 'bait-map.jpg' })).toHaveAttribute(
      'src',
      'http://files.test/bait-map.jpg',
    );
    expect(within(files).getByRole('link', { name: 'Download visits.xlsx' })).toHaveAttribute(
      'href',
      'http://files.test/visits.xlsx',
    );
    expect(within(files).getByRole('link', { name: 'Open contract.pdf in a new tab' })).toHaveAttribute(
      'target',
      '_blank',
    );

    await user.click(within(files).getByRole('button', { name: 'Preview contract.pdf' }));
    expect(within(files).getByLabelText('Preview of contract.pdf')).toHaveAttribute(
      'data',
      'http://files.test/contract.pdf',
    );
    expect(await within(view).findByText('No changes recorded yet.')).toBeInTheDocument();
  });
});

import { session } from '../session/store.js';
import { fakeApi, ids, loginResponse, ok, resetBrowserState, type Sent } from '../http/testing.js';
import type { DocumentRecord } from '../contract/documents.js';
import { documentApi } from './document-api.js';

const documentId = '0190a000-0000-7000-8000-0000000000d1';
const fileId = '0190a000-0000-7000-8000-0000000000e1';

const document: DocumentRecord = {
  _id: documentId,
  orgId: ids.org,
  siteID: null,
  siteName: null,
  timeZoneId: 'UTC',
  name: 'Public liability insurance',
  category: 'INSURANCE',
  expiresOn: null,
  expiry: 'NONE',
  daysToExpiry: null,
  note: '',
  files: [],
  createdBy: null,
  createdAt: '2025-06-10T10:00:00.000Z',
  updatedAt: '2025-06-10T10:00:00.000Z',
};

beforeEach(() => {
  resetBrowserState();
  session.signIn(loginResponse());
});

/** The multipart parts of a request, as the server reads them. */
const partsOf = (sent: Sent | undefined) =>
  new Response(sent?.body, {
    headers: { 'content-type': sent?.request.headers.get('content-type') ?? '' },
  }).formData();

test('a document and its files go in one multipart request; no site is the whole organisation', async () => {
  const api = fakeApi(() => ok(document, 'Document created'));
  const files = [
    new File(['%PDF-1.4'], 'policy.pdf', { type: 'application/pdf' }),
    new File(['a,b'], 'register.csv', { type: 'text/csv' }),
  ];
  await documentApi.create({
    siteID: null,
    name: document.name,
    category: 'INSURANCE',
    expiresOn: null,
    files,
  });
  const [sent] = api.sent;
  expect(sent).toMatchObject({ method: 'POST', path: 'document/create-new-one' });
  const form = await partsOf(sent);
  expect(form.get('name')).toBe('Public liability insurance');
  expect(form.get('siteID')).toBe('');
  expect(form.get('expiresOn')).toBe('');
  expect(form.getAll('files').map((file) => (file as File).name)).toEqual(['policy.pdf', 'register.csv']);
});

test('an update sends only what changed: null moves to the organisation or clears the expiry', async () => {
  const api = fakeApi(() => ok(document));
  await documentApi.update({ _id: documentId, name: 'Renamed' });
  const untouched = await partsOf(api.sent[0]);
  expect([...untouched.keys()].sort()).toEqual(['_id', 'name']);

  await documentApi.update({
    _id: documentId,
    siteID: null,
    expiresOn: null,
    removedFileIDs: [fileId],
    files: [new File(['x'], 'new.txt', { type: 'text/plain' })],
  });
  const form = await partsOf(api.sent[1]);
  expect(api.sent[1]).toMatchObject({ method: 'PUT', path: 'document/update-one' });
  expect(form.get('siteID')).toBe('');
  expect(form.get('expiresOn')).toBe('');
  expect(JSON.parse(String(form.get('removedFileIDs')))).toEqual([fileId]);
  expect((form.get('files') as File).name).toBe('new.txt');
});

test('the list, the view in a site’s zone, the history and the count call their routes', async () => {
  const api = fakeApi((request) =>
    request.path.endsWith('expiring-count')
      ? ok({ expiring: 2, expired: 1 })
      : request.path.includes('log-history-list')
        ? ok([])
        : request.path.includes('find-one')
          ? ok(document)
          : ok({ list: [{ ...document, totalResult: 1 }], records: 1, page: 1, limit: 10 }),
  );
  const page = await documentApi.list({
    siteID: ids.site,
    expiringWithinDays: 30,
    includeOrganisation: false,
  });
  expect(page.list[0]?.totalResult).toBe(1);
  expect(Object.fromEntries(api.sent[0]?.query ?? [])).toEqual({
    siteID: ids.site,
    expiringWithinDays: '30',
    includeOrganisation: 'false',
  });
  await documentApi.get(documentId, undefined, { siteID: ids.site });
  expect(api.sent[1]?.path).toBe(`document/find-one/${documentId}`);
  expect(Object.fromEntries(api.sent[1]?.query ?? [])).toEqual({ siteID: ids.site });
  await expect(documentApi.history(documentId)).resolves.toEqual([]);
  await expect(documentApi.expiringCount({ siteID: ids.site })).resolves.toEqual({ expiring: 2, expired: 1 });
});

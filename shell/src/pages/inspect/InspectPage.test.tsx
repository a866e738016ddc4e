import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@console/shared-sdk/router';
import { Notifications, notifyStore, session } from '@console/shared-sdk';
import {
  inspectorPagePath,
  inspectorPasscodeHeader,
  packVerifyPath,
  type InspectorRecord,
  type InspectorRow,
  type InspectorSection,
  type InspectorView,
} from '@console/shared-sdk/reports';
import {
  deferred,
  fail,
  fakeApi,
  loginResponse,
  ok,
  resetBrowserState,
  type Sent,
} from '@console/shared-sdk/testing';
import { inspectPath, inspectRoute } from './inspect-path';
import { InspectPage } from './InspectPage';

// The page an inspector link opens, without an account: the view's calls go to /inspect/{token}/..., with
// the passcode in a header when the link has one; an expired or revoked link is a 404 and the page says only
// that the link is not valid.

const token = 'tOk3n-of-the-link';
const brighton = '0190a000-0000-7000-8000-0000000000c1';
const manchester = '0190a000-0000-7000-8000-0000000000c2';
const readingId = '0190a000-0000-7000-8000-0000000000d1';

const view: InspectorView = {
  label: 'Brighton & Hove EHO, J. Patel',
  organisationName: 'Harbour Kitchens Ltd',
  sites: [
    { _id: brighton, name: 'Brighton', timeZoneId: 'Europe/London', locale: 'en-GB', temperatureUnit: 'C' },
    {
      _id: manchester,
      name: 'Manchester',
      timeZoneId: 'Europe/London',
      locale: 'en-GB',
      temperatureUnit: 'C',
    },
  ],
  startDate: '2026-01-01',
  endDate: '2026-03-31',
  // Midday UTC: the same calendar day in whatever zone the test runs in.
  expiresAt: '2026-04-30T12:00:00.000Z',
  sections: [
    { section: 'temperature', records: 120 },
    { section: 'tasks', records: 41 },
    { section: 'complianceLogs', records: 9 },
    { section: 'nearMisses', records: 2 },
    { section: 'correctiveActions', records: 3 },
    { section: 'reviews', records: 1 },
    { section: 'documents', records: 6 },
  ],
};

const row = (overrides: Partial<InspectorRow> = {}): InspectorRow => ({
  _id: readingId,
  subject: 'TemperatureLog',
  siteID: brighton,
  siteName: 'Brighton',
  at: '2026-02-03T09:15:00.000Z',
  when: '3 Feb 2026, 09:15',
  title: 'Walk-in fridge',
  status: 'Pass',
  detail: '3.1 °C, limit 5 °C',
  flagged: false,
  ...overrides,
});

const failedReading = row({
  _id: '0190a000-0000-7000-8000-0000000000d2',
  title: 'Dessert fridge',
  status: 'Fail',
  detail: '9.4 °C, limit 8 °C; moved food to another fridge',
  flagged: true,
});

const record: InspectorRecord = {
  _id: readingId,
  subject: 'TemperatureLog',
  siteName: 'Brighton',
  title: 'Walk-in fridge',
  fields: [
    { label: 'Reading', value: '3.1 °C' },
    { label: 'Result', value: 'Pass' },
  ],
  history: [
    {
      when: '3 Feb 2026, 11:02',
      action: 'Changed',
      actor: 'Olivia Owner',
      reason: 'Typed 31 instead of 3.1',
      changes: ['Reading: 31 °C → 3.1 °C', 'Result: Fail → Pass'],
    },
    { when: '3 Feb 2026, 09:15', action: 'Created', actor: 'Sam Cook', reason: null, changes: [] },
  ],
};

const base = `inspect/${token}`;
const sectionPath = (section: InspectorSection) => `${base}/section/${section}`;

interface Answers {
  /** The link's passcode; calls without it are refused with the API's 401. */
  passcode?: string;
  open?: () => Response | Promise<Response>;
  section?: (sent: Sent) => Response | Promise<Response>;
  pack?: () => Response | Promise<Response>;
}

const passcodeRefusal = () =>
  fail(401, { message: 'Enter the passcode you were given with this link', error: 'UNAUTHORIZED' });

function answer(answers: Answers = {}) {
  return fakeApi((sent) => {
    if (answers.passcode && sent.request.headers.get(inspectorPasscodeHeader) !== answers.passcode)
      return passcodeRefusal();
    if (sent.path === base) return answers.open ? answers.open() : ok(view);
    if (sent.path.startsWith(`${base}/section/`))
      return answers.section ? answers.section(sent) : ok({ list: [row(), failedReading], records: 2 });
    if (sent.path === `${base}/record/TemperatureLog/${readingId}`) return ok(record);
    if (sent.path === `${base}/pack` && answers.pack) return answers.pack();
    throw new Error(`unexpected ${sent.method} ${sent.path}`);
  });
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={[`${inspectPath}/${token}`]}>
      <Routes>
        <Route path={inspectRoute} element={<InspectPage />} />
      </Routes>
      <Notifications />
    </MemoryRouter>,
  );
}

/** The view itself, past the card shown while the link opens (which has the same title). */
const opened = () => screen.findByRole('heading', { level: 2, name: 'Records' });
const table = () => screen.findByRole('table', { name: 'Temperature readings' });

beforeEach(() => {
  resetBrowserState();
  sessionStorage.clear();
  URL.createObjectURL = jest.fn(() => 'blob:pack');
  URL.revokeObjectURL = jest.fn();
  // Saving clicks a download link, which jsdom would try to follow.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

test('the page is at the path the links are made with', () => {
  expect(inspectPath).toBe(inspectorPagePath);
});

test('opens: who it is for, what it covers, read-only, and the sections with their counts', async () => {
  const api = answer();
  renderPage();
  await opened();
  const facts = screen.getByLabelText('What this link opens');
  expect(facts).toHaveTextContent('ForBrighton & Hove EHO, J. Patel');
  expect(facts).toHaveTextContent('OrganisationHarbour Kitchens Ltd');
  expect(facts).toHaveTextContent('SitesBrighton, Manchester');
  expect(facts).toHaveTextContent('Records from1 Jan 2026 to 31 Mar 2026');
  expect(facts).toHaveTextContent(/Link expiresThu, 30 Apr 2026/);
  expect(screen.getByRole('note')).toHaveTextContent(/read-only: nothing can be changed/);
  expect(document.title).toBe('Inspection records · Compliance Console');

  const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
  expect(tabs.map((tab) => tab.textContent)).toEqual([
    'Temperature readings (120)',
    'Tasks and checklists (41)',
    'Compliance logs (9)',
    'Near misses (2)',
    'Corrective actions (3)',
    'Four-weekly reviews (1)',
    'Documents (6)',
  ]);
  expect(tabs[0]).toHaveAttribute('aria-selected', 'true');

  // The first section's rows, of both sites, each with its site.
  const rows = within(await table()).getAllByRole('row');
  expect(rows[0]).toHaveTextContent('WhenSiteRecordStatusDetail');
  expect(rows[1]).toHaveTextContent('3 Feb 2026, 09:15BrightonWalk-in fridgePass3.1 °C, limit 5 °C');
  // A flagged row says so in words, not by its colour alone.
  expect(within(rows[2]!).getByText('Flagged')).toBeInTheDocument();
  expect(within(rows[1]!).queryByText('Flagged')).not.toBeInTheDocument();
  expect(screen.getByText('2 records')).toBeInTheDocument();

  // No account and no passcode: nothing but the token in the path.
  const [first] = api.to(base);
  expect(first!.authorization).toBeNull();
  expect(first!.request.headers.get(inspectorPasscodeHeader)).toBeNull();
  const [section] = api.to(sectionPath('temperature'));
  expect(Object.fromEntries(section!.query)).toEqual({ page: '1', pageSize: '25' });
});

test('the verify page is named, and links out of the page send no referrer', async () => {
  answer();
  renderPage();
  await opened();
  const links = screen.getAllByRole('link', { name: 'the verify page' });
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) {
    expect(link).toHaveAttribute('href', packVerifyPath);
    expect(link).toHaveAttribute('rel', 'noreferrer');
  }
});

test('another tab lists its own section; the site filter narrows the rows to one site', async () => {
  const api = answer({
    section: (sent) =>
      sent.path === sectionPath('tasks')
        ? ok({
            list: [row({ subject: 'Task', title: 'Opening checks', status: 'Missed', flagged: true })],
            records: 1,
          })
        : ok({ list: [row()], records: 1 }),
  });
  const user = userEvent.setup({ delay: null });
  renderPage();
  await opened();
  await table();
  await user.click(screen.getByRole('tab', { name: 'Tasks and checklists (41)' }));
  const tasks = await screen.findByRole('table', { name: 'Tasks and checklists' });
  expect(within(tasks).getByRole('button', { name: 'Opening checks' })).toBeInTheDocument();
  expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Tasks and checklists (41)');

  await user.selectOptions(screen.getByRole('combobox', { name: 'Site' }), 'Manchester');
  await waitFor(() =>
    expect(api.to(sectionPath('tasks')).some((sent) => sent.query.get('siteID') === manchester)).toBe(true),
  );
  // One site's rows need no site column.
  await waitFor(() =>
    expect(
      within(screen.getByRole('table', { name: 'Tasks and checklists' })).getAllByRole('columnheader'),
    ).toHaveLength(4),
  );
  expect(await screen.findByText('1 record at Manchester')).toBeInTheDocument();
});

test('searching asks the server with `search`, from the first page, and says what matched', async () => {
  const api = answer({
    section: (sent) =>
      sent.query.get('search') === 'dessert'
        ? ok({ list: [failedReading], records: 1 })
        : ok({ list: [row(), failedReading], records: 60 }),
  });
  const user = userEvent.setup({ delay: null });
  renderPage();
  await opened();
  await table();
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(api.to(sectionPath('temperature')).at(-1)!.query.get('page')).toBe('2'));
  expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();

  await user.type(screen.getByRole('searchbox', { name: 'Search temperature readings' }), 'dessert');
  expect(await screen.findByText('1 record matching “dessert”')).toBeInTheDocument();
  const searched = api.to(sectionPath('temperature')).filter((sent) => sent.query.has('search'));
  // One call once typing paused, not one per key.
  expect(searched).toHaveLength(1);
  expect(Object.fromEntries(searched[0]!.query)).toEqual({ search: 'dessert', page: '1', pageSize: '25' });
  const rows = within(await table()).getAllByRole('row');
  expect(rows).toHaveLength(2);
  expect(rows[1]).toHaveTextContent('Dessert fridge');
});

test('a row opens its record: its fields and its history with who, when, why and what changed', async () => {
  const api = answer();
  const user = userEvent.setup({ delay: null });
  renderPage();
  await opened();
  await user.click(within(await table()).getByRole('button', { name: 'Walk-in fridge' }));

  const dialog = await screen.findByRole('dialog', { name: 'Walk-in fridge' });
  const fields = await within(dialog).findByLabelText('The record');
  expect(fields).toHaveTextContent('SiteBrighton');
  expect(fields).toHaveTextContent('Reading3.1 °C');
  expect(fields).toHaveTextContent('ResultPass');
  const history = within(dialog).getByRole('list', { name: 'History' });
  const entries = within(history).getAllByRole('listitem');
  expect(entries[0]).toHaveTextContent('Changed by Olivia Owner, 3 Feb 2026, 11:02');
  expect(entries[0]).toHaveTextContent('Reading: 31 °C → 3.1 °C');
  expect(entries[0]).toHaveTextContent('Result: Fail → Pass');
  expect(entries[0]).toHaveTextContent('Reason: Typed 31 instead of 3.1');
  expect(history).toHaveTextContent('Created by Sam Cook, 3 Feb 2026, 09:15');
  expect(api.to(`${base}/record/TemperatureLog/${readingId}`)).toHaveLength(1);

  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('a link with a passcode asks for it, refuses a wrong one with the API’s words, then opens', async () => {
  const api = answer({ passcode: 'tulip-4417' });
  const user = userEvent.setup({ delay: null });
  renderPage();
  const field = await screen.findByLabelText(/^Passcode/);
  expect(screen.getByText(/Enter the passcode you were given with this link/)).toBeInTheDocument();
  expect(notifyStore.getState().error).toBeNull();

  await user.type(field, 'tulip-4418');
  await user.click(screen.getByRole('button', { name: 'Open the records' }));
  await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
  expect(field).toHaveAccessibleDescription('Enter the passcode you were given with this link');
  expect(field).toHaveFocus();

  await user.clear(field);
  await user.type(field, 'tulip-4417{Enter}');
  await opened();
  await table();
  // Every call of the view carries it; the browser keeps it nowhere.
  const sentWith = (sent: Sent) => sent.request.headers.get(inspectorPasscodeHeader);
  expect(api.to(base).map(sentWith)).toEqual([null, 'tulip-4418', 'tulip-4417']);
  expect(api.to(sectionPath('temperature')).map(sentWith)).toEqual(['tulip-4417']);
  expect(JSON.stringify({ ...localStorage })).not.toContain('tulip');
  expect(JSON.stringify({ ...sessionStorage })).not.toContain('tulip');
  expect(window.location.href).not.toContain('tulip');
  expect(notifyStore.getState().error).toBeNull();
});

test('too many wrong passcodes: the API’s message, on the form', async () => {
  fakeApi((sent) =>
    sent.request.headers.get(inspectorPasscodeHeader)
      ? fail(429, {
          message: 'Too many wrong passcodes for this link from this address.',
          error: 'RATE_LIMITED',
        })
      : passcodeRefusal(),
  );
  const user = userEvent.setup({ delay: null });
  renderPage();
  await user.type(await screen.findByLabelText(/^Passcode/), 'guess-number-11{Enter}');
  expect(
    await screen.findByText('Too many wrong passcodes for this link from this address.'),
  ).toBeInTheDocument();
  expect(notifyStore.getState().error).toBeNull();
});

test('an expired or revoked link: the page says it is not valid, and nothing more', async () => {
  fakeApi(() => fail(404, { message: 'Not found', error: 'NOT_FOUND' }));
  renderPage();
  expect(
    await screen.findByText(
      'This link is not valid: it may have expired or been revoked. Ask the person who sent it for a new one.',
    ),
  ).toBeInTheDocument();
  expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  expect(screen.queryByLabelText(/^Passcode/)).not.toBeInTheDocument();
  // The page's own words, without the error pop-up's.
  expect(notifyStore.getState().error).toBeNull();
});

test('revoked while open: the next call is refused and the page says the link is not valid', async () => {
  let revoked = false;
  answer({
    open: () => (revoked ? fail(404, { message: 'Not found', error: 'NOT_FOUND' }) : ok(view)),
    section: () =>
      revoked ? fail(404, { message: 'Not found', error: 'NOT_FOUND' }) : ok({ list: [row()], records: 1 }),
  });
  const user = userEvent.setup({ delay: null });
  renderPage();
  await opened();
  await table();
  revoked = true;
  await user.click(screen.getByRole('tab', { name: 'Documents (6)' }));
  expect(await screen.findByText(/This link is not valid/)).toBeInTheDocument();
  expect(notifyStore.getState().error).toBeNull();
});

test('a site’s pack downloads with its progress, carrying the passcode, and is saved', async () => {
  const file = deferred<Response>();
  const api = answer({ passcode: 'tulip-4417', pack: () => file.promise });
  const user = userEvent.setup({ delay: null });
  renderPage();
  await user.type(await screen.findByLabelText(/^Passcode/), 'tulip-4417{Enter}');
  await opened();

  const manchesterPacks = screen.getByRole('group', { name: 'Manchester' });
  await user.click(within(manchesterPacks).getByRole('button', { name: 'Download Excel' }));
  const progress = await screen.findByRole('status', { name: 'Producing the pack' });
  expect(progress).toHaveTextContent('Producing the Excel pack of Manchester');
  expect(within(progress).getByRole('progressbar')).toBeInTheDocument();
  expect(
    within(screen.getByRole('group', { name: 'Brighton' })).getByRole('button', { name: 'Download PDF' }),
  ).toBeDisabled();
  const [sent] = api.to(`${base}/pack`);
  expect(Object.fromEntries(sent!.query)).toEqual({ siteID: manchester, format: 'EXCEL' });
  expect(sent!.request.headers.get(inspectorPasscodeHeader)).toBe('tulip-4417');

  await act(async () =>
    file.resolve(
      new Response(new Blob(['PK pack bytes']), {
        headers: { 'content-disposition': 'attachment; filename="Inspection pack - Manchester.xlsx"' },
      }),
    ),
  );
  await waitFor(() =>
    expect(notifyStore.getState().toasts.map((toast) => toast.message)).toEqual([
      'Inspection pack downloaded: Inspection pack - Manchester.xlsx',
    ]),
  );
  expect(HTMLAnchorElement.prototype.click).toHaveBeenCalled();
  await waitFor(() =>
    expect(screen.queryByRole('status', { name: 'Producing the pack' })).not.toBeInTheDocument(),
  );
});

test('while shown the page asks not to be indexed and sends no referrer; leaving it takes that back', async () => {
  answer();
  const page = renderPage();
  const meta = (name: string) => document.head.querySelector(`meta[name="${name}"]`);
  expect(meta('robots')).toHaveAttribute('content', 'noindex, nofollow');
  expect(meta('referrer')).toHaveAttribute('content', 'no-referrer');
  await opened();
  expect(meta('robots')).toHaveAttribute('content', 'noindex, nofollow');
  page.unmount();
  expect(meta('robots')).toBeNull();
  expect(meta('referrer')).toBeNull();
});

test('on a phone the rows are cards, still opening their record', async () => {
  // A screen narrower than MUI's `sm` breakpoint.
  const matchMedia = jest.fn((query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    addListener: jest.fn(),
    removeListener: jest.fn(),
    dispatchEvent: jest.fn(),
  }));
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
  try {
    answer();
    const user = userEvent.setup({ delay: null });
    renderPage();
    await opened();
    const list = await screen.findByRole('list', { name: 'Temperature readings' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards[1]).toHaveTextContent('Dessert fridge3 Feb 2026, 09:15 · BrightonFailFlagged');
    await user.click(within(cards[0]!).getByRole('button', { name: 'Walk-in fridge' }));
    expect(await screen.findByRole('dialog', { name: 'Walk-in fridge' })).toBeInTheDocument();
  } finally {
    Reflect.deleteProperty(window, 'matchMedia');
  }
});

test('signed in to the console, the link opens just the same', async () => {
  session.signIn(loginResponse());
  answer();
  renderPage();
  await opened();
  expect(within(await table()).getAllByRole('row')).toHaveLength(3);
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ThemeProvider } from '@console/shared-sdk/mui';
import { createConsoleTheme, notifyStore, selectedSite, session, siteChoices } from '@console/shared-sdk';
import {
  fail,
  fakeApi,
  gridProps,
  loginResponse,
  ok,
  onAPhone,
  renderWithRouter,
  resetBrowserState,
  setClock,
  signInAs,
  site,
  type Sent,
} from '@console/shared-sdk/testing';
import {
  noAreaLabel,
  type PortfolioAreaTotals,
  type PortfolioSite,
  type PortfolioTotals,
} from '@console/shared-sdk/sites';
import { registryStore, type RemoteState } from '../../remotes/registry';
import { dashboardViewStore } from './dashboard-view';
import { DashboardPage } from './DashboardPage';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

jest.setTimeout(60_000);

const north = { _id: '0190a000-0000-7000-8000-0000000000e1', name: 'North' };

/** A remote that publishes a site dashboard at /dashboard. */
const tasksRemote: RemoteState = {
  name: 'mfe-tasks',
  entry: '/remotes/mfe-tasks/mf-manifest.json',
  title: 'Tasks',
  status: 'described',
  metadata: {
    title: 'Tasks',
    requires: '^1.0.0',
    routes: [{ path: '/dashboard', title: 'Site dashboard', subject: 'Task', siteScoped: true }],
    menu: [],
  },
};

const noWeek = { due: 0, onTime: 0, late: 0, missed: 0, score: null, band: null };

/** A site's day as the portfolio answers it: nothing to look at unless `change` says so. */
function dayOf(change: Partial<PortfolioSite> & Pick<PortfolioSite, 'siteID' | 'name'>): PortfolioSite {
  return {
    location: site.location,
    timeZoneId: site.timeZoneId,
    locale: 'en-GB',
    temperatureUnit: 'C',
    timing: site.timing,
    openNow: false,
    area: null,
    date: '2026-01-05',
    tasks: { due: 0, done: 0, late: 0, overdue: 0, upcoming: 0 },
    temperatureFailures: 0,
    openNearMisses: 0,
    documentsExpiring: 0,
    documentsExpired: 0,
    actionsAwaitingAction: 0,
    actionsAwaitingVerification: 0,
    actionsOverdue: 0,
    reviewsDue: 0,
    actionsOpen: 0,
    sensorsOffline: 0,
    week: { startDate: '2026-01-05', endDate: '2026-01-11', ...noWeek },
    attention: 0,
    ...change,
  };
}

const quayside = dayOf({
  siteID: '01890000-0000-7000-8000-0000000000a2',
  name: 'Quayside Bar',
  location: { country: 'GB', county: null, region: 'England', city: 'Leeds' },
  area: north,
  date: '2026-01-06',
  tasks: { due: 12, done: 7, late: 1, overdue: 3, upcoming: 2 },
  temperatureFailures: 2,
  sensorsOffline: 1,
  openNearMisses: 1,
  documentsExpiring: 4,
  documentsExpired: 1,
  actionsOpen: 4,
  actionsOverdue: 2,
  week: {
    startDate: '2026-01-05',
    endDate: '2026-01-11',
    due: 20,
    onTime: 15,
    late: 1,
    missed: 4,
    score: 77.5,
    band: 'AMBER',
  },
  attention: 10,
});
const harbour = dayOf({ siteID: site._id, name: site.name });

const totalsOf = (sites: number, change: Partial<PortfolioTotals> = {}): PortfolioTotals => ({
  sites,
  sitesNeedingAttention: 1,
  openNow: 0,
  tasks: { due: 12, done: 7, late: 1, overdue: 3, upcoming: 2 },
  temperatureFailures: 2,
  sensorsOffline: 1,
  actionsOpen: 4,
  actionsOverdue: 2,
  openNearMisses: 1,
  documentsExpiring: 4,
  documentsExpired: 1,
  week: { due: 20, onTime: 15, late: 1, missed: 4, score: 77.5, band: 'AMBER' },
  attention: 10,
  ...change,
});

const areaTotals: PortfolioAreaTotals[] = [
  { ...totalsOf(1), area: north },
  {
    // A quiet site: nothing to look at but its tasks.
    ...totalsOf(1, {
      sitesNeedingAttention: 0,
      tasks: { due: 4, done: 4, late: 0, overdue: 0, upcoming: 0 },
      temperatureFailures: 0,
      sensorsOffline: 0,
      actionsOpen: 0,
      actionsOverdue: 0,
      openNearMisses: 0,
      documentsExpiring: 0,
      documentsExpired: 0,
      week: { due: 4, onTime: 4, late: 0, missed: 0, score: 100, band: 'GREEN' },
      attention: 0,
    }),
    area: null,
  },
];

/**
 * The API: the portfolio pages `days` as the server would (sorting and filtering are the server's, so the
 * tests read what was asked), with totals and areas.
 */
function answer(days: readonly PortfolioSite[] = [quayside, harbour], areas = areaTotals) {
  return fakeApi((sent: Sent) => {
    if (sent.path === 'site-panel/simple-list') return ok([]);
    if (sent.path === 'area/simple-list') return ok([{ value: north._id, label: north.name }]);
    if (sent.path === 'site-panel/portfolio') {
      const page = Number(sent.query.get('page') ?? 1);
      const limit = Number(sent.query.get('limit') ?? 10);
      return ok({
        list: days.slice((page - 1) * limit, page * limit),
        records: days.length,
        page,
        limit,
        totals: totalsOf(days.length),
        areas,
      });
    }
    throw new Error(`unexpected ${sent.path}`);
  });
}

const portfolioCalls = (api: ReturnType<typeof fakeApi>) => api.to('site-panel/portfolio');
const lastQuery = (api: ReturnType<typeof fakeApi>) => portfolioCalls(api).at(-1)!.query;

function renderOverview(url = '/dashboard') {
  const user = userEvent.setup({ delay: null });
  return { user, ...renderWithRouter(<DashboardPage gridProps={gridProps} />, url) };
}

const grid = () => screen.findByRole('grid', { name: 'Sites' });
/** The grid's rows of sites, once the answer is in (its header row left out). */
async function siteRows() {
  const table = await grid();
  await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
  return within(table).getAllByRole('row').slice(1);
}

beforeEach(() => {
  resetBrowserState();
  session.signIn(loginResponse());
  registryStore.setState({ listed: true, remotes: [tasksRemote] });
  // A Tuesday morning: the kit's sites open on Mondays only, so they read "Closed now" whatever day the
  // tests run on (a test of opening hours sets its own clock).
  setClock('2026-01-06T10:00:00Z');
});
afterEach(() => jest.useRealTimers());

test('one dense row per site, every column named whole for a screen reader, 25 to a page, most attention first', async () => {
  const api = answer();
  renderOverview();
  const rows = await siteRows();
  expect(rows).toHaveLength(2);
  // Each header shows a few words; its name to a screen reader (and its tooltip) begins with them and says
  // the rest.
  const columns: [string, string][] = [
    ['Site', ': its name, its area (or, in none, its town) and whether it is open now'],
    ['Tasks done', ' today, of those due today'],
    ['Overdue', ": today's tasks expired and not done"],
    ['Failed readings', ": today's temperature readings outside their limits"],
    ['Sensors offline', ' now: wireless sensors not reporting'],
    [
      'Actions open',
      ': corrective actions awaiting action or awaiting verification, and how many of them are overdue',
    ],
    ['Near misses', ' reported or under investigation'],
    ['Documents', ' expired, and documents expiring within 30 days'],
    ['This week', "'s score (Monday to Sunday, of what is due so far) and its band"],
  ];
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const headers = within(await grid()).getAllByRole('columnheader');
  expect(headers).toHaveLength(columns.length);
  headers.forEach((header, index) => {
    const [shown, more] = columns[index]!;
    expect(within(header).getByText(shown)).toBeVisible();
    // (The words shown and the rest are two elements, which a name may join with a space.)
    expect(header).toHaveAccessibleName(new RegExp(`^${escaped(shown)} ?${escaped(more.trim())}$`));
  });

  await userEvent.hover(within(headers[3]!).getByText('Failed readings'));
  expect(await screen.findByRole('tooltip')).toHaveTextContent(
    "Failed readings: today's temperature readings outside their limits",
  );

  const quaysideRow = rows[0]!;
  expect(within(quaysideRow).getByRole('button', { name: /^Quayside Bar \(Leeds\)/ })).toBeInTheDocument();
  // Its area and whether it is open, on one short line.
  expect(within(quaysideRow).getByTitle(/Area: North/)).toHaveTextContent('Closed now · North');
  expect(within(quaysideRow).getByText('7 of 12')).toBeInTheDocument();
  expect(within(quaysideRow).getByText('77.5')).toBeInTheDocument();
  expect(within(quaysideRow).getByText('Needs attention')).toBeInTheDocument();
  // A site in no area says where it is instead.
  expect(within(rows[1]!).getByTitle(/Bristol, GB$/)).toHaveTextContent('Closed now · Bristol, GB');

  // The first call asks for the first 25, most attention first (the API's default: nothing to send).
  const query = lastQuery(api);
  expect(query.get('limit')).toBe('25');
  expect(query.get('page')).toBe('1');
  expect(query.get('sort')).toBe('-attention');
});

test('what needs attention stands out by more than its colour, and each figure opens its list for that site', async () => {
  answer();
  renderOverview();
  const [quaysideRow, harbourRow] = await siteRows();
  const overdue = within(quaysideRow!).getByRole('link', { name: '3 tasks overdue today at Quayside Bar' });
  expect(overdue).toHaveStyle({ fontWeight: 700 });
  // A mark beside the red, hidden from screen readers (the link's words say it).
  expect(overdue.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  // Nothing to see is muted and unmarked.
  const none = within(harbourRow!).getByRole('link', { name: '0 tasks overdue today at Harbour Kitchen' });
  expect(none).not.toHaveStyle({ fontWeight: 700 });
  expect(none.querySelector('svg')).toBeNull();

  const links: [string, string][] = [
    ['7 of 12 tasks done today at Quayside Bar', '/dashboard/task?taskListDate=2026-01-06'],
    ['3 tasks overdue today at Quayside Bar', '/dashboard/task?taskListDate=2026-01-06&status=INCOMPLETE'],
    [
      '2 failed temperature readings today at Quayside Bar',
      '/dashboard/temperatureLog?result=FAIL&startDate=2026-01-06&endDate=2026-01-06',
    ],
    ['1 sensor offline now at Quayside Bar', '/dashboard/sensors'],
    [
      '4 corrective actions awaiting action or awaiting verification at Quayside Bar',
      `/dashboard/correctiveAction?siteID=${quayside.siteID}`,
    ],
    [
      '2 overdue corrective actions at Quayside Bar',
      `/dashboard/correctiveAction?overdue=true&siteID=${quayside.siteID}`,
    ],
    ['1 near miss open at Quayside Bar', '/dashboard/nearMiss'],
    ['1 expired document at Quayside Bar', '/dashboard/documentmanagement?expiry=EXPIRED'],
    ['4 expiring documents, within 30 days, at Quayside Bar', '/dashboard/documentmanagement?expiring=30'],
    ["77.5 Needs attention, this week's score at Quayside Bar", `/dashboard/reports?site=${quayside.siteID}`],
  ];
  for (const [name, href] of links)
    expect(within(quaysideRow!).getByRole('link', { name })).toHaveAttribute('href', href);

  // The selected site was another; the figure opens Quayside's list.
  await userEvent.click(
    within(quaysideRow!).getByRole('link', { name: '1 sensor offline now at Quayside Bar' }),
  );
  expect(selectedSite.get()).toMatchObject({
    selectedSiteID: quayside.siteID,
    selectedSiteLabel: 'Quayside Bar (Leeds)',
  });
});

test("a site's name, or its row, opens its dashboard", async () => {
  answer();
  const { user } = renderOverview();
  const [quaysideRow, harbourRow] = await siteRows();
  act(() => dashboardViewStore.getState().setAllSites(true));
  await user.click(within(quaysideRow!).getByRole('button', { name: /^Quayside Bar/ }));
  expect(selectedSite.get().selectedSiteID).toBe(quayside.siteID);
  expect(dashboardViewStore.getState().allSites).toBe(false);

  act(() => dashboardViewStore.getState().setAllSites(true));
  // Anywhere in the row but its links and buttons.
  await user.click(within(harbourRow!).getByTitle(/Bristol, GB$/));
  expect(selectedSite.get().selectedSiteID).toBe(harbour.siteID);
  expect(dashboardViewStore.getState().allSites).toBe(false);
});

test('a heading sorts the API’s answer by its column, most first, and the URL keeps it', async () => {
  const api = answer();
  const { user, params } = renderOverview();
  await siteRows();
  await user.click(screen.getByRole('columnheader', { name: /^Overdue/ }));
  await waitFor(() => expect(lastQuery(api).get('sort')).toBe('-overdue'));
  await waitFor(() => expect(params().get('sort')).toBe('-overdue'));
  await user.click(screen.getByRole('columnheader', { name: /^Overdue/ }));
  await waitFor(() => expect(lastQuery(api).get('sort')).toBe('overdue'));
  await user.click(screen.getByRole('columnheader', { name: /^Site/ }));
  await waitFor(() => expect(lastQuery(api).get('sort')).toBe('name'));
  await waitFor(() => expect(params().get('sort')).toBe('name'));
});

test('a sort, filters, a search and a page in the URL are what is asked for', async () => {
  const api = answer();
  renderOverview(
    `/dashboard?sort=-score&band=RED&areaID=NONE&needsAttention=true&search=quay&page=2&limit=50`,
  );
  await grid();
  const query = lastQuery(api);
  expect(Object.fromEntries(query)).toEqual({
    sort: '-score',
    band: 'RED',
    areaID: 'NONE',
    needsAttention: 'true',
    search: 'quay',
    page: '2',
    limit: '50',
  });
});

test('the filters and the search go to the call and to the URL, each with a chip that clears it', async () => {
  const api = answer();
  const { user, params } = renderOverview();
  await siteRows();

  await user.click(screen.getByRole('combobox', { name: "This week's band" }));
  await user.click(await screen.findByRole('option', { name: 'Poor' }));
  await waitFor(() => expect(lastQuery(api).get('band')).toBe('RED'));
  await waitFor(() => expect(params().get('band')).toBe('RED'));

  await user.click(screen.getByRole('combobox', { name: 'Area' }));
  expect(await screen.findByRole('option', { name: noAreaLabel })).toBeInTheDocument();
  await user.click(screen.getByRole('option', { name: 'North' }));
  await waitFor(() => expect(lastQuery(api).get('areaID')).toBe(north._id));
  await waitFor(() => expect(params().get('areaID')).toBe(north._id));

  await user.click(screen.getByRole('switch', { name: 'Needs attention' }));
  await waitFor(() => expect(lastQuery(api).get('needsAttention')).toBe('true'));
  await waitFor(() => expect(params().get('needsAttention')).toBe('true'));

  await user.type(screen.getByRole('searchbox', { name: 'Search sites or areas' }), 'quay');
  await waitFor(() => expect(lastQuery(api).get('search')).toBe('quay'));
  await waitFor(() => expect(params().get('search')).toBe('quay'));
  // A change of filter starts again at the first page.
  expect(lastQuery(api).get('page')).toBe('1');

  const chips = screen.getByRole('group', { name: 'Active filters' });
  expect(within(chips).getByRole('button', { name: 'Clear Area: North' })).toBeInTheDocument();
  await user.click(within(chips).getByRole('button', { name: 'Clear all' }));
  await waitFor(() => expect(params().toString()).toBe(''));
  expect(lastQuery(api).get('band')).toBeNull();
});

test('pages of 25, 50 or 100, the page in the URL', async () => {
  const many = Array.from({ length: 30 }, (_, index) =>
    dayOf({
      siteID: `01890000-0000-7000-8000-${String(index).padStart(12, '0')}`,
      name: `Site ${String(index + 1).padStart(2, '0')}`,
    }),
  );
  const api = answer(many);
  const { user, params } = renderOverview();
  expect(await siteRows()).toHaveLength(25);
  await user.click(screen.getByRole('button', { name: 'Go to next page' }));
  await waitFor(() => expect(lastQuery(api).get('page')).toBe('2'));
  await waitFor(() => expect(params().get('page')).toBe('2'));
  expect(await within(await grid()).findByText('Site 26')).toBeInTheDocument();

  await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
  const sizes = within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);
  expect(sizes).toEqual(['25', '50', '100']);
  await user.click(screen.getByRole('option', { name: '50' }));
  await waitFor(() => expect(lastQuery(api).get('limit')).toBe('50'));
  await waitFor(() => expect(params().get('limit')).toBe('50'));
  expect(lastQuery(api).get('page')).toBe('1');
});

test('grouped by area: each area’s totals, one line each, choosing one shows its sites, again shows all', async () => {
  const api = answer();
  const { user, params } = renderOverview();
  await siteRows();
  // Every matching site's totals, whether grouped or not.
  const totals = screen.getByRole('group', { name: 'Totals' });
  expect(within(totals).getByText('Your 2 sites, 1 needing attention, 0 open now')).toBeInTheDocument();
  const figures = within(totals).getByRole('list', { name: 'Figures of your sites' });
  expect(
    within(figures)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    '7 of 12 tasks done',
    '3 overdue',
    '2 failed readings',
    '1 sensor offline',
    '4 corrective actions open, 2 overdue',
    '1 open near miss',
    '1 document expired, 4 expiring',
    'This week 77.5 Needs attention',
  ]);
  // What needs acting on is marked beside its red; the rest is not.
  expect(within(figures).getByText('3 overdue').closest('li')?.querySelector('svg')).not.toBeNull();
  expect(within(figures).getByText('7 of 12 tasks done').closest('li')?.querySelector('svg')).toBeNull();

  expect(screen.queryByRole('list', { name: 'Areas' })).toBeNull();
  await user.click(screen.getByRole('switch', { name: 'Group by area' }));
  await waitFor(() => expect(params().get('group')).toBe('area'));
  const areas = screen.getByRole('list', { name: 'Areas' });
  const lines = within(areas).getAllByRole('button');
  expect(lines.map((line) => line.textContent)).toEqual([
    expect.stringMatching(/^North1 site, 1 needing attention, 0 open now7 of 12 tasks done3 overdue/),
    // Only what counts something there: no line of zeros.
    `${noAreaLabel}1 site, 0 needing attention, 0 open now4 of 4 tasks doneThis week 100 Good`,
  ]);

  await user.click(lines[1]!);
  await waitFor(() => expect(lastQuery(api).get('areaID')).toBe('NONE'));
  await waitFor(() => expect(params().get('areaID')).toBe('NONE'));
  expect(within(areas).getAllByRole('button')[1]).toHaveAttribute('aria-pressed', 'true');

  await user.click(within(areas).getAllByRole('button')[1]!);
  await waitFor(() => expect(lastQuery(api).get('areaID')).toBeNull());
  await waitFor(() => expect(params().get('areaID')).toBeNull());
});

test('an organisation without areas is offered no grouping', async () => {
  answer([quayside, harbour], []);
  renderOverview();
  await siteRows();
  expect(screen.queryByRole('switch', { name: 'Group by area' })).toBeNull();
});

test('no sites yet: the way to add one, and no filters over nothing', async () => {
  answer([]);
  renderOverview();
  expect(
    await screen.findByText('No sites yet. Add your first site to start scheduling checks.'),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Add a site' })).toHaveAttribute('href', '/dashboard/sites?create');
  expect(screen.queryByRole('searchbox')).toBeNull();
  expect(screen.queryByRole('grid')).toBeNull();
});

test('a site admin with no sites is told who adds them', async () => {
  answer([]);
  signInAs('SITE_ADMIN');
  renderOverview();
  expect(await screen.findByText(/^No sites yet\. An organisation admin adds sites/)).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Add a site' })).toBeNull();
});

test('filters that match nothing say so, and clearing them shows every site again', async () => {
  const fake = fakeApi((sent: Sent) => {
    if (sent.path === 'area/simple-list') return ok([]);
    if (sent.path === 'site-panel/portfolio') {
      const days = sent.query.get('band') ? [] : [harbour];
      return ok({
        list: days,
        records: days.length,
        page: 1,
        limit: 25,
        totals: totalsOf(days.length),
        areas: [],
      });
    }
    return ok([]);
  });
  const { user, params } = renderOverview('/dashboard?band=GREEN&search=zz');
  expect(await screen.findByText('No sites match these filters.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Clear filters' }));
  expect(await siteRows()).toHaveLength(1);
  await waitFor(() => expect(params().toString()).toBe(''));
  expect(fake.to('site-panel/portfolio').at(-1)!.query.get('search')).toBeNull();
});

test('a failure shows the error pop-up, and the list offers to try again', async () => {
  let failing = true;
  fakeApi((sent: Sent) => {
    if (sent.path === 'site-panel/portfolio')
      return failing
        ? fail(500, { message: 'Something went wrong', error: 'INTERNAL' })
        : ok({ list: [harbour], records: 1, page: 1, limit: 25, totals: totalsOf(1), areas: [] });
    return ok([]);
  });
  const { user } = renderOverview();
  expect(await screen.findByText('Your sites could not be loaded.')).toBeInTheDocument();
  await waitFor(() => expect(notifyStore.getState().error).not.toBeNull());
  failing = false;
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await siteRows()).toHaveLength(1);
});

describe('on a phone', () => {
  onAPhone();

  test('each site is a compact card with the same figures, and more load below', async () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      dayOf({
        siteID: `01890000-0000-7000-8000-${String(index).padStart(12, '0')}`,
        name: `Site ${String(index + 1).padStart(2, '0')}`,
      }),
    );
    const api = answer([quayside, ...many]);
    const { user } = renderOverview();
    const card = (await screen.findByRole('heading', { name: 'Quayside Bar' })).closest('li')!;
    expect(screen.queryByRole('grid')).toBeNull();
    expect(within(card).getByTitle(/Area: North/)).toHaveTextContent('Closed now · North');
    expect(
      within(card).getByRole('link', { name: '3 tasks overdue today at Quayside Bar' }),
    ).toBeInTheDocument();
    expect(
      within(card).getByRole('link', { name: '1 sensor offline now at Quayside Bar' }),
    ).toBeInTheDocument();
    expect(within(card).getByText('Documents')).toBeInTheDocument();
    // Every link and the button are targets a finger can hit.
    for (const link of within(card).getAllByRole('link'))
      expect(link).toHaveStyle({ minHeight: '24px', minWidth: '24px' });

    await user.click(within(card).getByRole('button', { name: 'Open the dashboard of Quayside Bar' }));
    expect(selectedSite.get().selectedSiteID).toBe(quayside.siteID);

    await user.click(screen.getByRole('button', { name: /^Load more \(25 of 31\)/ }));
    expect(await screen.findByRole('heading', { name: 'Site 30' })).toBeInTheDocument();
    expect(lastQuery(api).get('page')).toBe('2');
  });
});

describe("each site's hours on its own clock", () => {
  // Open 08:00 to 23:30 every day.
  const evenings = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    day,
    isOpen: true,
    openTime: '08:00',
    closeTime: '23:30',
  }));
  const brooklyn = dayOf({
    siteID: '01890000-0000-7000-8000-0000000000a3',
    name: 'Harbour Kitchen Brooklyn',
    location: { country: 'US', county: null, region: 'New York', city: 'Brooklyn' },
    timeZoneId: 'America/New_York',
    locale: 'en-US',
    temperatureUnit: 'F',
    timing: evenings,
  });
  const leeds = dayOf({ ...quayside, timing: evenings });

  // Tuesday 6 January 2026 at noon in New York, 17:00 in Leeds.
  beforeEach(() => setClock('2026-01-06T17:00:00Z'));
  afterEach(() => jest.useRealTimers());

  test('an American site reads on a 12-hour clock and a British one on a 24-hour clock', async () => {
    answer([brooklyn, leeds]);
    renderOverview();
    const [american, british] = await siteRows();
    expect(
      within(american!).getByRole('button', {
        name: 'Harbour Kitchen Brooklyn (Brooklyn): Open now · closes at 11:30 PM',
      }),
    ).toBeInTheDocument();
    expect(
      within(american!)
        .getByText(/Open now/)
        .closest('[title]'),
    ).toHaveAttribute('title', 'Open now · closes at 11:30 PM · 8:00 AM–11:30 PM · Brooklyn, US');
    expect(
      within(british!)
        .getByText(/Open now/)
        .closest('[title]'),
    ).toHaveAttribute('title', 'Open now · closes at 23:30 · 08:00–23:30 · Area: North · Leeds, GB');
  });

  test('a site the site list does not hold yet opens with the unit and locale the portfolio gives', async () => {
    answer([brooklyn, leeds]);
    const { user } = renderOverview();
    const [american] = await siteRows();
    await user.click(
      within(american!).getByRole('button', { name: /^Harbour Kitchen Brooklyn \(Brooklyn\)/ }),
    );
    expect(selectedSite.get()).toMatchObject({
      selectedSiteID: brooklyn.siteID,
      selectedSiteUnit: 'F',
      selectedSiteLocale: 'en-US',
    });
  });
});

test('a site open around the clock says so, and never "closes at 00:00"', async () => {
  const allDay = dayOf({
    ...quayside,
    timing: [0, 1, 2, 3, 4, 5, 6].map((day) => ({
      day,
      isOpen: true,
      openTime: '00:00',
      closeTime: '00:00',
    })),
  });
  answer([allDay]);
  renderOverview();
  const [row] = await siteRows();
  expect(
    within(row!).getByRole('button', { name: 'Quayside Bar (Leeds): Open now, around the clock' }),
  ).toBeInTheDocument();
  expect(within(row!).getByTitle(/Area: North/)).toHaveTextContent('Open now · North');
  expect(document.body.textContent).not.toMatch(/00:00/);
});

test('a figure opens a site the site list holds with the unit and date format the list gives', async () => {
  const brooklyn = dayOf({
    siteID: '01890000-0000-7000-8000-0000000000a3',
    name: 'Harbour Kitchen Brooklyn',
    location: { country: 'US', county: null, region: 'New York', city: 'Brooklyn' },
    timeZoneId: 'America/New_York',
    tasks: { due: 4, done: 1, late: 0, overdue: 1, upcoming: 2 },
    attention: 1,
  });
  fakeApi((sent: Sent) => {
    if (sent.path === 'site-panel/simple-list')
      return ok([
        {
          _id: brooklyn.siteID,
          name: brooklyn.name,
          location: brooklyn.location,
          timeZoneId: brooklyn.timeZoneId,
          jurisdiction: 'US-NYC',
          temperatureUnit: 'F',
          locale: 'en-US',
        },
      ]);
    if (sent.path === 'site-panel/portfolio')
      return ok({ list: [brooklyn], records: 1, page: 1, limit: 25, totals: totalsOf(1), areas: [] });
    return ok([]);
  });
  // The site list, as the navbar's selector has loaded it.
  await act(async () => siteChoices.load());
  await waitFor(() => expect(siteChoices.get().status).toBe('ready'));
  const { user } = renderOverview();
  await user.click(
    await screen.findByRole('link', { name: '1 task overdue today at Harbour Kitchen Brooklyn' }),
  );
  expect(selectedSite.get()).toMatchObject({
    selectedSiteID: brooklyn.siteID,
    selectedSiteTimezone: 'America/New_York',
    selectedSiteUnit: 'F',
    selectedSiteLocale: 'en-US',
  });
});

test('right to left, opening hours and counts still read left to right', async () => {
  // As the shell's theme root does for a right-to-left choice: the page's direction and the theme's.
  document.documentElement.dir = 'rtl';
  try {
    answer();
    renderWithRouter(
      <ThemeProvider theme={createConsoleTheme({ direction: 'rtl' })}>
        <DashboardPage gridProps={gridProps} />
      </ThemeProvider>,
      '/dashboard',
    );
    await siteRows();
    // Each run is isolated left to right, so a right-to-left page cannot move a count to the far end of
    // its words.
    const ltrRuns = [...document.querySelectorAll('bdi[dir="ltr"]')].map((run) => run.textContent);
    expect(ltrRuns).toEqual(expect.arrayContaining(['7 of 12', '77.5', '2 overdue', '1 expired']));
  } finally {
    document.documentElement.dir = '';
  }
});

import { render, screen, within, type RenderOptions } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ThemeProvider } from '@console/shared-sdk/mui';
import { MemoryRouter } from '@console/shared-sdk/router';
import { createConsoleTheme, defineRulesFor, selectedSite, session, SiteSelector } from '@console/shared-sdk';
import {
  fakeApi,
  loginResponse,
  ok,
  resetBrowserState,
  setClock,
  site,
  type Sent,
} from '@console/shared-sdk/testing';
import { correctiveActionStateLabels } from '@console/shared-sdk/contract';
import type { PortfolioSite } from '@console/shared-sdk/sites';
import { registryStore, type RemoteState } from '../../remotes/registry';
import { dashboardViewStore, useDashboardView } from './dashboard-view';
import { DashboardIndex } from './DashboardIndex';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const siteOption = {
  _id: site._id,
  name: site.name,
  location: site.location,
  timeZoneId: site.timeZoneId,
};

/** A remote that publishes a site dashboard at /dashboard, loaded. */
const tasksRemote: RemoteState = {
  name: 'mfe-tasks',
  entry: '/remotes/mfe-tasks/mf-manifest.json',
  title: 'Tasks',
  status: 'ready',
  metadata: {
    title: 'Tasks',
    requires: '^1.0.0',
    routes: [{ path: '/dashboard', title: 'Site dashboard', subject: 'Task', siteScoped: true }],
    menu: [],
  },
  module: { screens: { '/dashboard': () => <h1>Harbour Kitchen this week</h1> } },
};

/** A site's day as the portfolio answers it: nothing to look at unless `change` says so. */
function dayOf(change: Partial<PortfolioSite> & Pick<PortfolioSite, 'siteID' | 'name'>): PortfolioSite {
  return {
    location: site.location,
    timeZoneId: site.timeZoneId,
    locale: 'en-GB',
    temperatureUnit: 'C',
    timing: site.timing,
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
    week: {
      startDate: '2026-01-05',
      endDate: '2026-01-11',
      due: 0,
      onTime: 0,
      late: 0,
      missed: 0,
      score: null,
      band: null,
    },
    attention: 0,
    ...change,
  };
}

const harbourDay = dayOf({ siteID: site._id, name: site.name });

function answerSites(days: readonly PortfolioSite[] = [harbourDay]) {
  return fakeApi((sent: Sent) => {
    if (sent.path === 'site-panel/simple-list') return ok([siteOption]);
    if (sent.path === 'site-panel/portfolio') return ok({ list: days, records: days.length });
    throw new Error(`unexpected ${sent.path}`);
  });
}

/** The dashboard with the navbar's selector, as the layout shows them together on /dashboard. */
function Dashboard() {
  const allSites = useDashboardView((s) => s.allSites);
  const setAllSites = useDashboardView((s) => s.setAllSites);
  return (
    <MemoryRouter initialEntries={['/dashboard']}>
      <SiteSelector allSites={{ chosen: allSites, onChange: setAllSites }} />
      <DashboardIndex />
    </MemoryRouter>
  );
}

beforeEach(() => {
  resetBrowserState();
  dashboardViewStore.setState({ allSites: false });
  session.signIn(loginResponse());
});

test('with a site selected, /dashboard shows the site dashboard a remote publishes; "All sites" the overview', async () => {
  answerSites();
  registryStore.setState({ listed: true, remotes: [tasksRemote] });
  render(<Dashboard />);
  expect(await screen.findByRole('heading', { name: 'Harbour Kitchen this week' })).toBeInTheDocument();
  expect(selectedSite.get().selectedSiteID).toBe(site._id);

  await userEvent.click(screen.getByRole('combobox', { name: 'Site' }));
  await userEvent.click(await screen.findByRole('option', { name: 'All sites' }));
  expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Harbour Kitchen this week' })).toBeNull();
  expect(localStorage.getItem('dashboardAllSites')).toBe('true');

  // A site's card on the overview opens that site's dashboard.
  await userEvent.click(await screen.findByRole('button', { name: /^Harbour Kitchen \(Bristol\)/ }));
  expect(await screen.findByRole('heading', { name: 'Harbour Kitchen this week' })).toBeInTheDocument();
});

test('without a remote that publishes a site dashboard, /dashboard is the overview', async () => {
  answerSites();
  registryStore.setState({ listed: true, remotes: [] });
  render(<Dashboard />);
  expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
});

test('a user who may not read the site dashboard gets the overview', async () => {
  answerSites();
  const unreadable: RemoteState = {
    ...tasksRemote,
    metadata: {
      ...tasksRemote.metadata!,
      routes: [{ ...tasksRemote.metadata!.routes[0]!, subject: 'User' }],
    },
  };
  const response = loginResponse({ role: 'SITE_ADMIN' });
  const { userID, role, orgId } = response.userData;
  const rules = defineRulesFor({ userID, role, orgId, siteIds: [site._id] });
  session.signIn({ ...response, userData: { ...response.userData, siteIds: [site._id], ability: rules } });
  registryStore.setState({ listed: true, remotes: [unreadable] });
  render(<Dashboard />);
  expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
});

describe('the overview of every site', () => {
  const quayside = dayOf({
    siteID: '01890000-0000-7000-8000-0000000000a2',
    name: 'Quayside Bar',
    location: { country: 'GB', county: null, region: 'England', city: 'Leeds' },
    timeZoneId: 'Europe/London',
    // Open around the clock: never "Closes at 00:00".
    timing: [0, 1, 2, 3, 4, 5, 6].map((day) => ({
      day,
      isOpen: true,
      openTime: '00:00',
      closeTime: '00:00',
    })),
    date: '2026-01-06',
    tasks: { due: 12, done: 7, late: 1, overdue: 3, upcoming: 2 },
    temperatureFailures: 2,
    openNearMisses: 1,
    documentsExpiring: 4,
    documentsExpired: 1,
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
    attention: 7,
  });

  function renderOverview(days: readonly PortfolioSite[], options?: RenderOptions) {
    answerSites(days);
    registryStore.setState({ listed: true, remotes: [tasksRemote] });
    dashboardViewStore.setState({ allSites: true });
    return render(<Dashboard />, options);
  }

  test("shows each site's day in the API's order, most attention first", async () => {
    renderOverview([quayside, harbourDay]);
    const table = await screen.findByRole('table', { name: /most attention first/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      expect.stringMatching(/^Quayside Bar/),
      expect.stringMatching(/^Harbour Kitchen/),
    ]);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Site',
      'Tasks done',
      'Overdue',
      'Failed readings',
      'Open near misses',
      'Corrective actions',
      'Documents expired',
      'Expiring in 30 days',
      'This week',
    ]);
    expect(within(rows[0]!).getByText('7 of 12')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('77.5 · Needs attention')).toBeInTheDocument();
    expect(screen.getByText(/2 sites today, 1 needing attention/)).toBeInTheDocument();
  });

  test('each figure opens its list for that site', async () => {
    renderOverview([quayside, harbourDay]);
    const links: [string, string][] = [
      ['7 of 12 tasks done today at Quayside Bar', '/dashboard/task?taskListDate=2026-01-06'],
      ['3 tasks overdue today at Quayside Bar', '/dashboard/task?taskListDate=2026-01-06&status=INCOMPLETE'],
      [
        '2 failed temperature readings today at Quayside Bar',
        '/dashboard/temperatureLog?result=FAIL&startDate=2026-01-06&endDate=2026-01-06',
      ],
      ['1 near miss open at Quayside Bar', '/dashboard/nearMiss'],
      ['1 document has expired at Quayside Bar', '/dashboard/documentmanagement?expiry=EXPIRED'],
      ['4 documents expire within 30 days at Quayside Bar', '/dashboard/documentmanagement?expiring=30'],
      [
        "This week's score at Quayside Bar: 77.5, Needs attention",
        `/dashboard/reports?site=${quayside.siteID}`,
      ],
    ];
    for (const [name, href] of links) {
      expect(await screen.findByRole('link', { name })).toHaveAttribute('href', href);
    }
    // The selected site was Harbour Kitchen; the overdue figure opens Quayside's list.
    await userEvent.click(screen.getByRole('link', { name: '3 tasks overdue today at Quayside Bar' }));
    expect(selectedSite.get()).toMatchObject({
      selectedSiteID: quayside.siteID,
      selectedSiteLabel: 'Quayside Bar (Leeds)',
    });
  });

  test("each site's corrective actions by where they stand, each opening the actions screen so filtered", async () => {
    const withActions = dayOf({
      ...quayside,
      actionsAwaitingAction: 3,
      actionsOverdue: 2,
      actionsAwaitingVerification: 1,
    });
    const verifying = dayOf({
      siteID: '01890000-0000-7000-8000-0000000000a4',
      name: 'Canal Street Deli',
      actionsAwaitingVerification: 2,
    });
    renderOverview([withActions, verifying, harbourDay]);
    const table = await screen.findByRole('table', { name: /most attention first/ });
    const [quaysideRow, deliRow, harbourRow] = within(table).getAllByRole('row').slice(1);
    const siteParam = (id: string) => `siteID=${id}`;
    const cellLinks = (row: HTMLElement) =>
      within(row)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('href')?.startsWith('/dashboard/correctiveAction'))
        .map((link) => [link.textContent, link.getAttribute('aria-label'), link.getAttribute('href')]);

    // The contract's words for the states, lower case in a sentence.
    const [open, recorded] = [
      correctiveActionStateLabels.OPEN.toLowerCase(),
      correctiveActionStateLabels.ACTION_RECORDED.toLowerCase(),
    ];
    expect(cellLinks(quaysideRow!)).toEqual([
      [
        `3 ${open}`,
        `3 corrective actions ${open} at Quayside Bar`,
        `/dashboard/correctiveAction?state=OPEN&${siteParam(quayside.siteID)}`,
      ],
      [
        '2 overdue',
        '2 corrective actions overdue at Quayside Bar',
        `/dashboard/correctiveAction?overdue=true&${siteParam(quayside.siteID)}`,
      ],
      [
        `1 ${recorded}`,
        `1 corrective action ${recorded} at Quayside Bar`,
        `/dashboard/correctiveAction?state=ACTION_RECORDED&${siteParam(quayside.siteID)}`,
      ],
    ]);
    // Overdue actions are something to act on now, as the other red figures.
    expect(within(quaysideRow!).getByRole('link', { name: /overdue at Quayside Bar/ })).toHaveStyle({
      fontWeight: 700,
    });
    expect(
      within(quaysideRow!).getByRole('link', { name: /awaiting action at Quayside Bar/ }),
    ).not.toHaveStyle({ fontWeight: 700 });
    // Only what a site has is listed; a site with none says so.
    expect(cellLinks(deliRow!)).toEqual([
      [
        `2 ${recorded}`,
        `2 corrective actions ${recorded} at Canal Street Deli`,
        `/dashboard/correctiveAction?state=ACTION_RECORDED&${siteParam(verifying.siteID)}`,
      ],
    ]);
    expect(cellLinks(harbourRow!)).toEqual([
      [
        'None',
        'No corrective actions to do or to verify at Harbour Kitchen',
        `/dashboard/correctiveAction?${siteParam(site._id)}`,
      ],
    ]);
    // The totals of every site, the overdue ones among them.
    expect(
      screen.getByText(
        'Across your sites: 3 corrective actions awaiting action, 2 of them overdue; 3 awaiting verification.',
      ),
    ).toBeInTheDocument();

    await userEvent.click(within(deliRow!).getByRole('link', { name: /awaiting verification/ }));
    expect(selectedSite.get()).toMatchObject({ selectedSiteID: verifying.siteID });
  });

  test('with no corrective actions anywhere, the overview adds no totals line', async () => {
    renderOverview([quayside, harbourDay]);
    await screen.findByRole('table', { name: /most attention first/ });
    expect(screen.queryByText(/^Across your sites/)).toBeNull();
    expect(
      screen.getByText(/expired documents and overdue corrective actions come first/),
    ).toBeInTheDocument();
  });

  test('a figure opens an American site with its unit and date format from the site list', async () => {
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
          siteOption,
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
      if (sent.path === 'site-panel/portfolio') return ok({ list: [brooklyn, harbourDay], records: 2 });
      throw new Error(`unexpected ${sent.path}`);
    });
    registryStore.setState({ listed: true, remotes: [tasksRemote] });
    dashboardViewStore.setState({ allSites: true });
    render(<Dashboard />);
    await userEvent.click(
      await screen.findByRole('link', { name: '1 task overdue today at Harbour Kitchen Brooklyn' }),
    );
    expect(selectedSite.get()).toMatchObject({
      selectedSiteID: brooklyn.siteID,
      selectedSiteTimezone: 'America/New_York',
      selectedSiteUnit: 'F',
      selectedSiteLocale: 'en-US',
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

    const rowOf = async (name: RegExp) => {
      const table = await screen.findByRole('table', { name: /most attention first/ });
      return within(table)
        .getAllByRole('row')
        .find((row) => name.test(within(row).queryByRole('rowheader')?.textContent ?? ''))!;
    };

    test('an American site reads on a 12-hour clock and a British one on a 24-hour clock, whichever is selected', async () => {
      // The selected site (the list's first) is Harbour Kitchen in Bristol, a British one.
      renderOverview([brooklyn, leeds]);
      const american = await rowOf(/^Harbour Kitchen Brooklyn/);
      expect(within(american).getByText('8:00 AM–11:30 PM')).toBeInTheDocument();
      expect(within(american).getByText(/Open now · closes at 11:30 PM/)).toBeInTheDocument();
      expect(
        within(american).getByRole('button', {
          name: 'Harbour Kitchen Brooklyn (Brooklyn): Open now · closes at 11:30 PM',
        }),
      ).toBeInTheDocument();
      const british = await rowOf(/^Quayside Bar/);
      expect(within(british).getByText('08:00–23:30')).toBeInTheDocument();
      expect(within(british).getByText(/Open now · closes at 23:30/)).toBeInTheDocument();
    });

    test('a person who chose day first and a 24-hour clock reads the American site so too', async () => {
      session.updateUser({ dateFormat: 'en-GB' });
      renderOverview([brooklyn, leeds]);
      const american = await rowOf(/^Harbour Kitchen Brooklyn/);
      expect(within(american).getByText('08:00–23:30')).toBeInTheDocument();
      expect(within(american).getByText(/Open now · closes at 23:30/)).toBeInTheDocument();
      expect(within(american).queryByText(/PM/)).toBeNull();
    });

    test('a site the site list does not hold yet opens with the unit and locale the portfolio gives', async () => {
      renderOverview([brooklyn, leeds]);
      await userEvent.click(
        await screen.findByRole('button', { name: /^Harbour Kitchen Brooklyn \(Brooklyn\)/ }),
      );
      expect(selectedSite.get()).toMatchObject({
        selectedSiteID: brooklyn.siteID,
        selectedSiteUnit: 'F',
        selectedSiteLocale: 'en-US',
      });
    });
  });

  test('on a phone, each figure and the site’s name are targets of at least 24 × 24 px', async () => {
    // A phone's width: the overview's narrow layout (a card per site) answers the theme's "below md".
    const phone = (query: string): MediaQueryList =>
      Object.assign(new EventTarget(), {
        matches: true,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
      });
    window.matchMedia = phone;
    try {
      renderOverview([quayside]);
      const card = await screen.findByRole('list', { name: 'Your sites today' });
      const targets = [
        ...within(card).getAllByRole('link'),
        within(card).getByRole('button', { name: /^Quayside Bar/ }),
      ];
      // Seven figures, the corrective actions' "None", and the name.
      expect(targets).toHaveLength(9);
      for (const target of targets) expect(target).toHaveStyle({ minHeight: '24px' });
      for (const link of within(card).getAllByRole('link'))
        expect(link).toHaveStyle({ minWidth: '24px', display: 'inline-flex' });
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  test('a site open around the clock says so, and never "closes at 00:00"', async () => {
    renderOverview([quayside]);
    expect(
      await screen.findByRole('button', { name: 'Quayside Bar (Leeds): Open now, around the clock' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/00:00/)).toBeNull();
  });

  test('right to left, opening hours and counts still read left to right', async () => {
    // As the shell's theme root does for a right-to-left choice: the page's direction and the theme's.
    document.documentElement.dir = 'rtl';
    const rtl = createConsoleTheme({ direction: 'rtl' });
    const evenings = dayOf({
      ...quayside,
      timing: [0, 1, 2, 3, 4, 5, 6].map((day) => ({
        day,
        isOpen: true,
        openTime: '08:00',
        closeTime: '23:00',
      })),
    });
    try {
      renderOverview([evenings], {
        wrapper: ({ children }) => <ThemeProvider theme={rtl}>{children}</ThemeProvider>,
      });
      const table = await screen.findByRole('table', { name: /most attention first/ });
      const row = within(table).getAllByRole('row')[1]!;
      // Each run is isolated left to right, so a right-to-left page cannot show "23:00–08:00" or move a
      // count to the far end of its words.
      const ltrRuns = [...document.querySelectorAll('bdi[dir="ltr"]')].map((run) => run.textContent);
      expect(ltrRuns).toEqual(
        expect.arrayContaining([
          '08:00–23:00',
          '7 of 12',
          '77.5 · Needs attention',
          expect.stringMatching(/^1 site today, 1 needing attention/),
        ]),
      );
      expect(within(row).getByText('08:00–23:00')).toHaveAttribute('dir', 'ltr');
    } finally {
      document.documentElement.dir = '';
    }
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createConsoleTheme, notifyStore, session } from '@console/shared-sdk';
import type { DateFormat } from '@console/shared-sdk/contract';
import { createTheme, ThemeProvider } from '@console/shared-sdk/mui';
import { correctiveActionStateLabels } from '@console/shared-sdk/logs';
import type { DashboardDay, SiteDashboard } from '@console/shared-sdk/tasks';
import {
  chooseSite,
  demoIds,
  fail,
  fakeApi,
  ok,
  renderWithRouter,
  resetBrowserState,
  setClock,
  signInAs,
  type DemoSite,
  type Sent,
} from '@console/shared-sdk/testing';
import { SiteDashboardScreen } from './site-dashboard';
import { hoursLabel, taskListLink, weekOf } from './site-dashboard-model';

jest.setTimeout(30_000);

const ids = { ...demoIds, auckland: '0190a000-0000-7000-8000-0000000000c2' };

const sites = {
  brighton: { name: 'The Harbour Kitchen', city: 'Brighton', timeZoneId: 'Europe/London' },
  auckland: { name: 'Harbour Kitchen Ponsonby', city: 'Auckland', timeZoneId: 'Pacific/Auckland' },
  brooklyn: { name: 'Harbour Kitchen Brooklyn', city: 'Brooklyn', american: true },
} satisfies Record<string, DemoSite>;

/** The signed-in person chooses how dates are written for them, as their profile saves it. */
function chooseDateFormat(dateFormat: DateFormat) {
  const { accessToken, refreshToken, userData } = session.get();
  act(() =>
    session.signIn({
      accessToken: accessToken!,
      refreshToken: refreshToken!,
      userData: { ...userData!, dateFormat },
    }),
  );
}

/** Monday closed, Friday and Saturday until 01:30 the next morning, other days 09:00 to 17:00. */
function hoursOf(date: string): Pick<DashboardDay, 'isOpen' | 'openTime' | 'closeTime'> {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 1) return { isOpen: false, openTime: null, closeTime: null };
  if (weekday === 5 || weekday === 6) return { isOpen: true, openTime: '18:00', closeTime: '01:30' };
  return { isOpen: true, openTime: '09:00', closeTime: '17:00' };
}

const addDay = (date: string, count: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);

type Counts = Pick<DashboardDay, 'onTime' | 'late' | 'incomplete' | 'upcoming'>;
const noCounts: Counts = { onTime: 0, late: 0, incomplete: 0, upcoming: 0 };

/** The API's answer for the asked range; `countsOn` gives each date's tasks (none by default). */
function dashboardAnswer(
  query: URLSearchParams,
  countsOn: (date: string, index: number) => Counts = () => noCounts,
): SiteDashboard {
  const startDate = query.get('startDate')!;
  const endDate = query.get('endDate')!;
  const days: DashboardDay[] = [];
  for (let date = startDate, index = 0; date <= endDate; date = addDay(date, 1), index += 1) {
    const counts = countsOn(date, index);
    const due = counts.onTime + counts.late + counts.incomplete + counts.upcoming;
    days.push({ date, ...hoursOf(date), due, ...counts });
  }
  const sum = (field: keyof Counts) => days.reduce((total, day) => total + day[field], 0);
  return {
    timeZoneId: 'Europe/London',
    startDate,
    endDate,
    buckets: {
      UPCOMING: sum('upcoming'),
      ON_TIME: sum('onTime'),
      LATE: sum('late'),
      INCOMPLETE: sum('incomplete'),
    },
    days,
    attention: {
      documentsExpiring: 2,
      documentsExpired: 1,
      temperatureFailures: 0,
      openNearMisses: 1,
      actionsAwaitingAction: 0,
      actionsAwaitingVerification: 0,
      actionsOverdue: 0,
      reviewsDue: 1,
    },
  };
}

/** A busy week: the first three days settled, today (index 3) part done, the rest ahead. */
const busyWeek = (_date: string, index: number): Counts => {
  if (index < 3)
    return { onTime: 5, late: index === 1 ? 2 : 0, incomplete: index === 2 ? 1 : 0, upcoming: 0 };
  if (index === 3) return { onTime: 2, late: 0, incomplete: 0, upcoming: 4 };
  return { ...noCounts, upcoming: 6 };
};

const dashboardCalls = (sent: Sent[]) => sent.filter((s) => s.path === 'task-dashboard/site');
const askedRange = (sent: Sent) => ({
  siteID: sent.query.get('siteID'),
  startDate: sent.query.get('startDate'),
  endDate: sent.query.get('endDate'),
});

function dashboardApi(countsOn?: (date: string, index: number) => Counts) {
  return fakeApi((sent) =>
    sent.path === 'task-dashboard/site'
      ? ok(dashboardAnswer(sent.query, countsOn))
      : fail(404, { message: `No fake for ${sent.method} ${sent.path}`, error: 'NOT_FOUND' }),
  );
}

/** The screen in the console's router, with the address (where the week is kept) in reach. */
const renderDashboard = (url = '/dashboard') => renderWithRouter(<SiteDashboardScreen />, url);

beforeEach(() => {
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
  chooseSite(ids.brighton, sites.brighton);
  // Thursday 2 April 2026, 10:00 in London (BST).
  setClock('2026-04-02T09:00:00Z');
});

afterEach(() => {
  jest.useRealTimers();
});

describe('the site dashboard', () => {
  test('shows the four metrics with their counts, each leading to those tasks in the task list', async () => {
    const api = dashboardApi(busyWeek);
    renderDashboard();

    expect(screen.getByRole('status', { name: 'Loading the site dashboard' })).toBeInTheDocument();
    const onTime = await screen.findByRole('link', { name: '17 Completed on time' });
    expect(screen.getByRole('heading', { level: 1, name: 'The Harbour Kitchen (Brighton)' })).toBeVisible();
    expect(screen.getByText(/30 Mar – 5 Apr 2026/)).toBeInTheDocument();
    expect(askedRange(dashboardCalls(api.sent)[0]!)).toEqual({
      siteID: ids.brighton,
      startDate: '2026-03-30',
      endDate: '2026-04-05',
    });

    // Each metric opens the list on the first day of the week that has such tasks.
    expect(onTime).toHaveAttribute('href', '/dashboard/task?taskListDate=2026-03-30&status=ON_TIME');
    expect(screen.getByRole('link', { name: '2 Completed overdue' })).toHaveAttribute(
      'href',
      '/dashboard/task?taskListDate=2026-03-31&status=LATE',
    );
    expect(screen.getByRole('link', { name: '1 Incomplete / overdue' })).toHaveAttribute(
      'href',
      '/dashboard/task?taskListDate=2026-04-01&status=INCOMPLETE',
    );
    const upcoming = screen.getByRole('link', { name: '22 Upcoming / in progress' });
    expect(upcoming).toHaveAttribute('href', '/dashboard/task?taskListDate=2026-04-02&status=UPCOMING');
    // What each number means is said, not only coloured.
    expect(upcoming).toHaveAccessibleDescription('Still to do and not yet due.');
    expect(screen.getByRole('link', { name: '17 Completed on time' })).toHaveAccessibleDescription(
      'Done by the time it was due.',
    );
  });

  test("the logs' counts lead to the filtered logs: failed readings of the week, open near misses, documents", async () => {
    dashboardApi(busyWeek);
    renderDashboard();
    const logs = await screen.findByRole('region', { name: 'Logs and documents' });
    expect(
      within(logs).getByRole('link', { name: '0 failed temperature readings this week' }),
    ).toHaveAttribute(
      'href',
      '/dashboard/temperatureLog?result=FAIL&startDate=2026-03-30&endDate=2026-04-05',
    );
    expect(within(logs).getByRole('link', { name: '1 near miss open' })).toHaveAttribute(
      'href',
      '/dashboard/nearMiss',
    );
    expect(within(logs).getByRole('link', { name: '2 documents expire within 30 days' })).toHaveAttribute(
      'href',
      '/dashboard/documentmanagement?expiring=30',
    );
    expect(within(logs).getByRole('link', { name: '1 document has expired' })).toHaveAttribute(
      'href',
      '/dashboard/documentmanagement?expiry=EXPIRED',
    );
    // A four-weekly review whose four weeks are over waits for its signature.
    expect(within(logs).getByRole('link', { name: '1 four-weekly review to sign' })).toHaveAttribute(
      'href',
      '/dashboard/siteReview',
    );
  });

  test("the site's corrective actions lead to the actions screen filtered by state, overdue ones in red", async () => {
    fakeApi((sent) =>
      sent.path === 'task-dashboard/site'
        ? ok({
            ...dashboardAnswer(sent.query, busyWeek),
            attention: {
              ...dashboardAnswer(sent.query).attention,
              actionsAwaitingAction: 3,
              actionsAwaitingVerification: 1,
              actionsOverdue: 2,
            },
          })
        : fail(404, { message: `No fake for ${sent.method} ${sent.path}`, error: 'NOT_FOUND' }),
    );
    renderDashboard();
    const actions = within(await screen.findByRole('region', { name: 'Corrective actions' }));
    // In the contract's words for the states.
    const [open, recorded] = [correctiveActionStateLabels.OPEN, correctiveActionStateLabels.ACTION_RECORDED];
    const awaiting = actions.getByRole('link', { name: `3 corrective actions ${open.toLowerCase()}` });
    expect(awaiting).toHaveAttribute('href', `/dashboard/correctiveAction?state=OPEN&siteID=${ids.brighton}`);
    expect(
      actions.getByRole('link', { name: `1 corrective action ${recorded.toLowerCase()}` }),
    ).toHaveAttribute('href', `/dashboard/correctiveAction?state=ACTION_RECORDED&siteID=${ids.brighton}`);
    const overdue = actions.getByRole('link', { name: '2 corrective actions overdue' });
    expect(overdue).toHaveAttribute(
      'href',
      `/dashboard/correctiveAction?overdue=true&siteID=${ids.brighton}`,
    );
    // Overdue needs someone now: its card is marked in the error colour, the others in the warning one.
    const palette = createTheme().palette;
    const cardOf = (link: HTMLElement) => link.closest('.MuiCard-root');
    expect(cardOf(overdue)).toHaveStyle({ borderLeftColor: palette.error.main });
    expect(cardOf(awaiting)).toHaveStyle({ borderLeftColor: palette.warning.main });
  });

  test('with none, a staff member sees each action count at 0, none of them marked', async () => {
    signInAs('STAFF', { siteIds: [ids.brighton] });
    dashboardApi(busyWeek);
    renderDashboard();
    const actions = within(await screen.findByRole('region', { name: 'Corrective actions' }));
    const none = actions.getByRole('link', { name: '0 corrective actions overdue' });
    expect(none.closest('.MuiCard-root')).not.toHaveStyle({
      borderLeftColor: createTheme().palette.error.main,
    });
    expect(actions.getByRole('link', { name: '0 corrective actions awaiting action' })).toBeInTheDocument();
  });

  test('the weekly schedule shows each day: hours, closed days, a close after midnight, its tasks, today', async () => {
    dashboardApi(busyWeek);
    renderDashboard();
    const schedule = await screen.findByRole('region', { name: 'Weekly schedule' });
    const days = within(schedule).getAllByRole('link');
    expect(days).toHaveLength(7);

    const monday = days[0]!;
    // Named by what it shows, so a voice user says what they see.
    expect(monday).toHaveAccessibleName('Mon 30 Mar Closed 5 on time 0 late 0 incomplete 0 upcoming');
    expect(within(monday).getByText('Closed')).toBeVisible();
    expect(monday).toHaveAttribute('href', '/dashboard/task?taskListDate=2026-03-30');

    const tuesday = days[1]!;
    expect(within(tuesday).getByText('09:00–17:00')).toBeVisible();
    expect(tuesday).toHaveAccessibleName('Tue 31 Mar 09:00–17:00 5 on time 2 late 0 incomplete 0 upcoming');
    expect(within(tuesday).getByText('2 late')).toBeVisible();

    const today = days[3]!;
    expect(today).toHaveAttribute('aria-current', 'date');
    expect(within(today).getByText('Today')).toBeVisible();
    expect(days.filter((day) => day.getAttribute('aria-current') === 'date')).toHaveLength(1);

    const friday = days[4]!;
    expect(within(friday).getByText('18:00–01:30 (next day)')).toBeVisible();
    expect(friday).toHaveAccessibleName(
      'Fri 3 Apr 18:00–01:30 (next day) 0 on time 0 late 0 incomplete 6 upcoming',
    );
  });

  test("the week buttons ask for the site's weeks in its own zone, ahead of UTC", async () => {
    // 23:30 on Sunday 29 March in UTC is already 12:30 on Monday 30 March in Auckland (NZDT).
    setClock('2026-03-29T23:30:00Z');
    chooseSite(ids.auckland, sites.auckland);
    const api = dashboardApi(busyWeek);
    const user = userEvent.setup();
    const { url } = renderDashboard();

    await screen.findByRole('link', { name: '17 Completed on time' });
    expect(askedRange(dashboardCalls(api.sent).at(-1)!)).toEqual({
      siteID: ids.auckland,
      startDate: '2026-03-30',
      endDate: '2026-04-05',
    });
    expect(screen.getByText('30 Mar – 5 Apr 2026 · times in Pacific/Auckland')).toBeInTheDocument();
    const schedule = screen.getByRole('region', { name: 'Weekly schedule' });
    expect(within(schedule).getAllByRole('link')[0]).toHaveAttribute('aria-current', 'date');
    expect(screen.getByRole('button', { name: 'This week' })).toBeDisabled();

    // Across New Zealand's change back to standard time (5 April) the days stay calendar days.
    await user.click(screen.getByRole('button', { name: 'Next week, 6 – 12 Apr 2026' }));
    await screen.findByText('6 – 12 Apr 2026 · times in Pacific/Auckland');
    await waitFor(() =>
      expect(askedRange(dashboardCalls(api.sent).at(-1)!)).toMatchObject({
        startDate: '2026-04-06',
        endDate: '2026-04-12',
      }),
    );
    expect(url()).toBe('/dashboard?week=2026-04-06');
    await screen.findByRole('link', { name: /^Mon 6 Apr Closed/ });
    expect(screen.queryByText('Today')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'This week' }));
    await screen.findByText('30 Mar – 5 Apr 2026 · times in Pacific/Auckland');
    expect(url()).toBe('/dashboard');

    await user.click(screen.getByRole('button', { name: 'Previous week, 23 – 29 Mar 2026' }));
    await waitFor(() =>
      expect(askedRange(dashboardCalls(api.sent).at(-1)!)).toMatchObject({
        startDate: '2026-03-23',
        endDate: '2026-03-29',
      }),
    );
    expect(url()).toBe('/dashboard?week=2026-03-23');
  });

  test('a week in the address is shown as it is, from any of its dates', async () => {
    const api = dashboardApi(busyWeek);
    renderDashboard('/dashboard?week=2026-02-18');
    await screen.findByRole('link', { name: '17 Completed on time' });
    expect(askedRange(dashboardCalls(api.sent)[0]!)).toMatchObject({
      startDate: '2026-02-16',
      endDate: '2026-02-22',
    });
    expect(screen.getByRole('button', { name: 'This week' })).toBeEnabled();
  });

  test('choosing another site loads its dashboard', async () => {
    const api = dashboardApi(busyWeek);
    renderDashboard();
    await screen.findByRole('link', { name: '17 Completed on time' });
    expect(dashboardCalls(api.sent)).toHaveLength(1);

    chooseSite(ids.auckland, sites.auckland);
    await screen.findByRole('heading', { level: 1, name: 'Harbour Kitchen Ponsonby (Auckland)' });
    await waitFor(() => expect(dashboardCalls(api.sent)).toHaveLength(2));
    // Thursday 2 April 22:00 in Auckland: the same week there.
    expect(askedRange(dashboardCalls(api.sent)[1]!)).toEqual({
      siteID: ids.auckland,
      startDate: '2026-03-30',
      endDate: '2026-04-05',
    });
    await screen.findByRole('link', { name: '17 Completed on time' });
  });

  test('a week without tasks says what to do, with the ways to add some', async () => {
    dashboardApi();
    renderDashboard();
    expect(
      await screen.findByText(
        'No tasks scheduled this week. Add a task or import a checklist from the library.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add a task' })).toHaveAttribute('href', '/dashboard/task');
    expect(screen.getByRole('link', { name: 'Import from the library' })).toHaveAttribute(
      'href',
      '/dashboard/templates',
    );
    expect(screen.queryByRole('link', { name: /Completed on time/ })).not.toBeInTheDocument();
    // The hours are still worth seeing.
    expect(within(screen.getByRole('region', { name: 'Weekly schedule' })).getAllByRole('link')).toHaveLength(
      7,
    );
  });

  test('a failed load leaves the pop-up to the HTTP layer and offers Retry', async () => {
    let failing = true;
    const api = fakeApi((sent) =>
      failing
        ? fail(500, { message: 'The database is not answering', error: 'INTERNAL' })
        : ok(dashboardAnswer(sent.query, busyWeek)),
    );
    const user = userEvent.setup();
    renderDashboard();
    expect(await screen.findByText('The site dashboard could not be loaded.')).toBeVisible();
    expect(notifyStore.getState().error?.title).toBe('The database is not answering');

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('link', { name: '17 Completed on time' });
    expect(dashboardCalls(api.sent)).toHaveLength(2);
    expect(screen.queryByText('The site dashboard could not be loaded.')).not.toBeInTheDocument();
  });

  test('asks again every minute without a flash of loading, and a failed refresh keeps the numbers quietly', async () => {
    setClock('2026-04-02T09:00:00Z', ['setInterval', 'clearInterval']);
    let refreshed = 0;
    let failing = false;
    const api = fakeApi((sent) => {
      if (failing) return fail(503, { message: 'Unavailable', error: 'UNAVAILABLE' });
      return ok(
        dashboardAnswer(sent.query, (date, index) => ({ ...busyWeek(date, index), onTime: 1 + refreshed })),
      );
    });
    renderDashboard();
    await screen.findByRole('link', { name: '7 Completed on time' });

    refreshed = 1;
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.queryByRole('status', { name: 'Loading the site dashboard' })).not.toBeInTheDocument();
    await screen.findByRole('link', { name: '14 Completed on time' });

    failing = true;
    act(() => jest.advanceTimersByTime(60_000));
    // A failure changes nothing on the page, so there is nothing to wait for but the answer's round trip
    // (waitFor polls with setInterval, which this test fakes).
    await act(() => new Promise((done) => setTimeout(done, 300)));
    expect(dashboardCalls(api.sent)).toHaveLength(3);
    expect(screen.getByRole('link', { name: '14 Completed on time' })).toBeInTheDocument();
    expect(notifyStore.getState().error).toBeNull();
  });

  test('right to left, hours, dates and counts still read left to right', async () => {
    // As the shell's theme root does for a right-to-left choice: the page's direction and the theme's.
    document.documentElement.dir = 'rtl';
    dashboardApi(busyWeek);
    try {
      renderWithRouter(
        <ThemeProvider theme={createConsoleTheme({ direction: 'rtl' })}>
          <SiteDashboardScreen />
        </ThemeProvider>,
        '/dashboard',
      );
      const schedule = await screen.findByRole('region', { name: 'Weekly schedule' });
      const days = within(schedule).getAllByRole('link');
      // Isolated left to right, a range cannot read "17:00–09:00" on a right-to-left page, nor a count
      // move to the far end of its words.
      const ltrRuns = (element: HTMLElement) =>
        [...element.querySelectorAll('bdi[dir="ltr"]')].map((run) => run.textContent);
      expect(ltrRuns(days[1]!)).toEqual(['09:00–17:00', '5 on time', '2 late', '0 incomplete', '0 upcoming']);
      expect(ltrRuns(days[4]!)).toContain('18:00–01:30 (next day)');
      expect(ltrRuns(screen.getByRole('region', { name: 'Logs and documents' }))).toContain(
        '1 near miss open',
      );
      expect(screen.getByText('30 Mar – 5 Apr 2026 · times in Europe/London')).toHaveAttribute('dir', 'ltr');
    } finally {
      document.documentElement.dir = '';
    }
  });

  test("an American site's week is written month first, its hours on a 12-hour clock", async () => {
    // Thursday 2 April 2026, 05:00 in New York (EDT).
    chooseSite(ids.brighton, sites.brooklyn);
    dashboardApi(busyWeek);
    renderDashboard();
    const schedule = await screen.findByRole('region', { name: 'Weekly schedule' });
    expect(screen.getByText('Mar 30 – Apr 5, 2026 · times in America/New_York')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous week, Mar 23 – 29, 2026' })).toBeInTheDocument();
    const days = within(schedule).getAllByRole('link');
    expect(days[0]).toHaveAccessibleName(/^Mon\sMar 30\sClosed\s/);
    expect(within(days[1]!).getByText('9:00 AM–5:00 PM')).toBeVisible();
    expect(within(days[4]!).getByText('6:00 PM–1:30 AM (next day)')).toBeVisible();
    expect(days[3]).toHaveAttribute('aria-current', 'date');
  });

  test('a person who chose day-first dates reads them so at an American site', async () => {
    chooseSite(ids.brighton, sites.brooklyn);
    chooseDateFormat('en-GB');
    dashboardApi(busyWeek);
    renderDashboard();
    const schedule = await screen.findByRole('region', { name: 'Weekly schedule' });
    expect(screen.getByText('30 Mar – 5 Apr 2026 · times in America/New_York')).toBeInTheDocument();
    const days = within(schedule).getAllByRole('link');
    expect(days[1]).toHaveAccessibleName(/^Tue\s31 Mar\s09:00–17:00\s/);
    expect(within(days[4]!).getByText('18:00–01:30 (next day)')).toBeVisible();
  });

  test('without a selected site it asks for one', () => {
    chooseSite(null);
    const api = dashboardApi();
    renderDashboard();
    expect(screen.getByText('Choose a site to see its dashboard.')).toBeVisible();
    expect(api.sent).toHaveLength(0);
  });
});

describe('the dashboard model', () => {
  test('weeks run Monday to Sunday, across a year end', () => {
    expect(weekOf('2026-04-02')).toEqual({ startDate: '2026-03-30', endDate: '2026-04-05' });
    expect(weekOf('2026-03-30')).toEqual({ startDate: '2026-03-30', endDate: '2026-04-05' });
    expect(weekOf('2026-04-05')).toEqual({ startDate: '2026-03-30', endDate: '2026-04-05' });
    expect(weekOf('2027-01-01')).toEqual({ startDate: '2026-12-28', endDate: '2027-01-03' });
  });

  test("opening hours read as the site keeps them: a closing after midnight is the next morning's", () => {
    expect(hoursLabel({ isOpen: true, openTime: '09:00', closeTime: '17:00' })).toBe('09:00–17:00');
    expect(hoursLabel({ isOpen: true, openTime: '18:00', closeTime: '02:00' })).toBe(
      '18:00–02:00 (next day)',
    );
    expect(hoursLabel({ isOpen: true, openTime: '12:00', closeTime: '00:00' })).toBe('12:00–midnight');
    expect(hoursLabel({ isOpen: true, openTime: '06:00', closeTime: '06:00' })).toBe('Open 24 hours');
    expect(hoursLabel({ isOpen: false, openTime: null, closeTime: null })).toBe('Closed');
  });

  test('a metric of one day opens that day; of a range, its first day with such tasks, else its first day', () => {
    const day = (date: string, late: number): DashboardDay => ({
      date,
      ...hoursOf(date),
      due: late,
      onTime: 0,
      late,
      incomplete: 0,
      upcoming: 0,
    });
    expect(taskListLink('LATE', { startDate: '2026-04-02', endDate: '2026-04-02' })).toBe(
      '/dashboard/task?taskListDate=2026-04-02&status=LATE',
    );
    const range = { startDate: '2026-03-30', endDate: '2026-04-01' };
    const days = [day('2026-03-30', 0), day('2026-03-31', 3), day('2026-04-01', 1)];
    expect(taskListLink('LATE', { ...range, days })).toBe(
      '/dashboard/task?taskListDate=2026-03-31&status=LATE',
    );
    expect(taskListLink('INCOMPLETE', { ...range, days })).toBe(
      '/dashboard/task?taskListDate=2026-03-30&status=INCOMPLETE',
    );
  });
});

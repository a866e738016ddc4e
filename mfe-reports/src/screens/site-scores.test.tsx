import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { notifyStore, selectedSite, session, siteChoices } from '@console/shared-sdk';
import type { AllSitesScoreList, AreaScore, SiteScore, SiteScoreReport } from '@console/shared-sdk/reports';
import {
  fakeApi,
  ok,
  onAPhone,
  chooseSite,
  demoIds,
  renderWithRouter,
  resetBrowserState,
  signInAs,
  siteOption,
} from '@console/shared-sdk/testing';
import { SiteScoresScreen } from './site-scores';

// The ranking as an organisation admin reads it, against a fake API: bands in words, the change, the
// range in the URL, a site's days, and a day opening the tasks remote's list by its route.

jest.setTimeout(20_000);

const site = (n: number, overrides: Partial<SiteScore>): SiteScore => ({
  siteID: `0190a000-0000-7000-8000-00000000000${n}`,
  name: `Site ${n}`,
  location: { country: 'GB', county: null, region: null, city: 'Brighton' },
  timeZoneId: 'Europe/London',
  due: 100,
  onTime: 97,
  late: 0,
  missed: 3,
  score: 97,
  band: 'GREEN',
  rank: 1,
  previousScore: 92.8,
  change: 4.2,
  trend: [{ startDate: '2026-03-01', endDate: '2026-03-30', score: 97 }],
  ...overrides,
});

const ranking: AllSitesScoreList = {
  list: [
    site(1, { name: 'The Harbour Kitchen, Brighton' }),
    site(2, {
      name: 'Vine Street Café',
      score: 70,
      band: 'RED',
      rank: 2,
      change: -3.5,
      onTime: 70,
      missed: 30,
    }),
    site(3, {
      name: 'Brooklyn',
      score: null,
      band: null,
      rank: null,
      change: null,
      due: 0,
      onTime: 0,
      missed: 0,
    }),
  ],
  records: 3,
  startDate: '2026-03-01',
  endDate: '2026-03-30',
  previousStartDate: '2026-01-30',
  previousEndDate: '2026-02-28',
  totals: { due: 200, onTime: 167, late: 0, missed: 33, score: 83.5, band: 'AMBER' },
  areas: [],
};

const days: SiteScoreReport = {
  siteID: ranking.list[1]?.siteID ?? '',
  name: 'Vine Street Café',
  timeZoneId: 'Europe/London',
  startDate: '2026-03-29',
  endDate: '2026-03-30',
  list: [
    { date: '2026-03-29', due: 10, onTime: 10, late: 0, missed: 0, score: 100, band: 'GREEN', upcoming: 0 },
    { date: '2026-03-30', due: 10, onTime: 5, late: 0, missed: 5, score: 50, band: 'RED', upcoming: 2 },
  ],
  records: 2,
  totals: { due: 20, onTime: 15, late: 0, missed: 5, score: 75, band: 'RED' },
};

beforeEach(() => {
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
});

test('ranks the sites with their band in words and the change, the range kept in the URL', async () => {
  const user = userEvent.setup();
  const api = fakeApi((sent) => {
    if (sent.path === 'site-panel/all-sites-score-list') return ok(ranking);
    throw new Error(`Unexpected ${sent.path}`);
  });
  const view = renderWithRouter(<SiteScoresScreen />, '/dashboard/reports?days=90');
  const table = await screen.findByRole('table', { name: 'Sites ranked by score' });
  const rows = within(table).getAllByRole('row');
  expect(within(rows[1] as HTMLElement).getByText('97 · Good')).toBeTruthy();
  expect(within(rows[1] as HTMLElement).getByText('Up 4.2 points')).toBeTruthy();
  expect(within(rows[2] as HTMLElement).getByText('70 · Poor')).toBeTruthy();
  expect(within(rows[2] as HTMLElement).getByText('Down 3.5 points')).toBeTruthy();
  expect(within(rows[3] as HTMLElement).getByText('No tasks due')).toBeTruthy();
  const [call] = api.to('site-panel/all-sites-score-list');
  const asked =
    Number(new Date(call?.query.get('endDate') ?? '')) - Number(new Date(call?.query.get('startDate') ?? ''));
  expect(asked).toBe(89 * 86_400_000);
  expect(screen.getByRole('button', { name: 'Last 90 days' }).getAttribute('aria-pressed')).toBe('true');
  await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
  expect(view.params().get('days')).toBe('7');
});

test('a site opens its days; a day opens that day’s tasks for the site by the tasks route', async () => {
  const user = userEvent.setup();
  fakeApi((sent) => {
    if (sent.path === 'site-panel/all-sites-score-list') return ok(ranking);
    if (sent.path === 'site-panel/site-report-scoreList') return ok(days);
    throw new Error(`Unexpected ${sent.path}`);
  });
  const view = renderWithRouter(<SiteScoresScreen />, '/dashboard/reports');
  await user.click(await screen.findByRole('button', { name: 'Vine Street Café' }));
  expect(view.params().get('site')).toBe(days.siteID);
  const table = await screen.findByRole('table', { name: 'Scores per day of Vine Street Café' });
  expect(within(table).getByText('50 · Poor')).toBeTruthy();
  await user.click(within(table).getByRole('button', { name: 'Tasks of 30 Mar 2026' }));
  expect(view.url()).toBe('/dashboard/task?taskListDate=2026-03-30');
  expect(selectedSite.get().selectedSiteID).toBe(days.siteID);
});

describe('an American site', () => {
  const american = { name: 'Vine Street Café', city: 'Brooklyn', american: true };
  const vineStreet = siteOption(days.siteID, american);

  /** The site selector's list: Brighton and Vine Street Café in Brooklyn. */
  async function loadSiteChoices() {
    fakeApi((sent) => {
      if (sent.path === 'site-panel/simple-list') return ok([siteOption(demoIds.brighton), vineStreet]);
      if (sent.path === 'site-panel/site-report-scoreList')
        return ok({ ...days, timeZoneId: 'America/New_York' });
      throw new Error(`Unexpected ${sent.path}`);
    });
    siteChoices.load();
    await waitFor(() => expect(siteChoices.get().status).toBe('ready'));
  }

  test('its days are written month first', async () => {
    await loadSiteChoices();
    chooseSite(days.siteID, american);
    renderWithRouter(<SiteScoresScreen />, `/dashboard/reports?site=${days.siteID}`);
    const table = await screen.findByRole('table', { name: 'Scores per day of Vine Street Café' });
    expect(within(table).getByRole('button', { name: 'Tasks of Mar 30, 2026' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Tasks of Mar 29, 2026' })).toBeTruthy();
  });

  test('its days are written month first while a British site is selected, and the range above them too', async () => {
    await loadSiteChoices();
    chooseSite(demoIds.brighton);
    renderWithRouter(
      <SiteScoresScreen />,
      `/dashboard/reports?site=${days.siteID}&startDate=2026-03-29&endDate=2026-03-30`,
    );
    const table = await screen.findByRole('table', { name: 'Scores per day of Vine Street Café' });
    expect(within(table).getByRole('button', { name: 'Tasks of Mar 30, 2026' })).toHaveTextContent(
      'Mar 30, 2026',
    );
    expect(screen.getByText(/^Mar 29, 2026 to Mar 30, 2026 · /)).toBeTruthy();
    // The dates to choose other ones from too.
    expect(
      screen.getByRole('button', { name: /^From – To: Sun, Mar 29, 2026 – Mon, Mar 30, 2026\. Choose/ }),
    ).toHaveTextContent('Sun, Mar 29, 2026 – Mon, Mar 30, 2026');
    expect(within(table).queryByText(/30 Mar/)).toBeNull();
  });

  test('a British site’s days are written day first while this American site is selected', async () => {
    await loadSiteChoices();
    chooseSite(days.siteID, american);
    fakeApi((sent) => {
      if (sent.path === 'site-panel/site-report-scoreList') return ok({ ...days, siteID: demoIds.brighton });
      throw new Error(`Unexpected ${sent.path}`);
    });
    renderWithRouter(<SiteScoresScreen />, `/dashboard/reports?site=${demoIds.brighton}`);
    const table = await screen.findByRole('table', { name: 'Scores per day of Vine Street Café' });
    expect(within(table).getByRole('button', { name: 'Tasks of 30 Mar 2026' })).toBeTruthy();
    expect(within(table).queryByText(/Mar 30/)).toBeNull();
  });

  test('a person who chose day first reads the American site’s days so too', async () => {
    await loadSiteChoices();
    session.updateUser({ dateFormat: 'en-GB' });
    chooseSite(demoIds.brighton);
    renderWithRouter(<SiteScoresScreen />, `/dashboard/reports?site=${days.siteID}`);
    const table = await screen.findByRole('table', { name: 'Scores per day of Vine Street Café' });
    expect(within(table).getByRole('button', { name: 'Tasks of 30 Mar 2026' })).toBeTruthy();
  });

  test('a day opens its tasks with the site chosen whole: its zone, unit and date format', async () => {
    const user = userEvent.setup();
    await loadSiteChoices();
    chooseSite(demoIds.brighton);
    const view = renderWithRouter(<SiteScoresScreen />, `/dashboard/reports?site=${days.siteID}`);
    const table = await screen.findByRole('table', { name: 'Scores per day of Vine Street Café' });
    // The latest day first.
    await user.click(within(table).getAllByRole('button', { name: /^Tasks of/ })[0]!);
    expect(view.url()).toBe('/dashboard/task?taskListDate=2026-03-30');
    expect(selectedSite.get()).toMatchObject({
      selectedSiteID: days.siteID,
      selectedSiteTimezone: 'America/New_York',
      selectedSiteUnit: 'F',
      selectedSiteLocale: 'en-US',
    });
  });
});

test('a failure is a toast with the answer’s message, not the pop-up', async () => {
  fakeApi(
    () =>
      new Response(JSON.stringify({ statusCode: 503, message: 'Scores are being recounted' }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      }),
  );
  renderWithRouter(<SiteScoresScreen />, '/dashboard/reports');
  expect(await screen.findByText('The scores could not be loaded.')).toBeTruthy();
  const toasts = notifyStore.getState().toasts.map((toast) => [toast.severity, toast.message]);
  expect(toasts).toEqual([['error', 'Scores are being recounted']]);
  expect(notifyStore.getState().error).toBeNull();
});

describe('on a phone', () => {
  onAPhone();

  test('the sites are cards, not a table to cut off: rank, band, counts and change in words', async () => {
    const user = userEvent.setup();
    fakeApi((sent) => {
      if (sent.path === 'site-panel/all-sites-score-list') return ok(ranking);
      if (sent.path === 'site-panel/site-report-scoreList') return ok(days);
      throw new Error(`Unexpected ${sent.path}`);
    });
    const view = renderWithRouter(<SiteScoresScreen />, '/dashboard/reports');
    const cards = await screen.findByRole('list', { name: 'Sites ranked by score' });
    expect(screen.queryByRole('table')).toBeNull();
    const [first, second, third] = within(cards).getAllByRole('listitem');
    expect(first?.textContent).toContain('#1');
    expect(within(first as HTMLElement).getByText('97 · Good')).toBeTruthy();
    expect(first?.textContent).toContain('100 due · 97 on time · 0 late · 3 missed');
    expect(first?.textContent).toContain('Up 4.2 points');
    expect(within(second as HTMLElement).getByText('70 · Poor')).toBeTruthy();
    expect(second?.textContent).toContain('Down 3.5 points');
    expect(within(third as HTMLElement).getByText('No tasks due')).toBeTruthy();
    expect(within(third as HTMLElement).getByRole('img', { name: 'Trend of Brooklyn: 97' })).toBeTruthy();

    // A site's days are cards too, each opening that day's tasks.
    await user.click(within(second as HTMLElement).getByRole('button', { name: 'Vine Street Café' }));
    expect(view.params().get('site')).toBe(days.siteID);
    const dayCards = await screen.findByRole('list', { name: 'Scores per day of Vine Street Café' });
    expect(screen.queryByRole('table')).toBeNull();
    const [latest] = within(dayCards).getAllByRole('listitem');
    expect(within(latest as HTMLElement).getByText('50 · Poor')).toBeTruthy();
    expect(latest?.textContent).toContain('10 due · 5 on time · 0 late · 5 missed · 2 not due yet');
    await user.click(within(latest as HTMLElement).getByRole('button', { name: 'Tasks of 30 Mar 2026' }));
    expect(view.url()).toBe('/dashboard/task?taskListDate=2026-03-30');
  });
});

describe('the areas compared', () => {
  const area = (name: string | null, n: number, overrides: Partial<AreaScore>): AreaScore => ({
    area: name === null ? null : { _id: `0190a000-0000-7000-8000-0000000000e${n}`, name },
    sites: 2,
    due: 100,
    onTime: 90,
    late: 0,
    missed: 10,
    score: 90,
    band: 'AMBER',
    rank: 1,
    previousScore: 88,
    change: 2,
    trend: [{ startDate: '2026-03-01', endDate: '2026-03-30', score: 90 }],
    ...overrides,
  });
  const north = area('North', 1, {});
  const coast = area('Coast', 2, {
    sites: 1,
    score: 70,
    band: 'RED',
    rank: 2,
    change: -1.5,
    onTime: 70,
    missed: 30,
  });
  const none = area(null, 0, { sites: 1, score: 97, band: 'GREEN', rank: null, onTime: 97, missed: 3 });
  const withAreas: AllSitesScoreList = { ...ranking, areas: [north, coast, none] };

  function answer() {
    return fakeApi((sent) => {
      if (sent.path !== 'site-panel/all-sites-score-list') throw new Error(`Unexpected ${sent.path}`);
      const areaID = sent.query.get('areaID');
      // The ranking of one area's sites: here, the first site alone.
      return ok(areaID ? { ...withAreas, list: withAreas.list.slice(0, 1), records: 1 } : withAreas);
    });
  }

  test('"By area" ranks the areas as the sites are, the sites in no area last, and an area opens its sites', async () => {
    const user = userEvent.setup();
    const api = answer();
    const view = renderWithRouter(<SiteScoresScreen />, '/dashboard/reports?days=30');
    expect(await screen.findByRole('tab', { name: 'By site', selected: true })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'By area' }));
    expect(view.params().get('by')).toBe('area');
    // The range stays.
    expect(view.params().get('days')).toBe('30');
    const table = await screen.findByRole('table', { name: 'Areas ranked by score' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['1', '2', '–']);
    expect(within(rows[0] as HTMLElement).getByRole('rowheader').textContent).toBe('North2 sites');
    expect(within(rows[1] as HTMLElement).getByText('70 · Poor')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Down 1.5 points')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByRole('rowheader').textContent).toBe('No area1 site');
    expect(within(rows[2] as HTMLElement).getByRole('img', { name: 'Trend of No area: 90' })).toBeTruthy();

    // An area opens the ranking of its own sites.
    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Coast: its sites' }));
    expect(view.params().get('area')).toBe(coast.area?._id);
    expect(view.params().get('by')).toBeNull();
    await waitFor(() =>
      expect(api.to('site-panel/all-sites-score-list').at(-1)?.query.get('areaID')).toBe(coast.area?._id),
    );
    expect(await screen.findByText('Area: Coast')).toBeTruthy();
    const sites = await screen.findByRole('table', { name: 'Sites ranked by score' });
    expect(within(sites).getAllByRole('row')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Show every site' }));
    expect(view.params().get('area')).toBeNull();
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
  });

  test('with none of the sites in an area, there is nothing to compare and no tabs', async () => {
    fakeApi(() => ok(ranking));
    renderWithRouter(<SiteScoresScreen />, '/dashboard/reports?by=area');
    expect(await screen.findByRole('table', { name: 'Sites ranked by score' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'By area' })).toBeNull();
  });

  describe('on a phone', () => {
    onAPhone();

    test('the areas are cards too', async () => {
      answer();
      renderWithRouter(<SiteScoresScreen />, '/dashboard/reports?by=area');
      const cards = await screen.findByRole('list', { name: 'Areas ranked by score' });
      const [first, , last] = within(cards).getAllByRole('listitem');
      expect(first?.textContent).toContain('#1');
      expect(first?.textContent).toContain('100 due · 90 on time · 0 late · 10 missed');
      expect(within(last as HTMLElement).getByRole('button', { name: 'No area: its sites' })).toBeTruthy();
    });
  });
});

import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@console/shared-sdk/router';
import { defineRulesFor, selectedSite, session } from '@console/shared-sdk';
import {
  demoIds,
  fakeApi,
  loginResponse,
  ok,
  resetBrowserState,
  signInAs,
  siteOption,
  type Sent,
} from '@console/shared-sdk/testing';
import type { PortfolioSite } from '@console/shared-sdk/sites';
import { Layout } from '../../layout/Layout';
import { registryStore, type RemoteState } from '../../remotes/registry';
import { dashboardViewStore } from './dashboard-view';
import { DashboardIndex } from './DashboardIndex';

// Where /dashboard starts and what it shows: the overview of every site for those who look after many
// (an organisation's admins land there after signing in), the selected site's dashboard for a site admin,
// and "All sites" in the site selector for everyone but a site admin of one site.

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

jest.setTimeout(60_000);

const brighton = siteOption(demoIds.brighton, { name: 'Harbour Kitchen', city: 'Brighton' });
const manchester = siteOption(demoIds.manchester, { name: 'Canal Street Deli', city: 'Manchester' });

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
  module: { screens: { '/dashboard': () => <h1>This week at the site</h1> } },
};

const noWeek = { due: 0, onTime: 0, late: 0, missed: 0, score: null, band: null };

function dayOf(option: typeof brighton): PortfolioSite {
  return {
    siteID: option._id,
    name: option.name,
    location: option.location,
    timeZoneId: option.timeZoneId,
    locale: 'en-GB',
    temperatureUnit: 'C',
    timing: [],
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
  };
}

/** The API: the user's sites, their portfolio, and an empty answer for what the bar asks besides. */
function answerSites(sites = [brighton, manchester]) {
  return fakeApi((sent: Sent) => {
    if (sent.path === 'site-panel/simple-list') return ok(sites);
    if (sent.path === 'site-panel/portfolio')
      return ok({
        list: sites.map(dayOf),
        records: sites.length,
        page: 1,
        limit: 25,
        totals: {
          sites: sites.length,
          sitesNeedingAttention: 0,
          openNow: 0,
          tasks: { due: 0, done: 0, late: 0, overdue: 0, upcoming: 0 },
          temperatureFailures: 0,
          sensorsOffline: 0,
          actionsOpen: 0,
          actionsOverdue: 0,
          openNearMisses: 0,
          documentsExpiring: 0,
          documentsExpired: 0,
          week: noWeek,
          attention: 0,
        },
        areas: [],
      });
    if (sent.path === 'area/simple-list') return ok([]);
    return ok({ list: [], records: 0, page: 1, limit: 10, unread: 0 });
  });
}

/** The console at /dashboard: the layout (its bar's site selector) around the dashboard. */
function renderConsole() {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route path="/dashboard" element={<Layout />}>
          <Route index element={<DashboardIndex />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

const overviewHeading = () => screen.findByRole('heading', { name: /^Welcome, / });
const siteDashboard = () => screen.findByRole('heading', { name: 'This week at the site' });

/** The site selector's choices, read with it open and closed again. */
async function selectorChoices(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('combobox', { name: 'Site' }));
  const choices = within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);
  await user.keyboard('{Escape}');
  return choices;
}

beforeEach(() => {
  resetBrowserState();
  registryStore.setState({ listed: true, remotes: [tasksRemote] });
});

test('an organisation admin lands on the overview of every site, and a site chosen there opens its dashboard', async () => {
  const user = userEvent.setup({ delay: null });
  answerSites();
  signInAs('ORGANIZATION_ADMIN');
  renderConsole();
  expect(await overviewHeading()).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'This week at the site' })).toBeNull();
  expect(await screen.findByRole('combobox', { name: 'Site' })).toHaveTextContent('All sites');

  // A site picked in the selector: its dashboard, kept for this person on this device.
  await user.click(screen.getByRole('combobox', { name: 'Site' }));
  await user.click(await screen.findByRole('option', { name: 'Canal Street Deli (Manchester)' }));
  expect(await siteDashboard()).toBeInTheDocument();
  expect(selectedSite.get().selectedSiteID).toBe(manchester._id);
  expect(JSON.parse(localStorage.getItem('dashboardAllSites') ?? 'null')).toMatchObject({ allSites: false });

  // "All sites" again, and a site's name on the overview opens that site's dashboard.
  await user.click(screen.getByRole('combobox', { name: 'Site' }));
  await user.click(await screen.findByRole('option', { name: 'All sites' }));
  expect(await overviewHeading()).toBeInTheDocument();
  await user.click(await screen.findByRole('button', { name: /^Harbour Kitchen \(Brighton\)/ }));
  expect(await siteDashboard()).toBeInTheDocument();
  expect(selectedSite.get().selectedSiteID).toBe(brighton._id);
});

test('a session that expired keeps the choice for the same person; signing out forgets it', async () => {
  answerSites();
  signInAs('ORGANIZATION_ADMIN');
  act(() => dashboardViewStore.getState().setAllSites(false));
  act(() => session.signOut('expired'));
  signInAs('ORGANIZATION_ADMIN');
  const { unmount } = renderConsole();
  expect(await siteDashboard()).toBeInTheDocument();
  unmount();

  act(() => session.signOut());
  expect(localStorage.getItem('dashboardAllSites')).toBeNull();
  signInAs('ORGANIZATION_ADMIN');
  renderConsole();
  expect(await overviewHeading()).toBeInTheDocument();
});

test('another person signing in on the same device starts where their own role looks from', async () => {
  answerSites();
  signInAs('SITE_ADMIN', { siteIds: [brighton._id, manchester._id] });
  // The site admin chose "All sites" for their two sites.
  act(() => dashboardViewStore.getState().setAllSites(true));
  signInAs('SITE_ADMIN', { siteIds: [brighton._id, manchester._id], userID: demoIds.manchester });
  renderConsole();
  expect(await siteDashboard()).toBeInTheDocument();
});

test('a platform admin working in an organisation lands on its overview', async () => {
  answerSites();
  session.signIn(loginResponse({ role: 'ADMIN' }));
  act(() => session.actInOrganization(demoIds.org));
  renderConsole();
  expect(await overviewHeading()).toBeInTheDocument();
});

test('a site admin of one site lands on that site, and is not offered "All sites"', async () => {
  const user = userEvent.setup({ delay: null });
  answerSites([brighton]);
  signInAs('SITE_ADMIN', { siteIds: [brighton._id] });
  renderConsole();
  expect(await siteDashboard()).toBeInTheDocument();
  expect(await selectorChoices(user)).toEqual(['Harbour Kitchen (Brighton)']);
  // Even a choice kept from before (an older console offered it) shows the site.
  act(() => dashboardViewStore.getState().setAllSites(true));
  expect(await siteDashboard()).toBeInTheDocument();
});

test('a site admin of several sites lands on their site, and may choose "All sites" for theirs', async () => {
  const user = userEvent.setup({ delay: null });
  answerSites();
  signInAs('SITE_ADMIN', { siteIds: [brighton._id, manchester._id] });
  renderConsole();
  expect(await siteDashboard()).toBeInTheDocument();
  expect(await selectorChoices(user)).toEqual([
    'All sites',
    'Harbour Kitchen (Brighton)',
    'Canal Street Deli (Manchester)',
  ]);
  await user.click(screen.getByRole('combobox', { name: 'Site' }));
  await user.click(await screen.findByRole('option', { name: 'All sites' }));
  expect(await overviewHeading()).toBeInTheDocument();
});

test('without a remote that publishes a site dashboard, /dashboard is the overview', async () => {
  answerSites();
  signInAs('SITE_ADMIN', { siteIds: [brighton._id] });
  registryStore.setState({ listed: true, remotes: [] });
  renderConsole();
  expect(await overviewHeading()).toBeInTheDocument();
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
  const rules = defineRulesFor({ userID, role, orgId, siteIds: [brighton._id] });
  session.signIn({
    ...response,
    userData: { ...response.userData, siteIds: [brighton._id], ability: rules },
  });
  registryStore.setState({ listed: true, remotes: [unreadable] });
  renderConsole();
  expect(await overviewHeading()).toBeInTheDocument();
});

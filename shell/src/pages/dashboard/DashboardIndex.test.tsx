import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from '@console/shared-sdk/router';
import { defineRulesFor, selectedSite, session, SiteSelector } from '@console/shared-sdk';
import { fakeApi, loginResponse, ok, resetBrowserState, site, type Sent } from '@console/shared-sdk/testing';
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

function answerSites() {
  return fakeApi((sent: Sent) => {
    if (sent.path === 'site-panel/simple-list') return ok([siteOption]);
    if (sent.path === 'site-panel/web-app-list') return ok({ list: [site], records: 1, page: 1, limit: 100 });
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

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '@console/shared-sdk/router';
import { defineRulesFor, session, type Role } from '@console/shared-sdk';
import { registryStore, type RemoteState } from '../remotes/registry';
import { UnmatchedRoute, useRemoteRouteElements } from './RemoteRoutes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const orgId = '0190a000-0000-7000-8000-000000000001';

function signInAs(role: Role) {
  const user = { userID: '0190a000-0000-7000-8000-0000000000f1', role, orgId, siteIds: [] };
  session.signIn({
    accessToken: 'token',
    refreshToken: 'refresh',
    userData: {
      ...user,
      firstName: 'Test',
      lastName: 'User',
      email: 'test@example.com',
      ability: defineRulesFor(user),
      accessToken: 'token',
    },
  });
}

const canary: RemoteState = {
  name: 'mfe-canary',
  entry: '/remotes/mfe-canary/mf-manifest.json',
  title: 'Canary',
  status: 'ready',
  metadata: {
    title: 'Canary',
    requires: '^1.0.0',
    routes: [
      { path: '/dashboard/canary', title: 'Canary', subject: 'Organization' },
      { path: '/dashboard/canary-people', title: 'Canary people', subject: 'User' },
    ],
    menu: [],
  },
  module: {
    screens: {
      '/dashboard/canary': () => <h1>Canary screen</h1>,
      '/dashboard/canary-people': () => <h1>Canary people screen</h1>,
    },
  },
};

function ConsoleRoutes() {
  const remoteRoutes = useRemoteRouteElements();
  return (
    <Routes>
      <Route path="/dashboard">
        {remoteRoutes}
        <Route path="*" element={<UnmatchedRoute />} />
      </Route>
    </Routes>
  );
}

function open(path: string, remote: RemoteState) {
  registryStore.setState({ listed: true, remotes: [remote] });
  render(
    <MemoryRouter initialEntries={[path]}>
      <ConsoleRoutes />
    </MemoryRouter>,
  );
}

afterEach(() => session.signOut());

test('a screen whose subject the user may not read shows the access panel instead', () => {
  signInAs('SITE_ADMIN');
  open('/dashboard/canary-people', canary);
  expect(screen.getByRole('alert')).toHaveTextContent('You do not have access to Canary people');
  expect(screen.queryByText('Canary people screen')).toBeNull();
});

test('the same path shows the screen to a user who may read it', () => {
  signInAs('ORGANIZATION_ADMIN');
  open('/dashboard/canary-people', canary);
  expect(screen.getByRole('heading', { name: 'Canary people screen' })).toBeInTheDocument();
});

test('an incompatible remote shows the version panel, in words', () => {
  signInAs('ORGANIZATION_ADMIN');
  const message =
    'Canary needs console 1.3 or newer; this console runs 1.0.0. Ask your administrator to update the console.';
  open('/dashboard/canary', { ...canary, status: 'incompatible', module: undefined, error: message });
  expect(screen.getByRole('alert')).toHaveTextContent('Canary cannot run in this console');
  expect(screen.getByRole('alert')).toHaveTextContent(message);
});

test('a failed remote says so in words, keeps the detail behind a toggle, and shows that a retry is running', async () => {
  signInAs('ORGANIZATION_ADMIN');
  const detail = '[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003';
  open('/dashboard/canary', { ...canary, status: 'failed', module: undefined, error: detail });
  const panel = screen.getByRole('alert');
  expect(panel).toHaveTextContent('Canary could not be loaded');
  expect(panel).toHaveTextContent('Check your connection and try again.');
  expect(screen.getByText(detail)).not.toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Show details' }));
  expect(screen.getByText(detail)).toBeVisible();

  // A retry that has not answered yet: the button says so and cannot be pressed again.
  const { loadRemote } = jest.requireMock<{ loadRemote: jest.Mock }>('@module-federation/enhanced/runtime');
  loadRemote.mockReturnValue(new Promise(() => undefined));
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(screen.getByRole('button', { name: 'Retrying…' })).toBeDisabled();
  expect(screen.getByRole('alert')).toHaveTextContent('Canary could not be loaded');
});

test('a remote whose description could not be read shows its panel on an address nothing else answers', () => {
  signInAs('ORGANIZATION_ADMIN');
  open('/dashboard/supplier', {
    name: 'mfe-equipment',
    entry: '/remotes/nowhere/mf-manifest.json',
    title: 'Equipment',
    status: 'failed',
    error: 'remote.json answered 404',
  });
  expect(screen.getByRole('alert')).toHaveTextContent('Equipment could not be loaded');
});

test('an address no remote claims is simply not found', () => {
  signInAs('ORGANIZATION_ADMIN');
  open('/dashboard/nothing-here', canary);
  expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
});

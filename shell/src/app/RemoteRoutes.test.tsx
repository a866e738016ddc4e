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
    'Canary needs SDK 1.3 or newer; this console has SDK 1.0.0. Ask your administrator to update the console.';
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

test('a screen Module Federation refuses for a shared SDK version shows the version panel, not a connection problem', async () => {
  signInAs('ORGANIZATION_ADMIN');
  const refused = new Error(
    '[ Federation Runtime ]: Version 1.5.0 from shell of shared singleton module @console/shared-sdk/mui does not satisfy the requirement of undefined which needs ^1.6.0)',
  );
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  open('/dashboard/canary', {
    ...canary,
    module: {
      screens: {
        ...canary.module!.screens,
        '/dashboard/canary': () => {
          throw refused;
        },
      },
    },
  });
  await screen.findByText('Canary cannot run in this console');
  const panel = screen.getByRole('alert');
  expect(panel).toHaveTextContent(
    'Canary needs SDK 1.6 or newer; this console has SDK 1.5.0. Ask your administrator to update the console.',
  );
  expect(panel).not.toHaveTextContent('Check your connection');
  expect(panel).not.toHaveTextContent('undefined');
  // Trying again cannot help, so nothing offers it.
  expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  error.mockRestore();
});

test('a remote whose published description is not valid says so, not "check your connection"', () => {
  signInAs('ORGANIZATION_ADMIN');
  open('/dashboard/supplier', {
    name: 'mfe-equipment',
    entry: '/remotes/mfe-equipment/mf-manifest.json',
    title: 'Equipment',
    status: 'failed',
    invalidDescription: true,
    error: 'remote.json does not describe a remote: routes.0.title: Too small',
  });
  const panel = screen.getByRole('alert');
  expect(panel).toHaveTextContent(
    "Its published description (remote.json) is not valid, so the console cannot show it. Ask whoever deploys Equipment to rebuild it with the SDK's build, which checks the description.",
  );
  expect(panel).not.toHaveTextContent('Check your connection');
});

describe('a remote that brings a subject this console was built without', () => {
  const allergens: RemoteState = {
    ...canary,
    name: 'mfe-allergens',
    title: 'Allergens',
    metadata: {
      title: 'Allergens',
      requires: '^1.0.0',
      routes: [{ path: '/dashboard/allergens', title: 'Allergens', subject: 'Allergen' }],
      menu: [],
    },
    module: { screens: { '/dashboard/allergens': () => <h1>Allergens screen</h1> } },
  };

  test('is guarded like any unreadable subject for a user whose rules do not name it', () => {
    signInAs('ORGANIZATION_ADMIN');
    open('/dashboard/allergens', allergens);
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have access to Allergens');
    expect(screen.queryByText('Allergens screen')).toBeNull();
  });

  test('opens for a user whose rules cover it (the platform admin manages all)', () => {
    signInAs('ADMIN');
    session.actInOrganization(orgId);
    open('/dashboard/allergens', allergens);
    expect(screen.getByRole('heading', { name: 'Allergens screen' })).toBeInTheDocument();
  });
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

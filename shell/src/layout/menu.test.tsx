import { cleanup, render, renderHook, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@console/shared-sdk/router';
import { defineRulesFor, session, type Role } from '@console/shared-sdk';
import { consoleIcons } from '@console/shared-sdk/icons';
import { registryStore } from '../remotes/registry';
import { useMenu } from './menu';
import { SideMenu } from './SideMenu';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const orgId = '0190a000-0000-7000-8000-000000000001';
const brighton = '0190a000-0000-7000-8000-0000000000a1';

function signInAs(role: Role) {
  const userData = {
    userID: '0190a000-0000-7000-8000-0000000000f1',
    firstName: 'Test',
    lastName: 'User',
    email: 'test@example.com',
    role,
    orgId: role === 'ADMIN' ? null : orgId,
    siteIds: role === 'SITE_ADMIN' ? [brighton] : [],
    ability: defineRulesFor({
      userID: 'u',
      role,
      orgId: role === 'ADMIN' ? null : orgId,
      siteIds: [brighton],
    }),
    accessToken: 'token',
  };
  session.signIn({ accessToken: 'token', refreshToken: 'refresh', userData });
}

function menuTitles() {
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <SideMenu collapsed={false} mobileOpen={false} onCloseMobile={() => undefined} />
    </MemoryRouter>,
  );
  // The permanent drawer (desktop) holds the menu; read its links.
  const nav = screen.getAllByRole('navigation', { name: 'Main menu' })[0]!;
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

const equipmentMetadata = {
  title: 'Equipment',
  requires: '^0.1.0',
  routes: [
    { path: '/dashboard/supplier', title: 'Suppliers', subject: 'Supplier' as const },
    { path: '/dashboard/departmentManagment', title: 'Departments', subject: 'Department' as const },
  ],
  menu: [
    {
      title: 'Suppliers',
      path: '/dashboard/supplier',
      subject: 'Supplier' as const,
      section: 'Equipment',
      icon: 'suppliers',
    },
    {
      title: 'Departments',
      path: '/dashboard/departmentManagment',
      subject: 'Department' as const,
      section: 'People',
      icon: 'an-icon-from-a-newer-sdk',
    },
  ],
};

beforeEach(() => {
  // Described, not loaded: the menu comes from the remote's published data alone.
  registryStore.setState({
    listed: true,
    remotes: [
      {
        name: 'mfe-equipment',
        entry: '/remotes/mfe-equipment/mf-manifest.json',
        title: 'Equipment',
        status: 'described',
        metadata: equipmentMetadata,
      },
    ],
  });
});
afterEach(() => session.signOut());

test('an organisation admin sees the organisation and every remote entry it may read, but not the platform list', () => {
  signInAs('ORGANIZATION_ADMIN');
  expect(menuTitles()).toEqual([
    'Dashboard',
    'Sites',
    'Organisation',
    'Webhooks',
    // The People section comes before Equipment (see the sections' order below).
    'Departments',
    'Suppliers',
  ]);
});

test('a platform admin chooses an organisation first, then also sees its entries', () => {
  signInAs('ADMIN');
  // Every other entry would only ask for the choice.
  expect(menuTitles()).toEqual(['Organisations']);
  cleanup();

  session.actInOrganization(orgId);
  expect(menuTitles()).toEqual(expect.arrayContaining(['Dashboard', 'Organisations', 'Sites', 'Suppliers']));
});

test('a site admin sees what its rules allow', () => {
  signInAs('SITE_ADMIN');
  const titles = menuTitles();
  expect(titles).toEqual(expect.arrayContaining(['Dashboard', 'Sites', 'Organisation', 'Suppliers']));
  expect(titles).not.toContain('Organisations');
  // Webhooks hold signing secrets: the organisation admins' alone.
  expect(titles).not.toContain('Webhooks');
});

test('staff (whose rules do not cover the organisation) see no organisation entry', () => {
  signInAs('STAFF');
  expect(menuTitles()).not.toContain('Organisation');
  expect(menuTitles()).not.toContain('Suppliers');
});

test('a remote whose description could not be read offers a retry under a readable name', () => {
  signInAs('ORGANIZATION_ADMIN');
  registryStore.setState({
    listed: true,
    remotes: [{ name: 'mfe-logs', title: 'Logs', entry: '/x', status: 'failed', error: 'manifest 404' }],
  });
  render(
    <MemoryRouter>
      <SideMenu collapsed={false} mobileOpen={false} onCloseMobile={() => undefined} />
    </MemoryRouter>,
  );
  expect(screen.getAllByText('Logs unavailable').length).toBeGreaterThan(0);
  expect(screen.queryByText('mfe-logs unavailable')).toBeNull();
});

describe('a remote that brings a subject this console was built without', () => {
  beforeEach(() => {
    const entry = { title: 'Allergens', path: '/dashboard/allergens', subject: 'Allergen' };
    registryStore.setState({
      remotes: [
        {
          name: 'mfe-allergens',
          entry: '/remotes/mfe-allergens/mf-manifest.json',
          title: 'Allergens',
          status: 'described',
          metadata: {
            title: 'Allergens',
            requires: '^1.0.0',
            routes: [entry],
            menu: [{ ...entry, section: 'Food safety', icon: 'foodItems' }],
          },
        },
      ],
    });
  });

  test('is hidden where the server’s rules do not name it, and never "unavailable"', () => {
    signInAs('ORGANIZATION_ADMIN');
    expect(menuTitles()).not.toContain('Allergens');
    expect(screen.queryByText('Allergens unavailable')).toBeNull();
  });

  test('shows to a user whose rules cover it', () => {
    signInAs('ADMIN');
    session.actInOrganization(orgId);
    expect(menuTitles()).toContain('Allergens');
  });
});

test('a remote entry gets the icon its data names; an unknown name leaves the menu its generic icon', () => {
  signInAs('ORGANIZATION_ADMIN');
  const { result } = renderHook(() => useMenu());
  const items = result.current.flatMap((section) => section.items);
  expect(items.find((item) => item.title === 'Suppliers')?.Icon).toBe(consoleIcons.suppliers);
  expect(items.find((item) => item.title === 'Departments')?.Icon).toBeUndefined();
});

test('the day’s work comes right after the overview, whatever order the remotes are listed in', () => {
  signInAs('ADMIN');
  session.actInOrganization(orgId);
  const remote = (name: string, section: string, path: string, subject: 'Task' | 'Supplier' | 'User') => ({
    name,
    entry: `/remotes/${name}/mf-manifest.json`,
    title: section,
    status: 'described' as const,
    metadata: {
      title: section,
      requires: '^1.0.0',
      routes: [{ path, title: section, subject }],
      menu: [{ title: section, path, subject, section, icon: 'tasks' }],
    },
  });
  // /remotes.json lists them by name, so the tasks remote comes last.
  registryStore.setState({
    listed: true,
    remotes: [
      remote('mfe-allergens', 'Food safety', '/dashboard/allergens', 'Supplier'),
      remote('mfe-equipment', 'Equipment', '/dashboard/supplier', 'Supplier'),
      remote('mfe-logs', 'Logs', '/dashboard/temperatureLog', 'Task'),
      remote('mfe-people', 'People', '/dashboard/staff', 'User'),
      remote('mfe-reports', 'Reports', '/dashboard/reports', 'Task'),
      remote('mfe-tasks', 'Tasks', '/dashboard/task', 'Task'),
    ],
  });
  const { result } = renderHook(() => useMenu());
  expect(result.current.map((section) => section.title)).toEqual([
    'Overview',
    'Tasks',
    'Logs',
    'People',
    'Equipment',
    'Reports',
    // A section the console does not know comes after those it does, and the platform's own list last.
    'Food safety',
    'Platform',
  ]);
});

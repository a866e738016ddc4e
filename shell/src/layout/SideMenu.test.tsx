import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import StoreIcon from '@mui/icons-material/Store';
import { MemoryRouter } from '@console/shared-sdk/router';
import { shellMenu, type MenuSection } from './menu';
import { SideMenu } from './SideMenu';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

// The menu's data (which entries, in which order) is menu.tsx's; this file checks how it is drawn.
const sections: MenuSection[] = [
  {
    title: 'Overview',
    items: [
      {
        title: 'Sites',
        path: '/dashboard/sites',
        section: 'Overview',
        Icon: StoreIcon,
        action: 'read',
        subject: 'Site',
        order: 1,
      },
      // The shell's nested pair: Webhooks lives under the organisation's path.
      ...shellMenu.filter(
        (item) => item.path.startsWith('/dashboard/organization/') || item.path === '/dashboard/organization',
      ),
    ],
  },
  {
    title: 'Reports',
    items: [
      {
        title: 'Site scores',
        path: '/dashboard/reports',
        section: 'Reports',
        action: 'read',
        subject: 'ScoreReport',
        order: 0,
      },
      {
        title: 'Inspection pack',
        path: '/dashboard/reports/inspection',
        section: 'Reports',
        action: 'read',
        subject: 'ScoreReport',
        order: 1,
      },
    ],
  },
  {
    title: 'Equipment',
    items: [
      // A remote's entries, published without icons.
      {
        title: 'Suppliers',
        path: '/dashboard/supplier',
        section: 'Equipment',
        action: 'read',
        subject: 'Supplier',
        order: 0,
      },
      {
        title: 'Fridges',
        path: '/dashboard/fridge',
        section: 'Equipment',
        action: 'read',
        subject: 'MasterType',
        order: 1,
      },
    ],
  },
];
jest.mock('./menu', () => ({
  ...jest.requireActual<object>('./menu'),
  useMenu: () => sections,
}));

function renderMenu(collapsed: boolean, path = '/dashboard/sites') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <SideMenu collapsed={collapsed} mobileOpen={false} onCloseMobile={() => undefined} />
    </MemoryRouter>,
  );
  // The permanent drawer (desktop) comes second; the temporary one (phones) is kept mounted first.
  return screen.getAllByRole('navigation', { name: 'Main menu' }).at(-1)!;
}

test('collapsed, every entry (a remote’s too) keeps an icon and its name, and says its title on hover', async () => {
  const nav = renderMenu(true);
  for (const title of ['Sites', 'Suppliers', 'Fridges']) {
    const link = within(nav).getByRole('link', { name: title });
    expect(link.querySelector('svg')).not.toBeNull();
  }
  await userEvent.hover(within(nav).getByRole('link', { name: 'Fridges' }));
  expect(await screen.findByRole('tooltip')).toHaveTextContent('Fridges');
});

test('collapsed, the Equipment entries are reachable with the keyboard', async () => {
  const nav = renderMenu(true);
  const links = within(nav).getAllByRole('link');
  for (const link of links) {
    await userEvent.tab();
    expect(link).toHaveFocus();
  }
  expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
    'Sites',
    'Organisation',
    'Webhooks',
    'Site scores',
    'Inspection pack',
    'Suppliers',
    'Fridges',
  ]);
});

test('collapsed, the brand is the console’s mark with its name, not a pair of letters', () => {
  renderMenu(true);
  expect(screen.getAllByRole('img', { name: 'Compliance Console' }).length).toBeGreaterThan(0);
  expect(screen.queryByText('CC')).toBeNull();
  expect(screen.queryByText('C.')).toBeNull();
});

test('expanded, entries show their titles and an entry without an icon still has one', () => {
  const nav = renderMenu(false);
  const suppliers = within(nav).getByRole('link', { name: 'Suppliers' });
  expect(suppliers).toHaveTextContent('Suppliers');
  expect(suppliers.querySelector('svg')).not.toBeNull();
  expect(within(nav).getByRole('link', { name: 'Sites' })).toHaveClass('Mui-selected');
});

test('each section is a list of the section’s name, whose items each hold one entry', () => {
  const nav = renderMenu(false);
  const lists = within(nav).getAllByRole('list');
  expect(lists).toHaveLength(3);
  expect(within(nav).getByRole('list', { name: 'Overview' })).toBeInTheDocument();
  const equipment = within(nav).getByRole('list', { name: 'Equipment' });
  // A list holds list items only (no bare links, no headings); each item is one entry's link.
  for (const list of lists) for (const child of list.children) expect(child.tagName).toBe('LI');
  const items = within(equipment).getAllByRole('listitem');
  expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual(['Suppliers', 'Fridges']);
});

test('the console’s name is part of the main menu, not outside every landmark', () => {
  const nav = renderMenu(false);
  expect(within(nav).getByText('Compliance Console')).toBeInTheDocument();
});

test.each([
  ['/dashboard/organization/webhooks', 'Webhooks'],
  ['/dashboard/organization', 'Organisation'],
  ['/dashboard/reports/inspection', 'Inspection pack'],
  ['/dashboard/reports', 'Site scores'],
  ['/dashboard/fridge/0190a000-0000-7000-8000-0000000000c1', 'Fridges'],
])('at %s only %s is the current page, though other entries’ paths begin it', (path, title) => {
  const nav = renderMenu(false, path);
  const current = within(nav)
    .getAllByRole('link')
    .filter(
      (link) => link.getAttribute('aria-current') === 'page' || link.classList.contains('Mui-selected'),
    );
  expect(current.map((link) => link.textContent)).toEqual([title]);
  expect(within(nav).getByRole('link', { name: title })).toHaveAttribute('aria-current', 'page');
});

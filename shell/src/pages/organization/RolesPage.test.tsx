import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Notifications } from '@console/shared-sdk';
import {
  demoIds,
  fail,
  fakeApi,
  listPage,
  ok,
  renderWithRouter,
  resetBrowserState,
  rowAction,
  signInAs,
  type Sent,
} from '@console/shared-sdk/testing';
import type { CustomRole, GrantableSubject, RoleMember } from '@console/shared-sdk/organization';
import { MemoryRouter } from '@console/shared-sdk/router';
import { RolesCard } from './RolesCard';
import { RolesPage } from './RolesPage';

const consoleSubject = (
  name: string,
  title: string,
  actions: GrantableSubject['actions'],
): GrantableSubject => ({
  name,
  title,
  siteScoped: true,
  actions,
  remote: null,
  defaults: null,
  organisationDefaults: null,
});
const allergens: GrantableSubject = {
  name: 'Allergen',
  title: 'Allergens',
  siteScoped: true,
  actions: ['read', 'create', 'update', 'delete'],
  remote: 'Menu',
  defaults: { ORGANIZATION_ADMIN: ['manage'], SITE_ADMIN: ['read', 'create'], STAFF: ['read'] },
  organisationDefaults: null,
};
const subjects = [
  consoleSubject('Supplier', 'Suppliers', ['read', 'create', 'update', 'delete']),
  consoleSubject('ComplianceLog', 'Compliance logs', ['read', 'create', 'update', 'delete', 'verify']),
  allergens,
];

const siteManager: CustomRole = {
  _id: '0190a000-0000-7000-8000-0000000000f1',
  orgId: demoIds.org,
  name: 'Site manager',
  description: 'Verifies logs, leaves the equipment alone',
  grants: [{ subject: 'ComplianceLog', actions: ['read', 'verify'] }],
  memberCount: 1,
  createdAt: '2025-05-01T09:00:00.000Z',
  updatedAt: '2025-05-02T09:00:00.000Z',
};
const buyer: CustomRole = {
  ...siteManager,
  _id: '0190a000-0000-7000-8000-0000000000f2',
  name: 'Buyer',
  description: '',
  grants: [{ subject: 'Supplier', actions: ['read', 'create'] }],
  memberCount: 1,
};
const priya: RoleMember = {
  _id: '0190a000-0000-7000-8000-0000000000a1',
  firstName: 'Priya',
  lastName: 'Shah',
  email: 'priya@example.com',
  siteNames: ['Brighton'],
};
const tom = {
  _id: '0190a000-0000-7000-8000-0000000000a2',
  firstName: 'Tom',
  lastName: 'Hale',
  email: 'tom@example.com',
  siteNames: ['Manchester'],
};

/** The API as far as the screen uses it; `answer` may answer a call first. */
function fakeRolesApi({
  roles = [siteManager, buyer],
  brought = subjects,
  answer,
}: {
  roles?: CustomRole[];
  brought?: GrantableSubject[];
  answer?: (sent: Sent) => Response | undefined;
} = {}) {
  let shownSubjects = brought;
  return fakeApi((sent: Sent) => {
    const special = answer?.(sent);
    if (special) return special;
    switch (sent.path) {
      case 'role/web-app-list':
        return ok(listPage(roles));
      case 'role/subject-list':
        return ok(shownSubjects);
      case `role/find-one/${siteManager._id}`:
        return ok(siteManager);
      case `role/member-list/${siteManager._id}`:
        return ok([priya]);
      case `role/member-list/${buyer._id}`:
        return ok([tom]);
      case 'role/create-new-one':
        return ok(
          { ...siteManager, _id: '0190a000-0000-7000-8000-0000000000f3', ...JSON.parse(sent.body) },
          'Role made',
        );
      case 'role/assign':
        return ok(null, 'Role given');
      case 'role/subject-defaults': {
        const { subject: _subject, ...own } = JSON.parse(sent.body) as Record<string, unknown>;
        shownSubjects = shownSubjects.map((each) =>
          each.name === 'Allergen' ? { ...each, organisationDefaults: own } : each,
        );
        return ok(
          shownSubjects.find((each) => each.name === 'Allergen'),
          'Saved for your organisation',
        );
      }
      case 'role/subject-defaults/Allergen':
        shownSubjects = shownSubjects.map((each) =>
          each.name === 'Allergen' ? { ...each, organisationDefaults: null } : each,
        );
        return ok(allergens, "Back to the remote's defaults");
      case 'staff-people/simple-list':
        return ok(
          [
            priya,
            tom,
            {
              ...tom,
              _id: '0190a000-0000-7000-8000-0000000000a3',
              firstName: 'Ana',
              lastName: 'Ruiz',
              email: 'ana@example.com',
            },
          ].map(({ siteNames: _sites, ...person }) => ({
            ...person,
            fullName: `${person.firstName} ${person.lastName}`,
            userRole: 'SITE_ADMIN',
          })),
        );
      default:
        return ok(null);
    }
  });
}

const renderPage = (url = '/dashboard/organization/roles') =>
  renderWithRouter(
    <>
      <RolesPage />
      <Notifications />
    </>,
    url,
  );

/** Opens New role on a fresh page and names the role: the form's dialog. */
async function newRole(api: Parameters<typeof fakeRolesApi>[0], name: string) {
  signInAs('ORGANIZATION_ADMIN');
  const sent = fakeRolesApi(api);
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'New role' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'New role' }));
  await user.type(await dialog.findByRole('textbox', { name: /^Name/ }), name);
  return { api: sent, user, dialog };
}

// The grid, the form's lazily loaded fields and the dialogs render slowly in jsdom.
jest.setTimeout(60_000);

beforeEach(() => resetBrowserState());

test('the page says what each fixed role may do, and lists the custom roles with how many hold them', async () => {
  signInAs('ORGANIZATION_ADMIN');
  fakeRolesApi();
  renderPage();
  expect(await screen.findByRole('heading', { name: 'Roles', level: 1 })).toBeInTheDocument();
  const fixed = within(screen.getByRole('region', { name: 'Fixed roles' }));
  for (const role of ['Admin', 'Organisation Admin', 'Site Admin', 'Staff'])
    expect(fixed.getByText(role)).toBeInTheDocument();
  const row = (await screen.findByText('Site manager')).closest<HTMLElement>('[role="row"]')!;
  expect(within(row).getByText('1 person')).toBeInTheDocument();
  expect(within(row).getByText('Verifies logs, leaves the equipment alone')).toBeInTheDocument();
});

test('with no custom role yet, the page says what one is for and offers to make one', async () => {
  signInAs('ORGANIZATION_ADMIN');
  fakeRolesApi({ roles: [], brought: subjects.filter((subject) => subject.remote === null) });
  renderPage();
  const empty = await screen.findByText(/No custom roles yet\. Make one for site admins/);
  expect(
    within(empty.closest<HTMLElement>('[role="status"]')!).getByRole('button', { name: 'New role' }),
  ).toBeInTheDocument();
  expect(await screen.findByText('No remote brings subjects of its own yet.')).toBeInTheDocument();
});

test('making a role sends the name, the description and the pairs ticked, in the console’s order', async () => {
  const { api, user, dialog } = await newRole({ roles: [] }, 'Allergen lead');
  await user.type(dialog.getByRole('textbox', { name: /^Description/ }), 'Keeps the allergen matrix');

  const grid = await dialog.findByRole('table', { name: /Tick what holders may do/ });
  // Grouped: the console's subjects, then each remote's under its name.
  expect(within(grid).getByRole('rowheader', { name: "The console's" })).toBeInTheDocument();
  expect(within(grid).getByRole('rowheader', { name: 'From remotes: Menu' })).toBeInTheDocument();
  // Only the actions a subject offers.
  expect(within(grid).queryByRole('checkbox', { name: 'Verify Suppliers' })).toBeNull();
  await user.click(within(grid).getByRole('checkbox', { name: 'Add Suppliers' }));
  await user.click(within(grid).getByRole('checkbox', { name: 'Read Suppliers' }));
  await user.click(within(grid).getByRole('checkbox', { name: 'Read Allergens' }));
  await user.click(within(grid).getByRole('checkbox', { name: 'Verify Compliance logs' }));
  await user.click(within(grid).getByRole('checkbox', { name: 'Verify Compliance logs' }));
  await user.click(dialog.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(api.to('role/create-new-one')).toHaveLength(1));
  expect(JSON.parse(api.to('role/create-new-one')[0]!.body)).toEqual({
    name: 'Allergen lead',
    description: 'Keeps the allergen matrix',
    grants: [
      { subject: 'Supplier', actions: ['read', 'create'] },
      { subject: 'Allergen', actions: ['read'] },
    ],
  });
  expect(await screen.findByText('Role made')).toBeInTheDocument();
});

test('a role with nothing ticked is not sent: the grid says why', async () => {
  const { api, user, dialog } = await newRole({ roles: [] }, 'Nothing');
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  expect(await dialog.findByRole('group', { name: /^What it may do/ })).toHaveAccessibleDescription(
    'Choose at least one thing the role may do',
  );
  expect(api.to('role/create-new-one')).toHaveLength(0);
});

test('a name already taken (409) and a refused pair (400) show on their fields, and the form stays open', async () => {
  let refusal = 409;
  const { api, user, dialog } = await newRole(
    {
      roles: [],
      answer: (sent) => {
        if (sent.path !== 'role/create-new-one') return undefined;
        return refusal === 409
          ? fail(409, {
              message: 'A role called "Buyer" already exists',
              error: 'CONFLICT',
              details: { fieldErrors: { name: ['A role called "Buyer" already exists'] } },
            })
          : fail(400, {
              message: 'Check the highlighted fields',
              error: 'VALIDATION_ERROR',
              details: { fieldErrors: { 'grants.0.subject': ['No remote brings this subject any more'] } },
            });
      },
    },
    'Buyer',
  );
  await user.click(await dialog.findByRole('checkbox', { name: 'Read Suppliers' }));
  await user.click(dialog.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(api.to('role/create-new-one')).toHaveLength(1));
  expect(await dialog.findByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
    'A role called "Buyer" already exists',
  );

  refusal = 400;
  await user.clear(dialog.getByRole('textbox', { name: /^Name/ }));
  await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Buyers');
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('role/create-new-one')).toHaveLength(2));
  expect(await dialog.findByRole('group', { name: /^What it may do/ })).toHaveAccessibleDescription(
    'No remote brings this subject any more',
  );
  expect(screen.getByRole('dialog', { name: 'New role' })).toBeInTheDocument();
});

test('deleting a role first says its holders go back to the site admin’s rules', async () => {
  signInAs('ORGANIZATION_ADMIN');
  const api = fakeRolesApi();
  const user = userEvent.setup();
  renderPage();
  await screen.findByText('Site manager');
  await user.click(await rowAction(user, 'Delete Site manager'));
  const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete role “Site manager”?' }));
  expect(confirm.getByText(/The person holding it goes back to the site admin’s rules/)).toBeInTheDocument();
  await user.click(confirm.getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(api.to(`role/delete-one/${siteManager._id}`)).toHaveLength(1));
});

test('a role’s people: removing one gives back the site admin’s rules, adding one moves them from another role', async () => {
  signInAs('ORGANIZATION_ADMIN');
  const api = fakeRolesApi();
  const user = userEvent.setup();
  renderPage();
  await screen.findByText('Site manager');
  await user.click(await rowAction(user, 'View Site manager'));
  const people = within(await screen.findByRole('table', { name: 'People holding “Site manager”' }));
  expect(people.getByRole('rowheader', { name: 'Priya Shah' })).toBeInTheDocument();
  expect(people.getByText('priya@example.com')).toBeInTheDocument();
  expect(people.getByText('Brighton')).toBeInTheDocument();
  // What the role allows, in words.
  expect(await screen.findByText('Compliance logs: Read, Verify')).toBeInTheDocument();

  await user.click(people.getByRole('button', { name: 'Remove Priya Shah' }));
  await waitFor(() => expect(api.to('role/assign')).toHaveLength(1));
  expect(JSON.parse(api.to('role/assign')[0]!.body)).toEqual({ userID: priya._id, roleID: null });

  await user.click(screen.getByRole('button', { name: 'Add person' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add a person to “Site manager”' }));
  await user.click(await dialog.findByRole('combobox', { name: /^Site admin/ }));
  // Those holding it already are not offered; one holding another role is said to move.
  expect(await screen.findByRole('option', { name: 'Ana Ruiz (ana@example.com)' })).toBeInTheDocument();
  expect(screen.queryByRole('option', { name: /Priya Shah/ })).toBeNull();
  await user.click(
    screen.getByRole('option', { name: 'Tom Hale (tom@example.com): holds “Buyer”, moves here' }),
  );
  await user.click(dialog.getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(api.to('role/assign')).toHaveLength(2));
  expect(JSON.parse(api.to('role/assign')[1]!.body)).toEqual({ userID: tom._id, roleID: siteManager._id });
});

test('the remotes’ subjects: each role’s actions from the remote, changed and saved for the organisation, then given back', async () => {
  signInAs('ORGANIZATION_ADMIN');
  const api = fakeRolesApi();
  const user = userEvent.setup();
  renderPage();
  const section = within(await screen.findByRole('region', { name: 'Allergens' }));
  expect(section.getByText("Remote's default")).toBeInTheDocument();
  // The remote's "manage" is every action the subject offers.
  expect(section.getByRole('checkbox', { name: 'Delete Allergens: Organisation Admin' })).toBeChecked();
  expect(section.getByRole('checkbox', { name: 'Add Allergens: Site Admin' })).toBeChecked();
  expect(section.getByRole('checkbox', { name: 'Add Allergens: Staff' })).not.toBeChecked();
  expect(section.queryByRole('button', { name: "Use the remote's defaults" })).toBeNull();

  await user.click(section.getByRole('checkbox', { name: 'Change Allergens: Site Admin' }));
  await user.click(section.getByRole('checkbox', { name: 'Read Allergens: Staff' }));
  await user.click(section.getByRole('button', { name: 'Save what each role may do with Allergens' }));

  await waitFor(() => expect(api.to('role/subject-defaults')).toHaveLength(1));
  expect(JSON.parse(api.to('role/subject-defaults')[0]!.body)).toEqual({
    subject: 'Allergen',
    ORGANIZATION_ADMIN: ['read', 'create', 'update', 'delete'],
    SITE_ADMIN: ['read', 'create', 'update'],
    STAFF: [],
  });
  expect(await screen.findByText('Saved for your organisation')).toBeInTheDocument();
  const saved = within(await screen.findByRole('region', { name: 'Allergens' }));
  expect(await saved.findByText("Your organisation's own")).toBeInTheDocument();

  await user.click(saved.getByRole('button', { name: "Use the remote's defaults" }));
  await waitFor(() => expect(api.to('role/subject-defaults/Allergen')).toHaveLength(1));
  expect(api.to('role/subject-defaults/Allergen')[0]!.method).toBe('DELETE');
  expect(await screen.findByText("Remote's default")).toBeInTheDocument();
});

test('a site admin has no way to the roles: no card, and the screen says it is not theirs without asking the API', async () => {
  signInAs('SITE_ADMIN', { siteIds: [demoIds.brighton] });
  const api = fakeRolesApi();
  render(
    <MemoryRouter>
      <RolesCard />
    </MemoryRouter>,
  );
  expect(screen.queryByRole('link', { name: 'Open roles' })).toBeNull();

  renderPage();
  expect(await screen.findByRole('alert')).toHaveTextContent('You do not have access to Roles');
  expect(api.sent).toHaveLength(0);
});

test('an organisation admin finds the way in from the organisation’s page', () => {
  signInAs('ORGANIZATION_ADMIN');
  render(
    <MemoryRouter>
      <RolesCard />
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: 'Open roles' })).toHaveAttribute(
    'href',
    '/dashboard/organization/roles',
  );
});

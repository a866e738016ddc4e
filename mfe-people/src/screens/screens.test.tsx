import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { notifyStore } from '@console/shared-sdk';
import type { DepartmentDetail, StaffMember } from '@console/shared-sdk/people';
import {
  chooseSite,
  fail,
  fakeApi,
  gridProps,
  listPage,
  offersRowAction,
  ok,
  renderOnSiteRoute,
  resetBrowserState,
  rowAction,
  signInAs,
  siteOption,
  type Sent,
} from '@console/shared-sdk/testing';
import { ResourceScreen } from '@console/shared-sdk/ui';
import { departments } from './departments';
import { importProblems, importSummary } from './import-dialog';
import { staff, StaffScreen } from './staff';
import { exportQuery } from './staff-toolbar';
import { peopleIds, person, stamps } from './testing';

// Forms typed into on a shared, busy machine: the default 5 s per test is too tight.
jest.setTimeout(30_000);

/** Where the console shows these screens: a route that remote.json marks site-scoped. */
const screenUrl = '/dashboard/staff';

const ids = { ...peopleIds, bar: '0190a000-0000-7000-8000-0000000000f2' };
const aisha = person();
const tom = person({
  _id: ids.tom,
  userID: ids.tom,
  firstName: 'Tom',
  lastName: 'Fletcher',
  fullName: 'Tom Fletcher',
  email: 'tom.fletcher@harbourvine.example',
  departmentID: [],
  departments: [],
  invitation: 'PENDING',
  lastSignInAt: null,
});

const departmentOption = (id: string, name: string, siteID = ids.brighton) => ({
  _id: id,
  value: id,
  label: name,
  name,
  siteID,
});
/**
 * The API as the people screens use it: the staff list, the pickers' lists, and whatever `extra` answers
 * first (writes, uploads).
 */
function peopleApi(rows: StaffMember[], extra?: (sent: Sent) => Response | undefined) {
  return fakeApi((sent) => {
    const special = extra?.(sent);
    if (special) return special;
    switch (sent.path) {
      case 'staff-people/web-app-list':
        return ok(listPage(rows));
      case 'department-panel/simple-list':
        return ok(
          sent.query.get('siteID') === ids.brighton
            ? [departmentOption(ids.kitchen, 'Kitchen'), departmentOption(ids.bar, 'Bar')]
            : [],
        );
      case 'department-panel/simple-list2':
        return ok([departmentOption(ids.kitchen, 'Kitchen'), departmentOption(ids.bar, 'Bar')]);
      case 'site-panel/simple-list':
        return ok([
          siteOption(ids.brighton, { name: 'Brighton' }),
          siteOption(ids.manchester, { name: 'Manchester' }),
        ]);
      default:
        return fail(404, { message: `No fake for ${sent.method} ${sent.path}`, error: 'NOT_FOUND' });
    }
  });
}

const lists = (sent: Sent[]) => sent.filter((s) => s.path === 'staff-people/web-app-list');
/** Requests that change something (simple-list2 is a POST that only reads). */
const writes = (sent: Sent[]) => sent.filter((s) => s.method !== 'GET' && !s.path.endsWith('/simple-list2'));

beforeEach(() => {
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
  chooseSite(ids.brighton);
});

describe('the staff list', () => {
  test("shows the selected site's people by full name with their role, departments, status and invitation", async () => {
    const api = peopleApi([aisha, tom]);
    renderOnSiteRoute(<ResourceScreen resource={staff} gridProps={gridProps} />, screenUrl);
    const row = (await screen.findByText('Aisha Khan')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('aisha.khan@harbourvine.example')).toBeInTheDocument();
    expect(within(row).getByText('Staff')).toBeInTheDocument();
    expect(within(row).getByText('Kitchen')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('Accepted')).toBeInTheDocument();
    const first = lists(api.sent)[0]!;
    expect(first.query.get('siteID')).toBe(ids.brighton);
    expect(first.query.get('sort')).toBe('fullName');
  });

  test("a person the company's directory manages says so in the list; one made by hand does not", async () => {
    peopleApi([aisha, { ...tom, provisionedBy: 'SCIM' }]);
    renderOnSiteRoute(<ResourceScreen resource={staff} gridProps={gridProps} />, screenUrl);
    const row = (await screen.findByText('Tom Fletcher')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('From directory')).toBeInTheDocument();
    const made = screen.getByText('Aisha Khan').closest('[role="row"]') as HTMLElement;
    expect(within(made).queryByText('From directory')).toBeNull();
  });

  test('role, department (of the selected site) and status filters narrow the request', async () => {
    const api = peopleApi([aisha]);
    const user = userEvent.setup();
    renderOnSiteRoute(<ResourceScreen resource={staff} gridProps={gridProps} />, screenUrl);
    await screen.findByText('Aisha Khan');

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Site admin' }));
    await user.click(screen.getByRole('combobox', { name: 'Department' }));
    await user.click(await screen.findByRole('option', { name: 'Kitchen' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Inactive' }));

    await waitFor(() => {
      const last = lists(api.sent).at(-1)!.query;
      expect(Object.fromEntries(last)).toMatchObject({
        siteID: ids.brighton,
        role: 'SITE_ADMIN',
        departmentID: ids.kitchen,
        status: 'INACTIVE',
        page: '1',
      });
    });
    // The department choices are the selected site's.
    const departmentLists = api.sent.filter((s) => s.path === 'department-panel/simple-list');
    expect(departmentLists.map((s) => s.query.get('siteID'))).toContain(ids.brighton);

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(lists(api.sent).at(-1)!.query.has('role')).toBe(false));
    expect(lists(api.sent).at(-1)!.query.get('status')).toBe('INACTIVE');
  });

  test('deactivating asks first, then sets the status; invite again is offered only before acceptance', async () => {
    const api = peopleApi([aisha, tom], (sent) =>
      sent.method === 'PATCH' || sent.method === 'POST' ? ok(null, 'Done') : undefined,
    );
    const user = userEvent.setup();
    renderOnSiteRoute(<ResourceScreen resource={staff} gridProps={gridProps} />, screenUrl);
    await screen.findByText('Aisha Khan');
    // Up to three actions a row are buttons, the rest under "More actions".
    expect(await offersRowAction(user, 'Invite again Aisha Khan')).toBe(false);
    expect(await offersRowAction(user, 'Invite again Tom Fletcher')).toBe(true);

    await user.click(await rowAction(user, 'Deactivate Aisha Khan'));
    const confirm = screen.getByRole('alertdialog', { name: 'Deactivate Aisha Khan?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(writes(api.sent)).toHaveLength(0);

    await user.click(await rowAction(user, 'Deactivate Aisha Khan'));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Deactivate Aisha Khan?' })).getByRole('button', {
        name: 'Deactivate',
      }),
    );
    await waitFor(() => expect(writes(api.sent)).toHaveLength(1));
    expect(writes(api.sent)[0]).toMatchObject({ method: 'PATCH', path: 'staff-people/update-status' });
    expect(JSON.parse(writes(api.sent)[0]!.body)).toEqual({ _id: ids.aisha, status: 'INACTIVE' });
  });

  test('a site admin acts on the people of its sites, and is offered no deactivate on itself', async () => {
    signInAs('SITE_ADMIN', { siteIds: [ids.brighton] });
    const me = person({ _id: ids.me, userID: ids.me, fullName: 'Marcus Reid', userRole: 'SITE_ADMIN' });
    peopleApi([aisha, me]);
    const user = userEvent.setup();
    renderOnSiteRoute(<ResourceScreen resource={staff} gridProps={gridProps} />, screenUrl);
    await screen.findByText('Aisha Khan');
    // A person of one of its sites: the site rule matches any of their sites.
    expect(screen.getByLabelText('Edit Aisha Khan')).toBeInTheDocument();
    expect(await offersRowAction(user, 'Deactivate Aisha Khan')).toBe(true);
    expect(await offersRowAction(user, 'Deactivate Marcus Reid')).toBe(false);
  });

  test('a site admin is offered no invite, deactivate or activate on another admin', async () => {
    signInAs('SITE_ADMIN', { siteIds: [ids.brighton] });
    const colleague = person({
      _id: ids.tom,
      userID: ids.tom,
      fullName: 'Tom Fletcher',
      userRole: 'SITE_ADMIN',
      invitation: 'PENDING',
    });
    peopleApi([aisha, colleague]);
    const user = userEvent.setup();
    renderOnSiteRoute(<ResourceScreen resource={staff} gridProps={gridProps} />, screenUrl);
    await screen.findByText('Tom Fletcher');
    expect(await offersRowAction(user, 'Deactivate Aisha Khan')).toBe(true);
    expect(await offersRowAction(user, 'Deactivate Tom Fletcher')).toBe(false);
    expect(await offersRowAction(user, 'Invite again Tom Fletcher')).toBe(false);
  });
});

describe('the staff form', () => {
  async function openAdd() {
    const user = userEvent.setup();
    renderOnSiteRoute(<ResourceScreen resource={staff} gridProps={gridProps} />, screenUrl);
    await user.click((await screen.findAllByRole('button', { name: 'Add staff member' }))[0]!);
    return { user, dialog: screen.getByRole('dialog', { name: 'Add staff member' }) };
  }

  test('names, a valid e-mail and a site are required; nothing is sent until they are given', async () => {
    const api = peopleApi([]);
    const { user, dialog } = await openAdd();
    // Starts at the selected site: take it away to see the rule.
    await user.click(await within(dialog).findByRole('combobox', { name: 'Sites' }));
    await user.click(await screen.findByRole('option', { name: 'Brighton' }));
    await user.keyboard('{Escape}');
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Last name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Must be a valid e-mail address')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one site')).toBeInTheDocument();
    expect(writes(api.sent)).toHaveLength(0);
  });

  test('a new person is sent with their sites and departments, as the contract has it', async () => {
    const api = peopleApi([], (sent) =>
      sent.method === 'POST' && sent.path === 'staff-people/create-new-one'
        ? ok(person({ firstName: 'Priya', lastName: 'Shah', fullName: 'Priya Shah' }), 'Invitation sent')
        : undefined,
    );
    const { user, dialog } = await openAdd();
    await user.type(within(dialog).getByLabelText(/^First name/), 'Priya');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Shah');
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'priya.shah@harbourvine.example');
    await user.click(within(dialog).getByRole('combobox', { name: 'Departments' }));
    await user.click(await screen.findByRole('option', { name: 'Bar' }));
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(writes(api.sent)).toHaveLength(1));
    const sent = writes(api.sent)[0]!;
    expect(sent.path).toBe('staff-people/create-new-one');
    expect(JSON.parse(sent.body)).toEqual({
      firstName: 'Priya',
      lastName: 'Shah',
      email: 'priya.shah@harbourvine.example',
      mobileNumber: null,
      gender: null,
      userRole: 'STAFF',
      siteIDs: [ids.brighton],
      departmentID: [ids.bar],
    });
    // The departments offered are those of the person's sites.
    const asked = api.sent.find((s) => s.path === 'department-panel/simple-list2')!;
    expect(JSON.parse(asked.body)).toEqual({ list: [ids.brighton] });
  });

  test('an e-mail already in use is shown under the field', async () => {
    peopleApi([], (sent) =>
      sent.method === 'POST'
        ? fail(409, {
            message: 'This e-mail address is already in use',
            error: 'CONFLICT',
            details: { fieldErrors: { email: ['This e-mail address is already in use'] } },
          })
        : undefined,
    );
    const { user, dialog } = await openAdd();
    await user.type(within(dialog).getByLabelText(/^First name/), 'Priya');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Shah');
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'owner@harbourvine.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This e-mail address is already in use')).toBeInTheDocument();
    expect(notifyStore.getState().error).toBeNull();
  });

  test('editing someone who also works at a site the site admin does not run names that site and keeps it', async () => {
    signInAs('SITE_ADMIN', { siteIds: [ids.brighton] });
    const both = person({
      siteIDs: [ids.brighton, ids.manchester],
      sites: [
        { _id: ids.brighton, name: 'Brighton' },
        { _id: ids.manchester, name: 'Manchester' },
      ],
    });
    const api = fakeApi((sent) => {
      if (sent.path === 'staff-people/web-app-list') return ok(listPage([both]));
      if (sent.path === 'site-panel/simple-list') return ok([siteOption(ids.brighton, { name: 'Brighton' })]);
      if (sent.path === 'department-panel/simple-list2')
        return ok([departmentOption(ids.kitchen, 'Kitchen')]);
      if (sent.method === 'PUT') return ok(both, 'Saved');
      return ok([]);
    });
    const user = userEvent.setup();
    renderOnSiteRoute(<ResourceScreen resource={staff} gridProps={gridProps} />, screenUrl);
    await user.click(await screen.findByLabelText('Edit Aisha Khan'));
    const dialog = screen.getByRole('dialog', { name: 'Edit staff member' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Sites' })).toHaveTextContent(
        'Brighton, Manchester',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(api.sent)).toHaveLength(1));
    expect(JSON.parse(writes(api.sent)[0]!.body)).toMatchObject({
      _id: ids.aisha,
      siteIDs: [ids.brighton, ids.manchester],
      departmentID: [ids.kitchen],
    });
    // A person has sites, not a site: nothing of the form's own or the kit's site goes along.
    expect(JSON.parse(writes(api.sent)[0]!.body)).not.toHaveProperty('siteID');
    expect(JSON.parse(writes(api.sent)[0]!.body)).not.toHaveProperty('knownSites');
  });

  test('a site admin can give the Staff role only', async () => {
    signInAs('SITE_ADMIN', { siteIds: [ids.brighton] });
    peopleApi([]);
    const { user, dialog } = await openAdd();
    await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    const listbox = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Staff']),
    );
  });
});

describe('the import dialog', () => {
  async function chooseFile(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import staff' });
    const file = new File(['firstName,lastName,email\n'], 'staff.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('Staff file (CSV or XLSX)'), file);
    return dialog;
  }

  test('a refused file lists each bad row with its column and message, and nothing is imported', async () => {
    const api = peopleApi([aisha], (sent) =>
      sent.path === 'staff-people/upload'
        ? fail(400, {
            message: 'The file has 2 rows to fix; nothing was imported',
            error: 'VALIDATION_ERROR',
            details: {
              fieldErrors: {
                'rows.5.sites': ['No site called "Leeds"'],
                'rows.3.email': ['Must be a valid e-mail address'],
              },
            },
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderOnSiteRoute(<StaffScreen />, screenUrl);
    const dialog = await chooseFile(user);
    expect(within(dialog).getByText('staff.csv')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    const table = await within(dialog).findByRole('table', { name: 'Rows to fix' });
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(cells).toEqual([
      ['3', 'email', 'Must be a valid e-mail address'],
      ['5', 'sites', 'No site called "Leeds"'],
    ]);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('2 rows need fixing; nothing was imported');
    // Shown in the dialog, not in the pop-up on top of it.
    expect(notifyStore.getState().error).toBeNull();
    const upload = api.sent.find((s) => s.path === 'staff-people/upload')!;
    expect(upload.method).toBe('POST');
    expect(upload.body).toContain('filename="staff.csv"');
  });

  test('an imported file says how many were added and which rows were already there, and the list reloads', async () => {
    const api = peopleApi([aisha], (sent) =>
      sent.path === 'staff-people/upload'
        ? ok({ created: 3, existing: [{ row: 4, email: 'aisha.khan@harbourvine.example' }] })
        : undefined,
    );
    const user = userEvent.setup();
    renderOnSiteRoute(<StaffScreen />, screenUrl);
    const dialog = await chooseFile(user);
    const listsBefore = lists(api.sent).length;
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import staff' })).toBeNull());
    expect(notifyStore.getState().toasts.map((toast) => toast.message)).toEqual([
      'Imported 3 people; 1 row was already in the organisation (row 4) and was left as it is.',
    ]);
    await waitFor(() => expect(lists(api.sent).length).toBeGreaterThan(listsBefore));
  });

  test('a file that is not CSV or XLSX says so in the dialog', async () => {
    peopleApi([aisha], (sent) =>
      sent.path === 'staff-people/upload'
        ? fail(400, {
            message: 'Choose a CSV or XLSX file',
            error: 'VALIDATION_ERROR',
            details: { fieldErrors: { file: ['Choose a CSV or XLSX file'] } },
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderOnSiteRoute(<StaffScreen />, screenUrl);
    const dialog = await chooseFile(user);
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose a CSV or XLSX file');
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  test('a site admin of another site sees neither import nor export', async () => {
    signInAs('SITE_ADMIN', { siteIds: [ids.manchester] });
    peopleApi([aisha]);
    renderOnSiteRoute(<StaffScreen />, screenUrl);
    await screen.findByText('Aisha Khan');
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });
});

describe('import and export helpers', () => {
  test('row problems come from `rows.<row>.<column>` keys, in row order; other keys are about the file', () => {
    expect(
      importProblems({
        'rows.12.departments': ['No department called "Pastry" at Brighton'],
        'rows.2.firstName': ['First name is required'],
        file: ['At most 5,000 rows'],
      }),
    ).toEqual({
      rows: [
        { row: 2, column: 'firstName', message: 'First name is required' },
        { row: 12, column: 'departments', message: 'No department called "Pastry" at Brighton' },
      ],
      file: ['At most 5,000 rows'],
    });
    expect(importSummary({ created: 1, existing: [] })).toBe('Imported 1 person.');
  });

  test('the export asks for the list as it is filtered, with the chosen file type', () => {
    const params = new URLSearchParams('search=kh&sort=-email&role=STAFF&status=ACTIVE&page=3&view=x');
    expect(exportQuery(params, ids.brighton, 'CSV')).toEqual({
      siteID: ids.brighton,
      downloadFileType: 'CSV',
      search: 'kh',
      sort: '-email',
      role: 'STAFF',
      departmentID: undefined,
      status: 'ACTIVE',
    });
    expect(exportQuery(new URLSearchParams('sort=bogus&role=KING'), ids.brighton, 'EXCEL')).toMatchObject({
      sort: 'fullName',
      role: undefined,
    });
  });
});

describe('departments', () => {
  const kitchen: DepartmentDetail = {
    _id: ids.kitchen,
    orgId: ids.org,
    siteID: ids.brighton,
    name: 'Kitchen',
    description: 'Back of house',
    memberCount: 2,
    members: [
      {
        userID: ids.aisha,
        firstName: 'Aisha',
        lastName: 'Khan',
        fullName: 'Aisha Khan',
        userRole: 'STAFF',
        status: 'ACTIVE',
      },
      {
        userID: ids.tom,
        firstName: 'Tom',
        lastName: 'Fletcher',
        fullName: 'Tom Fletcher',
        userRole: 'STAFF',
        status: 'INACTIVE',
      },
    ],
    ...stamps,
  };
  const { members: _members, ...kitchenRow } = kitchen;

  test('the detail view lists the people in the department, from find-one', async () => {
    const api = fakeApi(({ path }) =>
      path === `department-panel/find-one/${ids.kitchen}` ? ok(kitchen) : ok(listPage([kitchenRow])),
    );
    const user = userEvent.setup();
    renderOnSiteRoute(<ResourceScreen resource={departments} gridProps={gridProps} />, screenUrl);
    expect(await screen.findByText('2 people')).toBeInTheDocument();
    await user.click(screen.getByLabelText('View Kitchen'));
    const dialog = await screen.findByRole('dialog');
    const members = await within(dialog).findByRole('list', { name: 'Members' });
    expect(
      within(members)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Aisha KhanStaff', 'Tom FletcherStaffInactive']);
    expect(api.sent.some((s) => s.path === `department-panel/find-one/${ids.kitchen}`)).toBe(true);
  });

  test('deleting a department that still has people shows the server’s refusal and keeps it', async () => {
    const api = fakeApi(({ method }) =>
      method === 'DELETE'
        ? fail(409, {
            message: 'Kitchen still has 2 people; move them to another department first',
            error: 'CONFLICT',
          })
        : ok(listPage([kitchenRow])),
    );
    const user = userEvent.setup();
    renderOnSiteRoute(<ResourceScreen resource={departments} gridProps={gridProps} />, screenUrl);
    await user.click(await screen.findByLabelText('Delete Kitchen'));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete department "Kitchen"?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(notifyStore.getState().error?.title).toBe(
        'Kitchen still has 2 people; move them to another department first',
      ),
    );
    expect(api.sent.filter((s) => s.method === 'DELETE').map((s) => s.path)).toEqual([
      `department-panel/delete-one/${ids.kitchen}`,
    ]);
    expect(screen.getByText('Kitchen')).toBeInTheDocument();
  });

  test('a new department is created at the selected site', async () => {
    const api = fakeApi(({ method, body }) =>
      method === 'POST'
        ? ok({ ...kitchenRow, ...JSON.parse(body), memberCount: 0 }, 'Department created')
        : ok(listPage([])),
    );
    const user = userEvent.setup();
    renderOnSiteRoute(<ResourceScreen resource={departments} gridProps={gridProps} />, screenUrl);
    expect(
      await screen.findByText(/No departments at this site yet\. Add the teams people work in/),
    ).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Add department' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add department' });
    await user.type(within(dialog).getByLabelText(/^Department name/), 'Pastry');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent.some((s) => s.method === 'POST')).toBe(true));
    expect(JSON.parse(api.sent.find((s) => s.method === 'POST')!.body)).toEqual({
      name: 'Pastry',
      description: '',
      siteID: ids.brighton,
    });
  });
});

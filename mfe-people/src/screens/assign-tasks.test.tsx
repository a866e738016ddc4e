import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { notifyStore } from '@console/shared-sdk';
import type { StaffMember } from '@console/shared-sdk/people';
import { Route, Routes } from '@console/shared-sdk/router';
import {
  chooseSite,
  fakeApi,
  fail,
  listPage,
  offersRowAction,
  ok,
  renderOnSiteRoute,
  resetBrowserState,
  rowAction,
  signInAs,
  type Sent,
} from '@console/shared-sdk/testing';
import { changeSummary, dueWords, type AssignableTask } from './assign-tasks';
import { StaffScreen } from './staff';
import { peopleIds, person } from './testing';

// "Assign tasks" in the staff view: the selected site's tasks with the person's ticks, and Save sending
// only what changed (/staff-people get-tasks-for-assign and bulk-assign).

jest.setTimeout(30_000);

const ids = {
  ...peopleIds,
  chloe: '0190a000-0000-7000-8000-0000000000e3',
  opening: '0190a000-0000-7000-8000-0000000000a1',
  closing: '0190a000-0000-7000-8000-0000000000a2',
  fridges: '0190a000-0000-7000-8000-0000000000a3',
  deepClean: '0190a000-0000-7000-8000-0000000000a4',
  openingCategory: '0190a000-0000-7000-8000-0000000000d1',
  fridgeCategory: '0190a000-0000-7000-8000-0000000000d2',
};
const aisha = person();

const openingCategory = { _id: ids.openingCategory, name: 'Opening and closing' };
const fridgeCategory = { _id: ids.fridgeCategory, name: 'Temperatures' };
function task(overrides: Partial<AssignableTask> & Pick<AssignableTask, '_id' | 'name'>): AssignableTask {
  return {
    siteID: ids.brighton,
    repeat: 'DAILY',
    dueSlot: null,
    dueTime: null,
    category: null,
    assigned: false,
    ...overrides,
  };
}
const siteTasks: AssignableTask[] = [
  task({ _id: ids.closing, name: 'Closing checks', dueSlot: 'CLOSE', category: openingCategory }),
  task({ _id: ids.deepClean, name: 'Deep clean', repeat: 'WEEKLY', dueTime: '14:00' }),
  task({
    _id: ids.fridges,
    name: 'Fridge temperatures',
    dueSlot: 'MORNING',
    category: fridgeCategory,
    assigned: true,
  }),
  task({
    _id: ids.opening,
    name: 'Opening checks',
    dueSlot: 'OPEN',
    category: openingCategory,
    assigned: true,
  }),
];

/** The staff screen as the console shows it, with a stand-in for the Tasks screen a link may lead to. */
const renderStaff = () =>
  renderOnSiteRoute(
    <Routes>
      <Route path="/dashboard/staff" element={<StaffScreen />} />
      <Route path="/dashboard/task" element={<h1>The Tasks screen</h1>} />
    </Routes>,
    '/dashboard/staff',
  );

/** The API as the staff screen and the dialog use it. */
function assignApi(
  rows: StaffMember[],
  tasks: AssignableTask[],
  bulkAssign: (sent: Sent) => Response = () => ok({ assigned: 1, removed: 1 }, 'Saved'),
) {
  return fakeApi((sent) => {
    switch (sent.path) {
      case 'staff-people/web-app-list':
        return ok(listPage(rows));
      case `staff-people/find-one/${ids.aisha}`:
        return ok(rows[0]);
      case 'staff-people/get-tasks-for-assign':
        return ok(tasks);
      case 'staff-people/bulk-assign':
        return bulkAssign(sent);
      default:
        return ok([]);
    }
  });
}

const assignCalls = (sent: Sent[]) => sent.filter((s) => s.path === 'staff-people/bulk-assign');

async function openAssign(user: ReturnType<typeof userEvent.setup>, name = 'Aisha Khan') {
  await screen.findByText(name);
  // Among more than three actions a row, it is under "More actions".
  await user.click(await rowAction(user, `Assign tasks ${name}`));
  const dialog = await screen.findByRole('dialog', { name: new RegExp(`^Assign tasks to ${name}`) });
  await within(dialog).findAllByRole('checkbox');
  return dialog;
}

const checkbox = (dialog: HTMLElement, name: string) => within(dialog).getByRole('checkbox', { name });

beforeEach(() => {
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
  chooseSite(ids.brighton);
});

describe('the assign tasks dialog', () => {
  test("ticks the tasks the person has, under each task's category, saying when each is due", async () => {
    const api = assignApi([aisha], siteTasks);
    const user = userEvent.setup({ delay: null });
    renderStaff();
    const dialog = await openAssign(user);

    expect(within(dialog).getByText('at Brighton (Brighton)')).toBeInTheDocument();
    expect(checkbox(dialog, 'Opening checks')).toBeChecked();
    expect(checkbox(dialog, 'Fridge temperatures')).toBeChecked();
    expect(checkbox(dialog, 'Closing checks')).not.toBeChecked();
    expect(checkbox(dialog, 'Deep clean')).not.toBeChecked();
    expect(checkbox(dialog, 'Opening checks')).toHaveAccessibleDescription('Daily · at opening');
    expect(checkbox(dialog, 'Deep clean')).toHaveAccessibleDescription('Weekly · 14:00');

    // Categories by name, each a group named by its legend; tasks without one last.
    const groups = within(dialog).getAllByRole('group');
    expect(groups.map((group) => group.querySelector('legend')?.textContent)).toEqual([
      'Opening and closing',
      'Temperatures',
      'No category',
    ]);
    expect(
      within(within(dialog).getByRole('group', { name: 'Opening and closing' }))
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Closing checks', 'Opening checks']);

    const asked = api.sent.find((s) => s.path === 'staff-people/get-tasks-for-assign')!;
    expect(JSON.parse(asked.body)).toEqual({ siteID: ids.brighton, userID: ids.aisha });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(dialog).getByText('No changes')).toBeInTheDocument();
  });

  test('Save sends only the difference: newly ticked as tasks, unticked as removedTasks', async () => {
    const api = assignApi([aisha], siteTasks, () =>
      ok({ assigned: 1, removed: 1 }, '1 task assigned to Aisha Khan, 1 task taken away'),
    );
    const user = userEvent.setup({ delay: null });
    renderStaff();
    const dialog = await openAssign(user);

    await user.click(checkbox(dialog, 'Closing checks'));
    await user.click(checkbox(dialog, 'Fridge temperatures'));
    // Ticked and unticked again: no change, so not sent.
    await user.click(checkbox(dialog, 'Deep clean'));
    await user.click(checkbox(dialog, 'Deep clean'));
    expect(within(dialog).getByText('2 changes: 1 task to give, 1 task to take away')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(assignCalls(api.sent).map((s) => JSON.parse(s.body))).toEqual([
      { assigneeID: ids.aisha, tasks: [ids.closing], removedTasks: [ids.fridges] },
    ]);
    expect(notifyStore.getState().toasts.map((toast) => toast.message)).toEqual([
      '1 task assigned to Aisha Khan, 1 task taken away',
    ]);
  });

  test('select all and none act on the tasks the search shows', async () => {
    const many = Array.from({ length: 10 }, (_, n) =>
      task({
        _id: `0190a000-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
        name: n < 3 ? `Fridge ${n + 1}` : `Check ${n + 1}`,
      }),
    );
    const api = assignApi([aisha], many);
    const user = userEvent.setup({ delay: null });
    renderStaff();
    const dialog = await openAssign(user);

    await user.type(within(dialog).getByRole('searchbox', { name: 'Search tasks' }), 'fridge');
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: 'Select all shown' }));
    await user.clear(within(dialog).getByRole('searchbox', { name: 'Search tasks' }));
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .filter((box) => (box as HTMLInputElement).checked),
    ).toHaveLength(3);
    expect(within(dialog).getByText('3 changes: 3 tasks to give')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Select none' }));
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Select all' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(assignCalls(api.sent)).toHaveLength(1));
    expect(JSON.parse(assignCalls(api.sent)[0]!.body)).toMatchObject({
      tasks: many.map((one) => one._id),
      removedTasks: [],
    });
  });

  test('a site without tasks says where to add them, with a link to the Tasks screen', async () => {
    assignApi([aisha], []);
    const user = userEvent.setup({ delay: null });
    renderStaff();
    await screen.findByText('Aisha Khan');
    await user.click(await rowAction(user, 'Assign tasks Aisha Khan'));
    const dialog = await screen.findByRole('dialog', { name: /^Assign tasks to Aisha Khan/ });
    expect(
      await within(dialog).findByText(/This site has no scheduled tasks yet\. Add them on the/),
    ).toBeInTheDocument();
    const link = within(dialog).getByRole('link', { name: 'Tasks screen' });
    expect(link).toHaveAttribute('href', '/dashboard/task');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'The Tasks screen' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('an inactive person can have tasks taken away but is given none', async () => {
    const api = assignApi([person({ status: 'INACTIVE' })], siteTasks);
    const user = userEvent.setup({ delay: null });
    renderStaff();
    const dialog = await openAssign(user);
    expect(within(dialog).getByText(/Aisha Khan is inactive and cannot be given tasks/)).toBeInTheDocument();
    expect(checkbox(dialog, 'Closing checks')).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Select all' })).toBeDisabled();
    await user.click(checkbox(dialog, 'Opening checks'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(assignCalls(api.sent)).toHaveLength(1));
    expect(JSON.parse(assignCalls(api.sent)[0]!.body)).toEqual({
      assigneeID: ids.aisha,
      tasks: [],
      removedTasks: [ids.opening],
    });
  });

  test('a refused save keeps the dialog and the ticks as they were', async () => {
    assignApi([aisha], siteTasks, () =>
      fail(400, {
        message: 'Aisha Khan does not work at the site of every chosen task',
        error: 'VALIDATION_ERROR',
        details: { fieldErrors: { tasks: ['Aisha Khan does not work at the site of every chosen task'] } },
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderStaff();
    const dialog = await openAssign(user);
    await user.click(checkbox(dialog, 'Closing checks'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notifyStore.getState().error).not.toBeNull());
    expect(screen.getByRole('dialog', { name: /^Assign tasks to Aisha Khan/ })).toBeInTheDocument();
    expect(checkbox(dialog, 'Closing checks')).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});

describe('who is offered assign tasks', () => {
  test('a site admin of another site, a site admin on an admin, and a person of another site are not', async () => {
    const manager = person({
      _id: ids.tom,
      userID: ids.tom,
      fullName: 'Tom Fletcher',
      firstName: 'Tom',
      lastName: 'Fletcher',
      userRole: 'SITE_ADMIN',
    });
    const elsewhere = person({
      _id: ids.chloe,
      userID: ids.chloe,
      fullName: 'Chloe Evans',
      siteIDs: [ids.manchester],
      sites: [{ _id: ids.manchester, name: 'Manchester' }],
    });
    assignApi([aisha, manager, elsewhere], siteTasks);

    const user = userEvent.setup({ delay: null });
    // Each person's own row: asking it alone is quicker than opening every row's "More actions".
    const offered = async (name: string) =>
      offersRowAction(
        user,
        `Assign tasks ${name}`,
        (await screen.findByText(name)).closest<HTMLElement>('[role="row"]')!,
      );
    // An organisation admin: anyone who works here, admins too.
    const first = renderStaff();
    expect(await offered('Aisha Khan')).toBe(true);
    expect(await offered('Tom Fletcher')).toBe(true);
    expect(await offered('Chloe Evans')).toBe(false);
    first.unmount();

    // Brighton's site admin: its staff, not another admin.
    signInAs('SITE_ADMIN', { siteIds: [ids.brighton] });
    const second = renderStaff();
    expect(await offered('Aisha Khan')).toBe(true);
    expect(await offered('Tom Fletcher')).toBe(false);
    second.unmount();

    // Manchester's site admin looking at Brighton changes none of Brighton's tasks.
    signInAs('SITE_ADMIN', { siteIds: [ids.manchester] });
    renderStaff();
    expect(await offered('Aisha Khan')).toBe(false);
  });

  test("the person's detail lists their tasks here, and shows the change after assigning from it", async () => {
    let tasks = siteTasks;
    // The server's answers follow the save.
    const api = fakeApi((sent) => {
      if (sent.path === 'staff-people/web-app-list') return ok(listPage([aisha]));
      if (sent.path === `staff-people/find-one/${ids.aisha}`) return ok(aisha);
      if (sent.path === 'staff-people/get-tasks-for-assign') return ok(tasks);
      if (sent.path === 'staff-people/bulk-assign') {
        const { tasks: given } = JSON.parse(sent.body) as { tasks: string[] };
        tasks = tasks.map((one) => (given.includes(one._id) ? { ...one, assigned: true } : one));
        return ok({ assigned: given.length, removed: 0 }, 'Saved');
      }
      return ok([]);
    });
    const user = userEvent.setup({ delay: null });
    renderStaff();
    await user.click(await screen.findByLabelText('View Aisha Khan'));
    const detail = await screen.findByRole('dialog', { name: 'Aisha Khan' });
    const listed = async () =>
      within(await within(detail).findByRole('list', { name: 'Their tasks' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(await listed()).toEqual([
      'Fridge temperaturesDaily · in the morning · Temperatures',
      'Opening checksDaily · at opening · Opening and closing',
    ]);

    await user.click(within(detail).getByRole('button', { name: 'Assign tasks Aisha Khan' }));
    const dialog = await screen.findByRole('dialog', { name: /^Assign tasks to Aisha Khan/ });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Deep clean' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await listed()).toContain('Deep cleanWeekly · 14:00'), {
      timeout: 10_000,
    });
    expect(api.sent.filter((s) => s.path === 'staff-people/bulk-assign')).toHaveLength(1);
  });

  test('the detail of someone who does not work at the selected site asks for nothing and says why', async () => {
    const elsewhere = person({
      siteIDs: [ids.manchester],
      sites: [{ _id: ids.manchester, name: 'Manchester' }],
    });
    const api = assignApi([elsewhere], siteTasks);
    const user = userEvent.setup({ delay: null });
    renderStaff();
    await user.click(await screen.findByLabelText('View Aisha Khan'));
    const detail = await screen.findByRole('dialog', { name: 'Aisha Khan' });
    expect(await within(detail).findByText(/Aisha Khan does not work at this site/)).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Assign tasks Aisha Khan' })).not.toBeInTheDocument();
    expect(api.sent.some((s) => s.path === 'staff-people/get-tasks-for-assign')).toBe(false);
  });
});

describe('words', () => {
  test('when a task is due, and the change to save', () => {
    expect(dueWords({ repeat: 'DAILY', dueSlot: 'OPEN', dueTime: null })).toBe('Daily · at opening');
    expect(dueWords({ repeat: 'WEEKLY', dueSlot: null, dueTime: '14:00' })).toBe('Weekly · 14:00');
    expect(dueWords({ repeat: 'MONTHLY', dueSlot: 'AFTER_CLOSE', dueTime: null })).toBe(
      'Monthly · after closing',
    );
    expect(changeSummary({ tasks: [], removedTasks: [] })).toBe('No changes');
    expect(changeSummary({ tasks: ['a', 'b'], removedTasks: [] })).toBe('2 changes: 2 tasks to give');
    expect(changeSummary({ tasks: [], removedTasks: ['a'] })).toBe('1 change: 1 task to take away');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { notifyStore } from '@console/shared-sdk';
import {
  chooseSite,
  demoIds,
  fail,
  fakeApi,
  listPage,
  ok,
  renderOnSiteRoute,
  resetBrowserState,
  signInAs,
  siteOption,
  type Sent,
} from '@console/shared-sdk/testing';
import type { TaskCategory } from '@console/shared-sdk/tasks';
import { TaskCategoriesScreen } from './task-categories';

// Forms filled in on a shared, busy machine: the default 5 s per test is too tight.
jest.setTimeout(90_000);

/** Where the console shows the screen: a route that remote.json marks site-scoped. */
const screenUrl = '/dashboard/taskcategory';

const ids = {
  ...demoIds,
  opening: '0190a000-0000-7000-8000-0000000000a1',
  brightonOpening: '0190a000-0000-7000-8000-0000000000d1',
  brightonClosing: '0190a000-0000-7000-8000-0000000000d2',
  manchesterOpening: '0190a000-0000-7000-8000-0000000000d3',
};
const stamps = { createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-03T10:00:00.000Z' };

const task = (id: string, name: string, siteID: string) => ({
  _id: id,
  value: id,
  label: name,
  name,
  siteID,
});
const tasksBySite: Record<string, ReturnType<typeof task>[]> = {
  [ids.brighton]: [
    task(ids.brightonClosing, 'Closing checks', ids.brighton),
    task(ids.brightonOpening, 'Opening checks', ids.brighton),
  ],
  [ids.manchester]: [task(ids.manchesterOpening, 'Opening checks', ids.manchester)],
};

function category(overrides: Partial<TaskCategory> = {}): TaskCategory {
  return {
    _id: ids.opening,
    orgId: ids.org,
    name: 'Opening',
    description: '',
    siteID: [ids.brighton],
    sites: [{ _id: ids.brighton, name: 'Brighton' }],
    masterTaskID: [ids.brightonOpening],
    masterTasks: [{ _id: ids.brightonOpening, name: 'Opening checks', siteID: ids.brighton }],
    ...stamps,
    ...overrides,
  };
}

/** "Opening" at Brighton and at Manchester, with each site's "Opening checks". */
const onBothSites = category({
  siteID: [ids.brighton, ids.manchester],
  sites: [
    { _id: ids.brighton, name: 'Brighton' },
    { _id: ids.manchester, name: 'Manchester' },
  ],
  masterTaskID: [ids.brightonOpening, ids.manchesterOpening],
  masterTasks: [
    { _id: ids.brightonOpening, name: 'Opening checks', siteID: ids.brighton },
    { _id: ids.manchesterOpening, name: 'Opening checks', siteID: ids.manchester },
  ],
});

/**
 * The calls of the categories screen; `mySites` are the sites the user may list (a site admin's own), and
 * another site's master tasks answer 403 as the API does. `extra` answers first.
 */
function categoriesApi(
  rows: TaskCategory[],
  options: { mySites?: string[]; extra?: (sent: Sent) => Response | undefined } = {},
) {
  const mine = options.mySites ?? [ids.brighton, ids.manchester];
  const names: Record<string, string> = { [ids.brighton]: 'Brighton', [ids.manchester]: 'Manchester' };
  return fakeApi((sent) => {
    const special = options.extra?.(sent);
    if (special) return special;
    switch (sent.path) {
      case 'task-category/web-app-list':
        return ok(listPage(rows));
      case 'site-panel/simple-list':
        return ok(mine.map((id) => siteOption(id, { name: names[id] ?? id })));
      case 'master-task/simple-list': {
        const siteID = sent.query.get('siteID') ?? '';
        return mine.includes(siteID)
          ? ok(tasksBySite[siteID] ?? [])
          : fail(403, { message: 'You cannot see this site', error: 'FORBIDDEN' });
      }
      default:
        return fail(404, { message: `No fake for ${sent.method} ${sent.path}`, error: 'NOT_FOUND' });
    }
  });
}

const writes = (sent: Sent[]) => sent.filter((s) => s.method !== 'GET');

beforeEach(() => {
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
  chooseSite(ids.brighton);
});

async function choose(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  field: string,
  option: string,
) {
  await user.click(within(dialog).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
  await user.keyboard('{Escape}');
}

async function openAdd() {
  const user = userEvent.setup();
  renderOnSiteRoute(<TaskCategoriesScreen />, screenUrl);
  await screen.findByText('Opening');
  await user.click(screen.getByRole('button', { name: 'Add task category' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add task category' });
  await within(dialog).findByLabelText(/^Category name/);
  return { user, dialog };
}

describe('the task categories list', () => {
  test("lists the selected site's categories with their sites and number of tasks", async () => {
    const api = categoriesApi([
      category({
        siteID: [ids.brighton, ids.manchester],
        sites: [
          { _id: ids.brighton, name: 'Brighton' },
          { _id: ids.manchester, name: 'Manchester' },
        ],
      }),
    ]);
    renderOnSiteRoute(<TaskCategoriesScreen />, screenUrl);
    const row = (await screen.findByText('Opening')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Brighton, Manchester')).toBeInTheDocument();
    expect(within(row).getByText('1 task')).toBeInTheDocument();
    const asked = api.to('task-category/web-app-list')[0]!.query;
    expect(asked.get('siteID')).toBe(ids.brighton);
    expect(asked.get('sort')).toBe('name');
  });

  test('another site selected lists that site’s categories', async () => {
    const api = categoriesApi([category()]);
    renderOnSiteRoute(<TaskCategoriesScreen />, screenUrl);
    await screen.findByText('Opening');
    chooseSite(ids.manchester, { name: 'Manchester' });
    await waitFor(() =>
      expect(api.to('task-category/web-app-list').at(-1)!.query.get('siteID')).toBe(ids.manchester),
    );
  });

  test('the detail names its tasks with their sites when it applies on several', async () => {
    categoriesApi([onBothSites], {
      extra: (sent) => (sent.path === `task-category/find-one/${ids.opening}` ? ok(onBothSites) : undefined),
    });
    const user = userEvent.setup();
    renderOnSiteRoute(<TaskCategoriesScreen />, screenUrl);
    await screen.findByText('Opening');
    await user.click(screen.getByRole('button', { name: 'View Opening' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opening' });
    expect(
      await within(dialog).findByText('Opening checks (Brighton), Opening checks (Manchester)'),
    ).toBeInTheDocument();
  });

  test('with none it says what to do', async () => {
    categoriesApi([]);
    renderOnSiteRoute(<TaskCategoriesScreen />, screenUrl);
    expect(
      await screen.findByText(
        'No task categories on this site yet. Add one to group tasks, such as Opening, Closing or Cleaning.',
      ),
    ).toBeInTheDocument();
  });

  test('a site admin may add categories, and edit or delete those of its own sites alone', async () => {
    signInAs('SITE_ADMIN', { siteIds: [ids.brighton] });
    // As the API answers a site admin: every site's id, but the names and tasks of its own only.
    const shared = category({
      _id: '0190a000-0000-7000-8000-0000000003a1',
      name: 'Cleaning',
      siteID: [ids.brighton, ids.manchester],
    });
    categoriesApi([category(), shared], { mySites: [ids.brighton] });
    renderOnSiteRoute(<TaskCategoriesScreen />, screenUrl);
    await screen.findByText('Opening');
    expect(screen.getAllByRole('button', { name: 'Add task category' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Edit Opening' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Opening' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Cleaning' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Cleaning' })).not.toBeInTheDocument();
    const row = screen.getByText('Cleaning').closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Brighton and 1 other site')).toBeInTheDocument();
  });
});

describe('the task category form', () => {
  test('sends the chosen sites and, among their tasks, the chosen ones as siteID and masterTaskID lists', async () => {
    const api = categoriesApi([category()], {
      extra: (sent) =>
        sent.method === 'POST' ? ok(category({ name: 'Closing' }), 'Task category created') : undefined,
    });
    const { user, dialog } = await openAdd();
    // Starts on the selected site, offering its tasks.
    expect(within(dialog).getByRole('combobox', { name: 'Sites' })).toHaveTextContent('Brighton');
    await user.type(within(dialog).getByLabelText(/^Category name/), 'Closing');
    await choose(user, dialog, 'Sites', 'Manchester');
    // Two sites: tasks are told apart by their site.
    await choose(user, dialog, 'Tasks', 'Closing checks (Brighton)');
    await choose(user, dialog, 'Tasks', 'Opening checks (Manchester)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(writes(api.sent)).toHaveLength(1));
    const sent = writes(api.sent)[0]!;
    expect(sent.path).toBe('task-category/create-new-one');
    expect(JSON.parse(sent.body)).toEqual({
      name: 'Closing',
      description: '',
      siteID: [ids.brighton, ids.manchester],
      masterTaskID: [ids.brightonClosing, ids.manchesterOpening],
    });
    const asked = api.to('master-task/simple-list').map((s) => s.query.get('siteID'));
    expect(asked).toEqual(expect.arrayContaining([ids.brighton, ids.manchester]));
  });

  test('taking a site away takes its tasks out of the category', async () => {
    const api = categoriesApi([category()], {
      extra: (sent) => (sent.method === 'POST' ? ok(category()) : undefined),
    });
    const { user, dialog } = await openAdd();
    await user.type(within(dialog).getByLabelText(/^Category name/), 'Closing');
    await choose(user, dialog, 'Sites', 'Manchester');
    await choose(user, dialog, 'Tasks', 'Closing checks (Brighton)');
    await choose(user, dialog, 'Tasks', 'Opening checks (Manchester)');
    await choose(user, dialog, 'Sites', 'Manchester');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Tasks' })).toHaveTextContent(/^Closing checks$/),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(writes(api.sent)).toHaveLength(1));
    expect(JSON.parse(writes(api.sent)[0]!.body)).toMatchObject({
      siteID: [ids.brighton],
      masterTaskID: [ids.brightonClosing],
    });
  });

  test('a category needs a site; with none, tasks wait for one and nothing is sent', async () => {
    const api = categoriesApi([category()]);
    const { user, dialog } = await openAdd();
    await user.type(within(dialog).getByLabelText(/^Category name/), 'Closing');
    await choose(user, dialog, 'Sites', 'Brighton');
    expect(
      within(dialog).getByText('Choose the sites first: a task belongs to one site'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose at least one site')).toBeInTheDocument();
    expect(writes(api.sent)).toHaveLength(0);
  });

  test("the server's refusal of a task shows at the Tasks field", async () => {
    categoriesApi([category()], {
      extra: (sent) =>
        sent.method === 'POST'
          ? fail(400, {
              message: 'masterTaskID: "Opening checks" is not on one of the category\'s sites',
              error: 'VALIDATION_ERROR',
              details: {
                fieldErrors: { masterTaskID: ['"Opening checks" is not on one of the category\'s sites'] },
              },
            })
          : undefined,
    });
    const { user, dialog } = await openAdd();
    await user.type(within(dialog).getByLabelText(/^Category name/), 'Closing');
    await choose(user, dialog, 'Tasks', 'Opening checks');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('"Opening checks" is not on one of the category\'s sites'),
    ).toBeInTheDocument();
    expect(notifyStore.getState().error).toBeNull();
  });

  test('a site admin views a category that also applies elsewhere without a call its rules refuse', async () => {
    signInAs('SITE_ADMIN', { siteIds: [ids.brighton] });
    // As the API answers a site admin: Manchester's id, but not its name nor its tasks.
    const asSeen = category({ siteID: [ids.brighton, ids.manchester] });
    const api = categoriesApi([asSeen], {
      mySites: [ids.brighton],
      extra: (sent) => (sent.path === `task-category/find-one/${ids.opening}` ? ok(asSeen) : undefined),
    });
    const user = userEvent.setup();
    renderOnSiteRoute(<TaskCategoriesScreen />, screenUrl);
    await screen.findByText('Opening');
    expect(screen.queryByRole('button', { name: 'Edit Opening' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View Opening' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opening' });
    expect(await within(dialog).findByText('Brighton and 1 other site')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Edit/ })).toBeNull();
    // Nothing was asked of Manchester, and so nothing was refused.
    expect(api.sent.filter((sent) => sent.path.startsWith('master-task/'))).toEqual([]);
    expect(notifyStore.getState().error).toBeNull();
  });
});

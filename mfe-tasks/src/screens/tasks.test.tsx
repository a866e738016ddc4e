import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { maxUploadBytes, Notifications, session } from '@console/shared-sdk';
import type { DateFormat } from '@console/shared-sdk/contract';
import type { CorrectiveAction } from '@console/shared-sdk/logs';
import type {
  FollowUpCancelCause,
  IndividualTask,
  TaskComment,
  TaskListData,
  TaskView,
} from '@console/shared-sdk/tasks';
import {
  chooseSite,
  demoIds,
  fail,
  fakeApi,
  gridProps,
  offersRowAction,
  ok,
  renderOnSiteRoute,
  resetBrowserState,
  rowAction,
  setClock,
  signInAs,
  type Sent,
} from '@console/shared-sdk/testing';
import type { MasterTaskDialogProps } from './master-task-form';
import { occurrence as taskOccurrence } from './testing';
import { TasksScreen } from './tasks';

// The daily task list as a site's admin uses it, against a fake API: the day in the site's zone, the
// status tabs, a task's view (checklist, comments and photos) and deleting from a day on.

jest.setTimeout(40_000);

// The master task form is helper A2's: stood in for by a dialog that only saves or cancels.
jest.mock('./master-task-form', () => ({
  MasterTaskDialog: (props: MasterTaskDialogProps) =>
    props.open ? (
      <div role="dialog" aria-label={props.masterTaskID ? `Edit ${props.masterTaskID}` : 'New master task'}>
        <button onClick={() => props.onSaved({} as never)}>Save</button>
        <button onClick={props.onClose}>Cancel</button>
      </div>
    ) : null,
}));

const ids = {
  ...demoIds,
  aisha: '0190a000-0000-7000-8000-0000000000e1',
  tom: '0190a000-0000-7000-8000-0000000000e2',
  checks: '0190a000-0000-7000-8000-0000000000f1',
};
const id = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const aisha = { _id: ids.aisha, firstName: 'Aisha', lastName: 'Khan', email: 'aisha@example.com' };
const tom = { _id: ids.tom, firstName: 'Tom', lastName: 'Fletcher', email: 'tom@example.com' };
const me = { _id: ids.me, firstName: 'Marcus', lastName: 'Reid', email: 'marcus@example.com' };

/** 15:00 in Brighton (BST) on Monday 30 March 2026. */
const now = new Date('2026-03-30T14:00:00Z');
const today = '2026-03-30';

type Line = IndividualTask['itemCheckList'][number];
const line = (n: number, text: string, overrides: Partial<Line> = {}): Line => ({
  _id: id(n),
  text,
  required: true,
  photoRequired: false,
  status: 'PENDING',
  statusChangeOn: null,
  changedBy: null,
  comment: null,
  ...overrides,
});

const occurrence = (n: number, name: string, overrides: Partial<IndividualTask> = {}): IndividualTask =>
  taskOccurrence(n, name, {
    category: { _id: ids.checks, name: 'Daily checks' },
    assignees: [aisha],
    taskDate: today,
    ...overrides,
  });

const fridge = occurrence(1, 'Fridge temperatures', {
  itemCheckList: [
    line(11, 'Read the display'),
    line(12, 'Door seal clean', { required: false, photoRequired: true }),
  ],
});
const opening = occurrence(2, 'Opening checks', {
  expireOn: '2026-03-30T08:00:00.000Z',
  status: 'COMPLETED',
  bucket: 'ON_TIME',
  completedAt: '2026-03-30T07:10:00.000Z',
  completedBy: tom,
  syncedAt: '2026-03-30T07:10:05.000Z',
  itemCheckList: [
    line(21, 'Check the hand basin', {
      status: 'COMPLETED',
      statusChangeOn: '2026-03-30T07:05:00.000Z',
      changedBy: tom,
    }),
  ],
});
const delivery = occurrence(3, 'Delivery intake', {
  category: null,
  assignees: [tom],
  expireOn: '2026-03-30T07:00:00.000Z',
  status: 'COMPLETED',
  bucket: 'LATE',
  completedAt: '2026-03-30T07:30:00.000Z',
  completedBy: tom,
  syncedAt: '2026-03-30T09:30:00.000Z',
  syncedLate: true,
  itemCheckList: [
    line(31, 'Chilled at 8 °C or below', { status: 'COMPLETED' }),
    line(32, 'Packaging intact', { status: 'FAILED', comment: 'Torn box' }),
    line(33, 'Use-by dates', { status: 'COMPLETED' }),
  ],
});
const probe = occurrence(4, 'Probe calibration', {
  expireOn: '2026-03-30T11:00:00.000Z',
  bucket: 'INCOMPLETE',
});
const legionella = occurrence(5, 'Legionella flush', { status: 'DELETED', bucket: 'DELETED' });
const day = [fridge, opening, delivery, probe, legionella];

function countsOf(rows: readonly IndividualTask[]): TaskListData['counts'] {
  const count = (bucket: IndividualTask['bucket']) => rows.filter((row) => row.bucket === bucket).length;
  return {
    ALL: rows.filter((row) => row.bucket !== 'DELETED').length,
    UPCOMING: count('UPCOMING'),
    ON_TIME: count('ON_TIME'),
    LATE: count('LATE'),
    INCOMPLETE: count('INCOMPLETE'),
    DELETED: count('DELETED'),
  };
}

const viewOf = (task: IndividualTask, comments: TaskComment[] = []): TaskView => ({
  ...task,
  comments,
  history: [],
});

/**
 * The task calls as the API answers them: one day's list with its counts, and each task's view (`views`
 * may answer a later view differently, after a change). `extra` answers first (writes).
 */
function tasksApi(
  rows: readonly IndividualTask[],
  options: {
    extra?: (sent: Sent) => Response | undefined;
    views?: (task: IndividualTask) => TaskView;
    /** A task's corrective actions (none unless told). */
    actions?: (taskID: string) => CorrectiveAction[];
  } = {},
) {
  return fakeApi((sent) => {
    const special = options.extra?.(sent);
    if (special) return special;
    switch (sent.path) {
      case 'master-task/web-app-list': {
        const status = sent.query.get('status');
        const list = rows.filter((row) => (status ? row.bucket === status : row.bucket !== 'DELETED'));
        return ok({
          list,
          records: list.length,
          page: 1,
          limit: 10,
          timeZoneId: 'Europe/London',
          counts: countsOf(rows),
        });
      }
      case 'master-task/view-task': {
        const task = rows.find((row) => row._id === sent.query.get('individualTaskID'));
        if (!task || task.masterTaskID !== sent.query.get('masterTaskID'))
          return fail(404, { message: 'Task not found', error: 'NOT_FOUND' });
        return ok(options.views?.(task) ?? viewOf(task));
      }
      case 'correctiveAction/record-list':
        return ok(
          sent.query.get('subject') === 'Task' ? (options.actions?.(sent.query.get('recordID')!) ?? []) : [],
        );
      default:
        return fail(404, { message: `No fake for ${sent.method} ${sent.path}`, error: 'NOT_FOUND' });
    }
  });
}

const dayLists = (sent: Sent[]) => sent.filter((s) => s.path === 'master-task/web-app-list');
const views = (sent: Sent[]) => sent.filter((s) => s.path === 'master-task/view-task');

/** As the shell shows the screen: on its site-scoped route, with the HTTP layer's pop-up. */
function renderTasks(url = '/dashboard/task') {
  const user = userEvent.setup({ applyAccept: false });
  const { params } = renderOnSiteRoute(
    <>
      <TasksScreen gridProps={gridProps} />
      <Notifications />
    </>,
    url,
  );
  return { user, params };
}

/** Text that elements inside break up (a <time> in a sentence), matched on the innermost whole. */
const textOf = (pattern: RegExp) => (_content: string, element: Element | null) =>
  element !== null &&
  pattern.test(element.textContent ?? '') &&
  ![...element.children].some((child) => pattern.test(child.textContent ?? ''));

const rowOf = async (name: string) => (await screen.findByText(name)).closest('[role="row"]') as HTMLElement;

beforeEach(() => {
  setClock(now);
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
  chooseSite(ids.brighton);
});
afterEach(() => jest.useRealTimers());

describe('the day', () => {
  test("starts at today in the site's zone, ahead of UTC, and steps a calendar day at a time", async () => {
    // 20:00 UTC on Monday is already 09:00 on Tuesday in Auckland.
    jest.setSystemTime(new Date('2026-03-30T20:00:00Z'));
    chooseSite(ids.brighton, { timeZoneId: 'Pacific/Auckland' });
    const api = tasksApi([]);
    const { user, params } = renderTasks();
    await waitFor(() => expect(dayLists(api.sent)).toHaveLength(1));
    expect(dayLists(api.sent)[0]!.query.get('taskListDate')).toBe('2026-03-31');
    expect(dayLists(api.sent)[0]!.query.get('siteID')).toBe(ids.brighton);

    await user.click(screen.getByRole('button', { name: 'Previous day, Mon, 30 Mar 2026' }));
    await waitFor(() => expect(dayLists(api.sent).at(-1)!.query.get('taskListDate')).toBe('2026-03-30'));
    expect(params().get('taskListDate')).toBe('2026-03-30');

    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(dayLists(api.sent).at(-1)!.query.get('taskListDate')).toBe('2026-03-31'));
    // Today is the default: a link without a day shows whatever day it is when it is opened.
    expect(params().has('taskListDate')).toBe(false);
  });

  test('an empty day says what to do, with the way to the template library', async () => {
    tasksApi([]);
    renderTasks();
    expect(await screen.findByText('No tasks on this day.')).toBeInTheDocument();
    expect(screen.queryByText(/match your search/)).toBeNull();
    const hint = screen.getByText(/Add a task for this day, or import a checklist/);
    expect(within(hint).getByRole('link', { name: 'Templates' })).toHaveAttribute(
      'href',
      '/dashboard/templates',
    );
    expect(screen.getByRole('button', { name: 'Add task' })).toBeInTheDocument();
  });
});

describe('the list', () => {
  test('shows each task with its category, local due time, people, checklist, status and completion', async () => {
    tasksApi(day);
    renderTasks();
    const late = await rowOf('Delivery intake');
    expect(within(late).getByText('08:00')).toBeInTheDocument();
    expect(within(late).getByText('Tom Fletcher')).toBeInTheDocument();
    expect(
      within(late).getByRole('img', { name: '2 of 3 checklist items done, 1 failed' }),
    ).toBeInTheDocument();
    expect(within(late).getByText('Completed overdue')).toBeInTheDocument();
    expect(within(late).getByText('08:30')).toBeInTheDocument();
    expect(within(late).getByText(/by Tom Fletcher/)).toBeInTheDocument();
    expect(within(late).getByText('Synced late')).toBeInTheDocument();

    const upcoming = await rowOf('Fridge temperatures');
    expect(within(upcoming).getByText('Daily checks')).toBeInTheDocument();
    expect(within(upcoming).getByText('16:00')).toBeInTheDocument();
    expect(within(upcoming).getByText('Upcoming / in progress')).toBeInTheDocument();
    expect(within(upcoming).getByText('Not yet')).toBeInTheDocument();
    // Deleted tasks have a tab of their own.
    expect(screen.queryByText('Legionella flush')).not.toBeInTheDocument();
  });

  test('a completion an admin entered after the fact says so beside its time, and counts as late', async () => {
    tasksApi([
      occurrence(6, 'Cellar temperatures', {
        status: 'COMPLETED',
        bucket: 'LATE',
        completedAt: '2026-03-30T07:20:00.000Z',
        completedBy: tom,
        syncedAt: '2026-03-30T12:00:00.000Z',
        enteredAfterTheFact: true,
      }),
    ]);
    renderTasks();
    const corrected = await rowOf('Cellar temperatures');
    expect(within(corrected).getByText('Entered after the fact')).toBeInTheDocument();
    expect(within(corrected).getByText('Completed overdue')).toBeInTheDocument();
    expect(within(corrected).queryByText('Synced late')).not.toBeInTheDocument();
  });

  test("status tabs count the day's buckets from the list's own answer and filter by the chosen one", async () => {
    const api = tasksApi(day);
    const { user, params } = renderTasks();
    const tabs = await screen.findByRole('tablist', { name: 'Task status' });
    expect(await within(tabs).findByRole('tab', { name: 'All (4)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    for (const name of [
      'Upcoming / in progress (1)',
      'Completed on time (1)',
      'Completed overdue (1)',
      'Incomplete / overdue (1)',
      'Deleted (1)',
    ])
      expect(within(tabs).getByRole('tab', { name })).toBeInTheDocument();
    // The rows and the counts came in one answer.
    expect(dayLists(api.sent)).toHaveLength(1);
    expect(dayLists(api.sent)[0]!.query.has('status')).toBe(false);

    await user.click(within(tabs).getByRole('tab', { name: 'Completed overdue (1)' }));
    await waitFor(() => expect(screen.queryByText('Fridge temperatures')).not.toBeInTheDocument());
    expect(screen.getByText('Delivery intake')).toBeInTheDocument();
    expect(dayLists(api.sent).at(-1)!.query.get('status')).toBe('LATE');
    expect(params().get('status')).toBe('LATE');
    expect(dayLists(api.sent)).toHaveLength(2);
  });

  test("a dashboard metric's link opens that day filtered by that bucket", async () => {
    const api = tasksApi(day.map((task) => ({ ...task, taskDate: '2026-03-29' })));
    renderTasks('/dashboard/task?taskListDate=2026-03-29&status=INCOMPLETE');
    expect(await screen.findByText('Probe calibration')).toBeInTheDocument();
    expect(Object.fromEntries(dayLists(api.sent)[0]!.query)).toMatchObject({
      taskListDate: '2026-03-29',
      status: 'INCOMPLETE',
      siteID: ids.brighton,
    });
    expect(await screen.findByRole('tab', { name: 'Incomplete / overdue (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('who may not change the site’s tasks sees no Add task, Complete, Edit task or Delete', async () => {
    signInAs('SITE_ADMIN', { siteIds: [ids.manchester] });
    tasksApi(day);
    const { user } = renderTasks();
    await screen.findByText('Fridge temperatures');
    expect(screen.queryByRole('button', { name: 'Add task' })).not.toBeInTheDocument();
    for (const action of ['Complete', 'Edit task', 'Delete'])
      expect(await offersRowAction(user, `${action} Fridge temperatures`)).toBe(false);
  });
});

describe("a task's view", () => {
  const openView = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
    await user.click(await screen.findByLabelText(`View ${name}`));
    const dialog = await screen.findByRole('dialog', { name });
    await within(dialog).findByRole('heading', { name: 'Checklist' });
    // The view's sections are chunks of their own: wait until the checklist's and the comments' are in.
    await within(dialog).findByRole('form', { name: 'Add a comment or a photo' }, { timeout: 10_000 });
    await waitFor(() =>
      expect(within(dialog).queryByRole('progressbar', { name: 'Loading the section' })).toBeNull(),
    );
    return dialog;
  };

  test('a failed line needs to say what failed; the change is sent and shown, and the list follows', async () => {
    let current = fridge;
    const api = tasksApi(day, {
      views: (task) => viewOf(task._id === fridge._id ? current : task),
      extra: (sent) => {
        if (sent.path !== 'individual-task/check-list-item-status-change') return undefined;
        current = {
          ...fridge,
          itemCheckList: [
            line(11, 'Read the display', {
              status: 'FAILED',
              comment: 'Display blank',
              changedBy: me,
              statusChangeOn: '2026-03-30T13:59:00.000Z',
            }),
            fridge.itemCheckList[1]!,
          ],
        };
        return ok(current);
      },
    });
    const { user, params } = renderTasks();
    const dialog = await openView(user, 'Fridge temperatures');
    expect(Object.fromEntries(views(api.sent)[0]!.query)).toEqual({
      masterTaskID: fridge.masterTaskID,
      individualTaskID: fridge._id,
    });
    // The view is in the URL, with both ids, so a link opens it.
    expect(params().get('view')).toBe(`${fridge.masterTaskID}.${fridge._id}`);

    await user.click(within(dialog).getByRole('button', { name: 'Mark failed: Read the display' }));
    const form = within(dialog).getByRole('form', { name: 'Mark failed: Read the display' });
    await user.click(within(form).getByRole('button', { name: 'Mark failed' }));
    expect(await within(form).findByText('Say what failed')).toBeInTheDocument();
    expect(api.to('individual-task/check-list-item-status-change')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: 'What failed?' }), 'Display blank');
    const listed = dayLists(api.sent).length;
    await user.click(within(form).getByRole('button', { name: 'Mark failed' }));
    expect(await within(dialog).findByText('What failed: Display blank')).toBeInTheDocument();
    expect(within(dialog).getByText(textOf(/^Failed by Marcus Reid, 14:59$/))).toBeInTheDocument();
    const [change] = api.to('individual-task/check-list-item-status-change');
    expect(JSON.parse(change!.body)).toEqual({
      masterTaskID: fridge.masterTaskID,
      individualTaskID: fridge._id,
      checkListID: id(11),
      status: 'FAILED',
      comment: 'Display blank',
    });

    // The list behind the view is read again at once, with its counts, in one call.
    await waitFor(() => expect(dayLists(api.sent).length).toBe(listed + 1));
  });

  test('changing a completed task asks why, and sends the reason', async () => {
    const api = tasksApi(day, {
      extra: (sent) =>
        sent.path === 'individual-task/check-list-item-status-change' ? ok(opening) : undefined,
    });
    const { user } = renderTasks();
    const dialog = await openView(user, 'Opening checks');
    expect(await within(dialog).findByText(textOf(/^Done by Tom Fletcher, 08:05$/))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark to do: Check the hand basin' }));
    const form = within(dialog).getByRole('form', { name: 'Mark to do: Check the hand basin' });
    await user.type(
      within(form).getByRole('textbox', { name: 'Why change a completed task?' }),
      'Ticked by mistake',
    );
    await user.click(within(form).getByRole('button', { name: 'Mark to do' }));
    await waitFor(() => expect(api.to('individual-task/check-list-item-status-change')).toHaveLength(1));
    expect(JSON.parse(api.to('individual-task/check-list-item-status-change')[0]!.body)).toMatchObject({
      checkListID: id(21),
      status: 'PENDING',
      reason: 'Ticked by mistake',
    });
  });

  test("completing is refused while a line or photo is missing, and the API's reason is shown", async () => {
    const refusal =
      'This task cannot be completed yet: "Read the display" is not done yet; "Door seal clean" needs a photo';
    tasksApi(day, {
      extra: (sent) =>
        sent.path === 'individual-task/task-status-complete'
          ? fail(400, { message: refusal, error: 'VALIDATION_ERROR' })
          : undefined,
    });
    const { user } = renderTasks();
    const dialog = await openView(user, 'Fridge temperatures');
    await user.click(within(dialog).getByRole('button', { name: 'Complete Fridge temperatures' }));
    expect(await screen.findByRole('dialog', { name: refusal })).toBeInTheDocument();
  });

  test('a line that needs a photo is not marked done before its photo is there', async () => {
    // The API refuses it too; before, the line read done while completing the task was refused.
    const seal: TaskComment = {
      _id: id(902),
      masterTaskID: fridge.masterTaskID,
      individualTaskID: fridge._id,
      checkListID: id(12),
      type: 'IMAGE',
      text: null,
      image: {
        _id: id(903),
        location: 'http://files.test/seal.png',
        key: 'seal',
        originalName: 'seal.png',
        contentType: 'image/png',
        size: 68,
      },
      author: me,
      createdAt: '2026-03-30T13:58:00.000Z',
    };
    let comments: TaskComment[] = [];
    const api = tasksApi(day, {
      views: (task) => viewOf(task, task._id === fridge._id ? comments : []),
      extra: (sent) => {
        if (sent.path === 'comment-task/create-new-one') {
          comments = [seal];
          return ok(seal, 'Photo added');
        }
        return sent.path === 'individual-task/check-list-item-status-change' ? ok(fridge) : undefined;
      },
    });
    const { user } = renderTasks();
    const dialog = await openView(user, 'Fridge temperatures');
    await user.click(within(dialog).getByRole('button', { name: 'Mark done: Door seal clean' }));
    const form = within(dialog).getByRole('form', { name: 'Mark done: Door seal clean' });
    expect(within(form).getByRole('alert')).toHaveTextContent(
      '"Door seal clean" needs a photo: add it under Comments and photos before marking the line done.',
    );
    expect(api.to('individual-task/check-list-item-status-change')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: 'About' }));
    await user.click(await screen.findByRole('option', { name: 'Door seal clean' }));
    await user.upload(
      within(dialog).getByLabelText('Add photo'),
      new File(['png'], 'seal.png', { type: 'image/png' }),
    );
    expect(await within(dialog).findByText('Photo added')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Mark done' }));
    await waitFor(() => expect(api.to('individual-task/check-list-item-status-change')).toHaveLength(1));
    expect(JSON.parse(api.to('individual-task/check-list-item-status-change')[0]!.body)).toMatchObject({
      checkListID: id(12),
      status: 'COMPLETED',
    });
  });

  test('a photo is checked before it is sent, then added about a line, and opens large', async () => {
    const seal: TaskComment = {
      _id: id(900),
      masterTaskID: fridge.masterTaskID,
      individualTaskID: fridge._id,
      checkListID: id(12),
      type: 'IMAGE',
      text: null,
      image: {
        _id: id(901),
        location: 'http://files.test/seal.png',
        key: 'seal',
        originalName: 'seal.png',
        contentType: 'image/png',
        size: 68,
      },
      author: me,
      createdAt: '2026-03-30T13:58:00.000Z',
    };
    let comments: TaskComment[] = [];
    const api = tasksApi(day, {
      views: (task) => viewOf(task, task._id === fridge._id ? comments : []),
      extra: (sent) => {
        if (sent.path !== 'comment-task/create-new-one') return undefined;
        comments = [seal];
        return ok(seal, 'Photo added');
      },
    });
    const { user } = renderTasks();
    const dialog = await openView(user, 'Fridge temperatures');
    expect(within(dialog).getByText('Photo needed')).toBeInTheDocument();
    const photoInput = within(dialog).getByLabelText('Add photo');

    await user.upload(photoInput, new File(['not a photo'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText(/notes\.txt is not a photo/)).toBeInTheDocument();
    const huge = new File([new Uint8Array(maxUploadBytes + 1)], 'huge.jpg', { type: 'image/jpeg' });
    await user.upload(photoInput, huge);
    expect(
      await within(dialog).findByText('huge.jpg is larger than 10 MB, the most a photo may be.'),
    ).toBeInTheDocument();
    expect(api.to('comment-task/create-new-one')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: 'About' }));
    await user.click(await screen.findByRole('option', { name: 'Door seal clean' }));
    await user.upload(photoInput, new File(['png'], 'seal.png', { type: 'image/png' }));
    const thumbnail = await within(dialog).findByRole('button', {
      name: 'Show the photo by Marcus Reid larger',
    });
    const [sent] = api.to('comment-task/create-new-one');
    expect(sent!.body).toContain(`name="individualTaskID"\r\n\r\n${fridge._id}`);
    expect(sent!.body).toContain(`name="checkListID"\r\n\r\n${id(12)}`);
    expect(sent!.body).toContain('name="image"; filename="seal.png"');
    expect(within(dialog).getByText('Photo added')).toBeInTheDocument();
    expect(within(dialog).getByText(/about “Door seal clean”/)).toBeInTheDocument();

    await user.click(thumbnail);
    const large = await screen.findByRole('dialog', { name: /^Photo by Marcus Reid/ });
    expect(within(large).getByRole('img')).toHaveAttribute('src', 'http://files.test/seal.png');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Photo by/ })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Fridge temperatures' })).toBeInTheDocument();
  });

  /** An action the task's deviation opened, as the API answers it; a test says what happened to it. */
  const action = (
    n: number,
    task: IndividualTask,
    overrides: Partial<CorrectiveAction>,
  ): CorrectiveAction => ({
    _id: id(900 + n),
    ref: `CA-00000${n}`,
    orgId: ids.org,
    siteID: ids.brighton,
    siteName: 'The Harbour Kitchen',
    timeZoneId: 'Europe/London',
    kind: 'CHECKLIST_LINE_FAILED',
    checkType: 'TASK',
    state: 'OPEN',
    source: { subject: 'Task', recordID: task._id, lineID: null, masterTaskID: null, taskDate: null },
    deviation: `${task.name}: failed`,
    occurredAt: '2026-03-30T07:30:00.000Z',
    openedAt: '2026-03-30T07:30:00.000Z',
    dueAt: '2026-03-31T07:30:00.000Z',
    overdue: false,
    actionTaken: null,
    foodDiscarded: null,
    discardedQuantity: null,
    recordedBy: null,
    recordedAt: null,
    verifiedBy: null,
    verifiedAt: null,
    verificationNote: null,
    reopenCount: 0,
    reopenReason: null,
    reopenedAt: null,
    createdAt: '2026-03-30T07:30:00.000Z',
    updatedAt: '2026-03-30T07:30:00.000Z',
    ...overrides,
  });

  const actionsOf = (dialog: HTMLElement) =>
    within(within(dialog).getByRole('region', { name: 'Corrective actions' }));

  test('its corrective actions say what went wrong, where each stands, what was done and who verified it', async () => {
    const verified = action(1, delivery, {
      state: 'VERIFIED',
      source: { subject: 'Task', recordID: delivery._id, lineID: id(32), masterTaskID: null, taskDate: null },
      deviation: 'Delivery intake, Packaging intact failed: Torn box',
      actionTaken: 'Rejected the delivery',
      foodDiscarded: true,
      discardedQuantity: '2 kg chicken',
      recordedBy: { _id: ids.tom, name: 'Tom Fletcher' },
      recordedAt: '2026-03-30T07:40:00.000Z',
      verifiedBy: { _id: ids.me, name: 'Marcus Reid' },
      verifiedAt: '2026-03-30T09:00:00.000Z',
      verificationNote: 'Supplier told',
    });
    const missed = action(2, delivery, {
      kind: 'TASK_MISSED',
      deviation: 'Delivery intake was not done by 08:00',
      dueAt: '2026-03-30T12:00:00.000Z',
      overdue: true,
    });
    const api = tasksApi(day, {
      actions: (taskID) => (taskID === delivery._id ? [verified, missed] : []),
    });
    const { user } = renderTasks();
    await user.click(await screen.findByLabelText('View Delivery intake'));
    const dialog = await screen.findByRole('dialog', { name: 'Delivery intake' });
    const section = within(dialog).getByRole('region', { name: 'Corrective actions' });
    const first = within(
      await within(section).findByRole('listitem', { name: 'Corrective action CA-000001' }),
    );
    expect(Object.fromEntries(api.to('correctiveAction/record-list')[0]!.query)).toEqual({
      subject: 'Task',
      recordID: delivery._id,
    });

    expect(first.getByText('Failed checklist line: “Packaging intact”')).toBeInTheDocument();
    expect(first.getByText('Delivery intake, Packaging intact failed: Torn box')).toBeInTheDocument();
    expect(first.getByText('Verified')).toBeInTheDocument();
    expect(first.getByText('Done: Rejected the delivery Food discarded: 2 kg chicken.')).toBeInTheDocument();
    expect(first.getByText(textOf(/^Recorded by Tom Fletcher, 30 Mar, 08:40$/))).toBeInTheDocument();
    expect(
      first.getByText(textOf(/^Verified by Marcus Reid, 30 Mar, 10:00: “Supplier told”$/)),
    ).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'View CA-000001' })).toHaveAttribute(
      'href',
      `/dashboard/correctiveAction?view=${verified._id}`,
    );

    const second = within(within(section).getByRole('listitem', { name: 'Corrective action CA-000002' }));
    expect(second.getByText('Task missed')).toBeInTheDocument();
    expect(second.getByText('Awaiting action')).toBeInTheDocument();
    expect(second.getByText('Overdue')).toBeInTheDocument();
    expect(second.getByText(textOf(/^Nothing recorded yet; due by 30 Mar, 13:00\.$/))).toBeInTheDocument();
    expect(second.queryByText(/^Verified by/)).toBeNull();
    expect(second.getByRole('link', { name: 'View CA-000002' })).toHaveAttribute(
      'href',
      `/dashboard/correctiveAction?view=${missed._id}`,
    );
  });

  test('a line marked failed in the view brings its new corrective action in; none before says so', async () => {
    let current = fridge;
    const failedLine = line(11, 'Read the display', {
      status: 'FAILED',
      comment: 'Display blank',
      changedBy: me,
      statusChangeOn: '2026-03-30T13:59:00.000Z',
    });
    tasksApi(day, {
      views: (task) => viewOf(task._id === fridge._id ? current : task),
      actions: (taskID) =>
        taskID === fridge._id && current !== fridge
          ? [
              action(3, fridge, {
                source: {
                  subject: 'Task',
                  recordID: fridge._id,
                  lineID: id(11),
                  masterTaskID: null,
                  taskDate: null,
                },
                deviation: 'Fridge temperatures, Read the display failed: Display blank',
              }),
            ]
          : [],
      extra: (sent) => {
        if (sent.path !== 'individual-task/check-list-item-status-change') return undefined;
        current = { ...fridge, itemCheckList: [failedLine, fridge.itemCheckList[1]!] };
        return ok(current);
      },
    });
    const { user } = renderTasks();
    const dialog = await openView(user, 'Fridge temperatures');
    expect(actionsOf(dialog).getByText('None: nothing about this task has gone wrong.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Mark failed: Read the display' }));
    const form = within(dialog).getByRole('form', { name: 'Mark failed: Read the display' });
    await user.type(within(form).getByRole('textbox', { name: 'What failed?' }), 'Display blank');
    await user.click(within(form).getByRole('button', { name: 'Mark failed' }));
    expect(
      await actionsOf(dialog).findByText('Failed checklist line: “Read the display”'),
    ).toBeInTheDocument();
    expect(actionsOf(dialog).getByText('Awaiting action')).toBeInTheDocument();
    expect(actionsOf(dialog).queryByText(/^None/)).toBeNull();
  });

  test('corrective actions that cannot be loaded say so in their section, with Retry, and no pop-up', async () => {
    let refuse = true;
    tasksApi(day, {
      extra: (sent) =>
        sent.path === 'correctiveAction/record-list' && refuse
          ? fail(500, { message: 'Something went wrong', error: 'INTERNAL' })
          : undefined,
    });
    const { user } = renderTasks();
    await user.click(await screen.findByLabelText('View Fridge temperatures'));
    const dialog = await screen.findByRole('dialog', { name: 'Fridge temperatures' });
    const section = within(dialog).getByRole('region', { name: 'Corrective actions' });
    expect(
      await within(section).findByText(
        'The corrective actions could not be loaded.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    refuse = false;
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(
      await within(section).findByText('None: nothing about this task has gone wrong.'),
    ).toBeInTheDocument();
  });
});

describe('the master task', () => {
  test('Add task and Edit task open the master task form; the list reloads after a save', async () => {
    const api = tasksApi(day);
    const { user } = renderTasks();
    await screen.findByText('Fridge temperatures');

    await user.click(screen.getByRole('button', { name: 'Add task' }));
    let form = await screen.findByRole('dialog', { name: 'New master task' });
    let listed = dayLists(api.sent).length;
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dayLists(api.sent).length).toBe(listed + 1));

    // A row shows View and Complete; Edit task and Delete are under "More actions".
    await user.click(await rowAction(user, 'Edit task Fridge temperatures'));
    form = await screen.findByRole('dialog', { name: `Edit ${fridge.masterTaskID}` });
    listed = dayLists(api.sent).length;
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dayLists(api.sent).length).toBe(listed + 1));
  });

  test("deleting this and future occurrences says what happens and sends scope FUTURE with the task's day", async () => {
    const api = tasksApi(day, {
      extra: (sent) => (sent.path === 'master-task/delete-one' ? ok(null, 'Deleted') : undefined),
    });
    const { user } = renderTasks();
    await screen.findByText('Fridge temperatures');
    await user.click(await rowAction(user, 'Delete Fridge temperatures'));
    // The delete dialog is a chunk of its own, loaded when first asked for.
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete “Fridge temperatures”?' });
    expect(within(confirm).getByText(/Only the task of Mon, 30 Mar 2026 is deleted/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('radio', { name: 'This and future occurrences' }));
    expect(within(confirm).getByText(/no longer made from Mon, 30 Mar 2026 on/)).toBeInTheDocument();
    expect(within(confirm).getByText('Past days’ records stay as they are.')).toBeInTheDocument();
    const listed = dayLists(api.sent).length;
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(api.to('master-task/delete-one')).toHaveLength(1));
    const [removal] = api.to('master-task/delete-one');
    expect(removal!.method).toBe('DELETE');
    expect(Object.fromEntries(removal!.query)).toEqual({
      masterTaskID: fridge.masterTaskID,
      date: today,
      scope: 'FUTURE',
    });
    await waitFor(() => expect(dayLists(api.sent).length).toBe(listed + 1));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  test("a past day's tasks offer no delete: their records stay", async () => {
    tasksApi(day.map((task) => ({ ...task, taskDate: '2026-03-29' })));
    const { user } = renderTasks('/dashboard/task?taskListDate=2026-03-29');
    await screen.findByText('Fridge temperatures');
    expect(await offersRowAction(user, 'Edit task Fridge temperatures')).toBe(true);
    expect(await offersRowAction(user, 'Delete Fridge temperatures')).toBe(false);
  });
});

describe('a follow-up check', () => {
  const cooling = occurrence(6, 'Cooling check: Chicken curry (cooling began 14:05)', {
    followUp: {
      kind: 'COOLING',
      readingID: id(700),
      foodItemID: id(701),
      dueAt: '2026-03-30T14:35:00.000Z',
    },
  });

  /** The check as the API answers it once cancelled. */
  const cancelledAs = (cause: FollowUpCancelCause, reason: string): IndividualTask => ({
    ...cooling,
    status: 'DELETED',
    bucket: 'DELETED',
    followUp: { ...cooling.followUp!, cancelled: { cause, reason, at: now.toISOString() } },
  });

  test('offers no Complete, Edit task or Delete, and its view says a reading completes it', async () => {
    tasksApi([fridge, cooling]);
    const { user } = renderTasks();
    await screen.findByText(cooling.name);
    for (const action of ['Complete', 'Edit task', 'Delete'])
      expect(await offersRowAction(user, `${action} ${cooling.name}`)).toBe(false);
    expect(await offersRowAction(user, 'Edit task Fridge temperatures')).toBe(true);

    await user.click(screen.getByLabelText(`View ${cooling.name}`));
    const dialog = await screen.findByRole('dialog', { name: cooling.name });
    expect(await within(dialog).findByRole('note', {}, { timeout: 10_000 })).toHaveTextContent(
      'Cooling check made by a temperature reading: record the next reading of this food in the temperature log to complete it.',
    );
  });

  test('an admin cancels it with a reason: the reason is required, the call is sent, and the list reloads', async () => {
    const cancelled = cancelledAs('ADMIN', 'Thrown away');
    const api = tasksApi([fridge, cooling], {
      extra: (sent) =>
        sent.path === 'individual-task/cancel-follow-up'
          ? ok(cancelled, 'Follow-up check cancelled')
          : undefined,
    });
    const { user } = renderTasks();
    await screen.findByText(cooling.name);
    // Only an open follow-up check offers it; a scheduled task is deleted instead.
    expect(await offersRowAction(user, 'Cancel check Fridge temperatures')).toBe(false);
    await user.click(await rowAction(user, `Cancel check ${cooling.name}`));
    const dialog = await screen.findByRole('dialog', { name: `Cancel “${cooling.name}”?` });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel the check' }));
    expect(await within(dialog).findByText(/at least 3 characters/)).toBeInTheDocument();
    expect(api.to('individual-task/cancel-follow-up')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Thrown away');
    const listed = dayLists(api.sent).length;
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the check' }));
    await waitFor(() => expect(api.to('individual-task/cancel-follow-up')).toHaveLength(1));
    const [sent] = api.to('individual-task/cancel-follow-up');
    expect(sent!.method).toBe('PUT');
    expect(JSON.parse(String(sent!.body))).toEqual({
      masterTaskID: cooling.masterTaskID,
      individualTaskID: cooling._id,
      reason: 'Thrown away',
    });
    expect(await screen.findByText('Follow-up check cancelled')).toBeInTheDocument();
    await waitFor(() => expect(dayLists(api.sent).length).toBe(listed + 1));
    expect(screen.queryByRole('dialog', { name: `Cancel “${cooling.name}”?` })).not.toBeInTheDocument();
  });

  test("a site admin cancels only its own site's checks", async () => {
    signInAs('SITE_ADMIN', { siteIds: [ids.manchester] });
    tasksApi([fridge, cooling]);
    const { user } = renderTasks();
    await screen.findByText(cooling.name);
    expect(await offersRowAction(user, `Cancel check ${cooling.name}`)).toBe(false);
  });

  test('a cancelled one shows as cancelled with its reason, in words, and offers nothing to do', async () => {
    const gone = cancelledAs('READING_DELETED', 'Recorded against the wrong food');
    tasksApi([fridge, gone]);
    const { user } = renderTasks('/dashboard/task?status=DELETED');
    await screen.findByText(gone.name);
    expect(
      screen.getByLabelText('Cancelled: its reading was deleted. Reason: Recorded against the wrong food'),
    ).toBeInTheDocument();
    expect(await offersRowAction(user, `Cancel check ${gone.name}`)).toBe(false);

    await user.click(screen.getByLabelText(`View ${gone.name}`));
    const dialog = await screen.findByRole('dialog', { name: gone.name });
    expect(await within(dialog).findByRole('note', {}, { timeout: 10_000 })).toHaveTextContent(
      'Cancelled: its reading was deleted: “Recorded against the wrong food”.',
    );
  });
});

describe('at an American site', () => {
  /** Due at 4 PM in New York, done half an hour after that day's midnight, a line ticked at 3:05 PM. */
  const cooler = occurrence(7, 'Walk-in cooler check', {
    timeZoneId: 'America/New_York',
    expireOn: '2026-03-30T20:00:00.000Z',
    status: 'COMPLETED',
    bucket: 'LATE',
    completedAt: '2026-03-31T04:30:00.000Z',
    completedBy: tom,
    syncedAt: '2026-03-31T04:30:05.000Z',
    itemCheckList: [
      line(71, 'Door seal clean', {
        status: 'COMPLETED',
        statusChangeOn: '2026-03-30T19:05:00.000Z',
        changedBy: tom,
      }),
    ],
  });

  /** The signed-in person chooses how dates are written for them, as their profile saves it. */
  function chooseDateFormat(dateFormat: DateFormat) {
    const { accessToken, refreshToken, userData } = session.get();
    act(() =>
      session.signIn({
        accessToken: accessToken!,
        refreshToken: refreshToken!,
        userData: { ...userData!, dateFormat },
      }),
    );
  }

  beforeEach(() => chooseSite(ids.brighton, { name: 'Brooklyn', american: true }));

  test('times are on a 12-hour clock and dates month first, in the list and the view', async () => {
    tasksApi([cooler]);
    const { user } = renderTasks();
    const row = await rowOf(cooler.name);
    expect(within(row).getByText('4:00 PM')).toBeInTheDocument();
    expect(within(row).getByText('Mar 31, 12:30 AM')).toBeInTheDocument();

    await user.click(screen.getByLabelText(`View ${cooler.name}`));
    const dialog = await screen.findByRole('dialog', { name: cooler.name });
    expect(within(dialog).getByText('by 4:00 PM, Mon, Mar 30, 2026')).toBeInTheDocument();
    expect(
      await within(dialog).findByText(textOf(/^Done by Tom Fletcher, 3:05 PM$/), {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  test('a person who chose day-first dates and a 24-hour clock reads them so', async () => {
    chooseDateFormat('en-GB');
    tasksApi([cooler]);
    const { user } = renderTasks();
    const row = await rowOf(cooler.name);
    expect(within(row).getByText('16:00')).toBeInTheDocument();
    expect(within(row).getByText('31 Mar, 00:30')).toBeInTheDocument();

    await user.click(screen.getByLabelText(`View ${cooler.name}`));
    const dialog = await screen.findByRole('dialog', { name: cooler.name });
    expect(within(dialog).getByText('by 16:00, Mon, 30 Mar 2026')).toBeInTheDocument();
  });
});

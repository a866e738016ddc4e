import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeApi, ok, siteOption, type Sent } from '@console/shared-sdk/testing';
import type { IndividualTask, TaskView } from '@console/shared-sdk/contract';
import { changePerson } from '../../app/store';
import { storedView } from '../../local/records';
import { actions } from '../../sync/outbox';
import { day, ids, line, task, view } from '../../test/fixtures';
import { annaOnHerPhone, renderKitchen, seriousViolations, setOnline } from '../../test/kitchen';

// Today and a task: the day by time slot with what is overdue and done apart, and a checklist ticked,
// failed with a note, photographed and completed, offline too.

const hour = 3600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

function dayServer(list: IndividualTask[], views: Record<string, TaskView> = {}) {
  return fakeApi((sent: Sent) => {
    if (sent.path === 'task-new-version/today') return ok(day(list));
    if (sent.path === 'task-new-version/view-task') {
      const found = views[sent.query.get('individualTaskID') ?? ''];
      return found ? ok(found) : fail(404, { message: 'Task not found', error: 'NOT_FOUND' });
    }
    if (sent.path === 'task-new-version/check-list-item-status-change') return ok(list[0]);
    return fail(404, { message: 'no', error: 'NOT_FOUND' });
  });
}

beforeEach(async () => {
  await annaOnHerPhone();
});

afterEach(() => setOnline(true));

test('the day: follow-up checks counting down, overdue apart, the rest by slot in the day’s order, done last', async () => {
  dayServer(
    [
      task({ _id: 'a1', name: 'Close down the grill', dueSlot: 'CLOSE', expireOn: at(6 * hour) }),
      task({ _id: 'a2', name: 'Opening checks', dueSlot: 'OPEN', expireOn: at(-hour), bucket: 'INCOMPLETE' }),
      task({ _id: 'a3', name: 'Lunch probe', dueSlot: 'LUNCH', expireOn: at(hour) }),
      task({
        _id: 'a4',
        name: 'Delivery check',
        dueSlot: 'MORNING',
        status: 'COMPLETED',
        bucket: 'ON_TIME',
        completedAt: at(-2 * hour),
      }),
      task({
        _id: 'a5',
        name: 'Chicken curry cooling',
        dueSlot: null,
        expireOn: at(45 * 60_000),
        followUp: {
          kind: 'COOLING',
          readingID: ids.master,
          foodItemID: ids.master,
          dueAt: at(45 * 60_000),
          cancelled: null,
        },
      }),
      task({ _id: 'a6', name: 'Wipe the slicer', dueSlot: null, dueTime: '16:00', expireOn: at(2 * hour) }),
    ].map((one) => ({ ...one, _id: one._id.replace('a', '0190a000-0000-7000-8000-00000000050') })),
  );
  const { container } = await renderKitchen('/today');

  await screen.findByText('Close down the grill');
  const sections = screen
    .getAllByRole('region')
    .filter((region) => region.getAttribute('aria-label') !== 'Sync status');
  expect(sections.map((region) => region.getAttribute('aria-label'))).toEqual([
    'Follow-up checks',
    'Overdue',
    'Lunch',
    'Closing (the last hour)',
    'At a set time',
    'Done',
  ]);
  expect(within(sections[0]!).getByText(/^Due in (44|45):\d\d$/)).toBeInTheDocument();
  expect(within(sections[1]!).getByText('Opening checks')).toBeInTheDocument();
  expect(within(sections[5]!).getByText('Delivery check')).toBeInTheDocument();
  expect(screen.getByText('Brighton, Saturday 28 November')).toBeInTheDocument();
  expect(await seriousViolations(container)).toEqual([]);
});

test('offline, the last day known is shown, with when it was read', async () => {
  dayServer([task()]);
  const first = await renderKitchen('/today');
  await screen.findByText('Fridge temperatures');
  first.unmount();

  setOnline(false);
  await renderKitchen('/today');
  expect(await screen.findByText('Fridge temperatures')).toBeInTheDocument();
  expect(screen.getByText(/Offline: the tasks as they were at/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Refresh' })).toBeDisabled();
});

test('with no day stored and no connection, it says to connect', async () => {
  setOnline(false);
  await renderKitchen('/today');
  expect(await screen.findByText(/have not been loaded yet/)).toBeInTheDocument();
});

test('at an American site the day is dated month first and timed on a 12-hour clock, in the person’s words', async () => {
  const brooklyn = 'America/New_York';
  const list = [
    task({ name: 'Walk-in temperatures', expireOn: '2026-11-28T22:30:00.000Z', timeZoneId: brooklyn }),
  ];
  fakeApi((sent: Sent) => {
    if (sent.path === 'site-panel/simple-list')
      return ok([siteOption(ids.site, { name: 'Brooklyn', american: true })]);
    if (sent.path === 'task-new-version/today')
      return ok({
        ...day(list),
        sites: [{ siteID: ids.site, name: 'Brooklyn', timeZoneId: brooklyn, date: '2026-11-28' }],
      });
    return fail(404, { message: 'no', error: 'NOT_FOUND' });
  });
  const page = await renderKitchen('/today');
  expect(await screen.findByText('Brooklyn, Saturday, November 28')).toBeInTheDocument();
  expect(screen.getByText('Due 5:30 PM')).toBeInTheDocument();
  page.unmount();

  await changePerson(ids.anna, (person) => ({ ...person, language: 'es' }));
  await renderKitchen('/today');
  expect(await screen.findByText(/^Para las 5:30\sp\.\s?m\.$/)).toBeInTheDocument();
});

describe('a task', () => {
  const taskPath = `/task/${ids.master}/${ids.task}`;

  /** The day and the task read once online (as a person opens them), then the connection lost. */
  async function openedOnlineThenOffline(name: string) {
    const today = await renderKitchen('/today');
    await screen.findByText(name);
    today.unmount();
    const opened = await renderKitchen(taskPath);
    await screen.findByRole('heading', { name });
    await waitFor(async () => expect(await storedView(ids.anna, ids.task)).not.toBeNull());
    opened.unmount();
    setOnline(false);
    return renderKitchen(taskPath);
  }

  test('offline: ticked and completed at once, kept to send, and shown waiting in the day and the status bar', async () => {
    dayServer([task()], { [ids.task]: view() });
    const user = userEvent.setup();
    const { container } = await openedOnlineThenOffline('Fridge temperatures');
    await user.click(await screen.findByRole('button', { name: 'Mark “Walk-in fridge below 5 °C” done' }));
    expect(
      await screen.findByRole('button', { name: 'Mark “Walk-in fridge below 5 °C” to do' }),
    ).toBeInTheDocument();
    expect(screen.getByText('1 waiting to send')).toBeInTheDocument();
    // The last required line: the task completes, as the server will complete it.
    await user.click(screen.getByRole('button', { name: 'Mark “Door seals clean” done' }));
    expect(await screen.findByText(/^Completed \d/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete task' })).not.toBeInTheDocument();
    expect(screen.getByText('2 waiting to send')).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);

    expect(
      (await actions()).map((action) => [
        action.call,
        (action.payload as { checkListID: string }).checkListID,
      ]),
    ).toEqual([
      ['task.check', ids.lineA],
      ['task.check', ids.lineB],
    ]);
    await user.click(screen.getByRole('link', { name: 'Back' }));
    const done = await screen.findByRole('region', { name: 'Done' });
    expect(within(done).getByText('Fridge temperatures')).toBeInTheDocument();
    expect(within(done).getByText('Waiting to send')).toBeInTheDocument();
  });

  test('a failed line needs a note of what failed', async () => {
    dayServer([task()], { [ids.task]: view() });
    const user = userEvent.setup();
    await openedOnlineThenOffline('Fridge temperatures');
    await user.click(await screen.findByRole('button', { name: 'Mark “Walk-in fridge below 5 °C” failed' }));
    await user.click(screen.getByRole('button', { name: 'Save as failed' }));
    expect(screen.getByText('Say what failed')).toBeInTheDocument();
    expect(await actions()).toEqual([]);

    await user.type(screen.getByLabelText('What failed, and what you did about it'), '7 °C: moved stock');
    await user.click(screen.getByRole('button', { name: 'Save as failed' }));
    await waitFor(async () => expect(await actions()).toHaveLength(1));
    expect((await actions())[0]?.payload).toMatchObject({ status: 'FAILED', comment: '7 °C: moved stock' });
    // The form closes and the line shows the note it was saved with.
    await waitFor(() =>
      expect(screen.queryByLabelText('What failed, and what you did about it')).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('7 °C: moved stock')).toBeInTheDocument();
  });

  test('a line that needs a photo is ticked only once its photo is taken; the photo waits with the task', async () => {
    const withPhoto = view({
      name: 'Display fridge',
      itemCheckList: [line(ids.lineA, 'Photo of the fridge display', { photoRequired: true })],
    });
    const { comments: _comments, history: _history, ...listed } = withPhoto;
    dayServer([listed], { [ids.task]: withPhoto });
    const user = userEvent.setup();
    await openedOnlineThenOffline('Display fridge');
    const tick = await screen.findByRole('button', { name: 'Mark “Photo of the fridge display” done' });
    expect(tick).toBeDisabled();
    expect(screen.getByText('Needs a photo')).toBeInTheDocument();
    expect(screen.getByText('“Photo of the fridge display” needs a photo')).toBeInTheDocument();

    const photo = new File([new Uint8Array([0xff, 0xd8])], 'fridge.jpg', { type: 'image/jpeg' });
    await user.upload(
      screen.getByLabelText('Take a photo for “Photo of the fridge display”', { selector: 'input' }),
      photo,
    );

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Mark “Photo of the fridge display” done' })).toBeEnabled(),
    );
    expect(screen.getByText('Photo taken')).toBeInTheDocument();
    const [kept] = await actions();
    expect(kept).toMatchObject({
      call: 'task.comment',
      payload: { checkListID: ids.lineA, photo: expect.any(Blob) },
    });
  });

  test('not loaded on this device and offline, it says to connect', async () => {
    setOnline(false);
    await renderKitchen(taskPath);
    expect(await screen.findByText(/has not been loaded on this device/)).toBeInTheDocument();
  });
});

import { fail, fakeApi, ok, type Sent } from '@console/shared-sdk/testing';
import type { IndividualTask } from '@console/shared-sdk/contract';
import { signedIn } from '../app/store';
import { closeLocalData } from '../local/db';
import { storedPerson, updatePerson } from '../local/people';
import { loadRecords } from '../local/records';
import { day, ids, line, loginAs, task } from '../test/fixtures';
import { actions, dismiss } from './outbox';
import { record } from './record';
import { refreshDay } from './refresh';
import { sendSoon, startSending, stopSending } from './sender';

// The outbox: what a person records is kept before the screen shows it done, sent in order as that
// person when the device is online, sent again after a failure with the same id, and what the server
// refuses is kept with its reason.

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
}

const by = { _id: ids.anna, firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com' };
const ref = { masterTaskID: ids.master, individualTaskID: ids.task };
const tick = (checkListID: string) => ({ ...ref, checkListID, status: 'COMPLETED' as const, by });

const bodyOf = (sent: Sent) => JSON.parse(sent.body) as Record<string, unknown>;
/** The text fields of a multipart body, as the server reads them. */
const formFields = (sent: Sent): Record<string, unknown> =>
  Object.fromEntries(
    [...sent.body.matchAll(/name="(\w+)"\r\n\r\n([^\r]*)\r\n/g)].map(([, name, value]) => [name, value]),
  );
const writes = (sent: Sent[]) => sent.filter((one) => one.method !== 'GET');

/**
 * A server that records each write once per clientId (as the API does), answers ticks and completions
 * with the task as it now is, and takes only Anna's and Ben's first access tokens.
 */
function kitchenServer(options: { refuse?: (sent: Sent) => Response | null; lose?: number } = {}) {
  let current: IndividualTask = task();
  const recorded = new Map<string, unknown>();
  let lost = 0;
  const api = fakeApi((sent) => {
    if (sent.path === 'task-new-version/today') return ok(day([current]));
    if (sent.path === 'task-new-version/view-task') return ok({ ...current, comments: [], history: [] });
    if (sent.authorization !== 'access-Anna-1' && sent.authorization !== 'access-Ben-1')
      return fail(401, { message: 'Your session has expired', error: 'TOKEN_EXPIRED' });
    const refusal = options.refuse?.(sent);
    if (refusal) return refusal;
    const body = sent.path === 'task-new-version/comment' ? formFields(sent) : bodyOf(sent);
    const clientId = String(body['clientId']);
    if (!recorded.has(clientId)) {
      if (sent.path === 'task-new-version/check-list-item-status-change') {
        current = {
          ...current,
          itemCheckList: current.itemCheckList.map((one) =>
            one._id === body['checkListID'] ? { ...one, status: 'COMPLETED' } : one,
          ),
        };
      }
      if (sent.path === 'task-new-version/complete') current = { ...current, status: 'COMPLETED' };
      recorded.set(clientId, current);
    }
    // The answer is lost on the way back, though the server recorded the write.
    if (lost < (options.lose ?? 0)) {
      lost += 1;
      throw new TypeError('fetch failed');
    }
    return ok(recorded.get(clientId));
  });
  return { ...api, recorded, writes: () => writes(api.sent) };
}

beforeEach(async () => {
  setOnline(false);
  await signedIn(loginAs(ids.anna), { signedInOn: 'phone', language: 'en', hasPin: false });
});

afterEach(async () => {
  await stopSending();
  setOnline(true);
});

test('an action is kept before record() resolves, and shown at once in the stored day', async () => {
  kitchenServer();
  setOnline(true);
  await refreshDay(ids.anna);
  setOnline(false);

  await record('task.check', tick(ids.lineA), ids.anna);

  const [kept] = await actions(ids.anna);
  expect(kept).toMatchObject({ call: 'task.check', personId: ids.anna, status: 'waiting', attempts: 0 });
  expect(kept?.clientId).toMatch(/^[0-9a-f-]{36}$/);
  // The device's time, with its offset.
  expect(kept?.deviceTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
  const { day: stored } = await loadRecords(ids.anna);
  expect(stored?.list[0]?.itemCheckList.map((one) => one.status)).toEqual(['COMPLETED', 'PENDING']);
});

test('actions are sent in the order they were recorded, as the person, once online', async () => {
  const server = kitchenServer();
  setOnline(true);
  await refreshDay(ids.anna);
  setOnline(false);
  await record('task.check', tick(ids.lineA), ids.anna);
  await record('task.check', tick(ids.lineB), ids.anna);
  await record('task.complete', { ...ref, by }, ids.anna);
  await sendSoon();
  expect(server.writes()).toHaveLength(0);

  setOnline(true);
  await sendSoon();

  expect(server.writes().map((sent) => [sent.path, bodyOf(sent)['checkListID'] ?? null])).toEqual([
    ['task-new-version/check-list-item-status-change', ids.lineA],
    ['task-new-version/check-list-item-status-change', ids.lineB],
    ['task-new-version/complete', null],
  ]);
  expect(server.writes().every((sent) => sent.authorization === 'access-Anna-1')).toBe(true);
  expect(await actions()).toEqual([]);
  // The server's answer replaced what was shown.
  const { day: stored } = await loadRecords(ids.anna);
  expect(stored?.list[0]?.status).toBe('COMPLETED');
});

test('a network failure keeps the action, which is sent again later with the same id, recorded once', async () => {
  const server = kitchenServer({ lose: 1 });
  await record('task.check', tick(ids.lineA), ids.anna);
  setOnline(true);
  await sendSoon();

  // The server recorded it, but the answer never came back: still waiting, one failed try.
  expect(await actions()).toEqual([expect.objectContaining({ status: 'waiting', attempts: 1 })]);
  await sendSoon();

  const [first, second] = server.writes();
  expect(bodyOf(first!)['clientId']).toBe(bodyOf(second!)['clientId']);
  expect(server.recorded.size).toBe(1);
  expect(await actions()).toEqual([]);
});

test('the outbox survives the page being reloaded (the database closed and opened again)', async () => {
  const server = kitchenServer();
  await record('task.check', tick(ids.lineA), ids.anna);
  await record('task.comment', { ...ref, comment: 'Seal replaced', by }, ids.anna);

  await stopSending();
  await closeLocalData();
  setOnline(true);
  await startSending();

  expect(server.writes().map((sent) => sent.path)).toEqual([
    'task-new-version/check-list-item-status-change',
    'task-new-version/comment',
  ]);
  expect(await actions()).toEqual([]);
});

test('a photo is kept as a Blob and sent as a file with its line', async () => {
  const server = kitchenServer();
  const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
  await record('task.comment', { ...ref, checkListID: ids.lineA, photo, by }, ids.anna);

  const [kept] = await actions();
  expect(kept?.payload).toMatchObject({ photo: expect.any(Blob) });
  setOnline(true);
  await sendSoon();

  const [sent] = server.writes();
  const form = await new Response(sent!.body, {
    headers: { 'content-type': sent!.request.headers.get('content-type') ?? '' },
  }).formData();
  expect(form.get('checkListID')).toBe(ids.lineA);
  expect(form.get('clientId')).toBe(kept?.clientId);
  expect(form.get('photo')).toBeInstanceOf(Blob);
});

describe('a refusal', () => {
  test('of a time outside the sync window is kept, in words, until dismissed; the next action still goes', async () => {
    setOnline(true);
    kitchenServer();
    await refreshDay(ids.anna);
    setOnline(false);
    const server = kitchenServer({
      refuse: (sent) =>
        bodyOf(sent)['checkListID'] === ids.lineA
          ? fail(400, {
              message: 'Some fields need attention',
              error: 'VALIDATION_ERROR',
              details: { fieldErrors: { changedAt: ['The time of the change is more than 72 hours ago'] } },
            })
          : null,
    });
    const fourDaysAgo = Date.now() - 96 * 3600_000;
    const now = jest.spyOn(Date, 'now').mockReturnValue(fourDaysAgo);
    jest.useFakeTimers({
      now: fourDaysAgo,
      doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'],
    });
    await record('task.check', tick(ids.lineA), ids.anna);
    jest.useRealTimers();
    now.mockRestore();
    await record('task.check', tick(ids.lineB), ids.anna);

    setOnline(true);
    await sendSoon();

    const kept = await actions();
    expect(kept).toEqual([
      expect.objectContaining({
        status: 'refused',
        refusal: expect.objectContaining({ reason: 'tooOld', status: 400 }),
      }),
    ]);
    expect(kept[0]?.refusal?.what).toEqual({
      key: 'taskCheck',
      values: { line: 'Walk-in fridge below 5 °C', task: 'Fridge temperatures' },
    });
    expect(server.writes()).toHaveLength(2);
    // Sending again does not send it again.
    await sendSoon();
    expect(server.writes()).toHaveLength(2);

    await dismiss(kept[0]!.seq!);
    expect(await actions()).toEqual([]);
  });

  test('of a task completed by someone else first says who', async () => {
    const completedByBen: IndividualTask = task({
      status: 'COMPLETED',
      bucket: 'ON_TIME',
      completedAt: new Date().toISOString(),
      completedBy: { _id: ids.ben, firstName: 'Ben', lastName: 'Cole', email: 'ben@example.com' },
      itemCheckList: [line(ids.lineA, 'Walk-in fridge below 5 °C', { status: 'COMPLETED' })],
    });
    fakeApi((sent) => {
      if (sent.path === 'task-new-version/view-task')
        return ok({ ...completedByBen, comments: [], history: [] });
      if (sent.path === 'task-new-version/today') return ok(day([completedByBen]));
      return fail(409, { message: 'This task is already completed', error: 'CONFLICT' });
    });
    await record('task.complete', { ...ref, by }, ids.anna);
    setOnline(true);
    await sendSoon();

    expect(await actions()).toEqual([
      expect.objectContaining({
        status: 'refused',
        refusal: expect.objectContaining({ reason: 'completedByOther', by: 'Ben Cole' }),
      }),
    ]);
    // What the app showed (completed by Anna) gave way to the server's version.
    expect((await loadRecords(ids.anna)).day?.list[0]?.completedBy?._id).toBe(ids.ben);
  });

  test('of a deleted task says it was deleted', async () => {
    fakeApi((sent) =>
      sent.path === 'task-new-version/view-task'
        ? fail(404, { message: 'Task not found', error: 'NOT_FOUND' })
        : fail(409, { message: 'This task was deleted; it can no longer be changed', error: 'CONFLICT' }),
    );
    await record('task.check', tick(ids.lineA), ids.anna);
    setOnline(true);
    await sendSoon();
    expect(await actions()).toEqual([
      expect.objectContaining({ refusal: expect.objectContaining({ reason: 'taskDeleted' }) }),
    ]);
  });
});

describe('sessions', () => {
  test('a person whose session is over keeps their actions for their next sign-in; another person’s still go', async () => {
    await signedIn(loginAs(ids.ben), { signedInOn: 'tablet', language: 'en', hasPin: true });
    await record('task.check', tick(ids.lineA), ids.anna);
    await record('task.check', { ...tick(ids.lineB), by: { ...by, _id: ids.ben } }, ids.ben);
    // Anna's refresh token is refused: her session is over.
    await updatePerson(ids.anna, (anna) => ({
      ...anna,
      tokens: {
        accessToken: 'access-Anna-old',
        refreshToken: 'refresh-Anna-old',
        expiresAt: Date.now() + 60_000,
      },
    }));
    const renewals: Sent[] = [];
    const answer = (sent: Sent) => {
      renewals.push(sent);
      return fail(401, { message: 'This sign-in was ended', error: 'UNAUTHORIZED' });
    };
    fakeApi((sent) => (sent.path === 'authentication/refresh-token' ? answer(sent) : serverAnswer(sent)));
    function serverAnswer(sent: Sent) {
      if (sent.authorization !== 'access-Ben-1')
        return fail(401, { message: 'Your session has expired', error: 'TOKEN_EXPIRED' });
      return ok(task());
    }

    setOnline(true);
    await sendSoon();

    expect(renewals).toHaveLength(1);
    expect(JSON.parse(renewals[0]!.body)).toEqual({ refreshToken: 'refresh-Anna-old' });
    expect(await actions()).toEqual([
      expect.objectContaining({ personId: ids.anna, status: 'needs-sign-in' }),
    ]);
    expect((await storedPerson(ids.anna))?.tokens).toBeNull();
  });

  test('an expired access token is renewed once, with the person’s refresh token, and the action sent', async () => {
    await updatePerson(ids.anna, (anna) => ({
      ...anna,
      tokens: {
        accessToken: 'access-Anna-0',
        refreshToken: 'refresh-Anna-0',
        expiresAt: Date.now() + 600_000,
      },
    }));
    const api = fakeApi((sent) => {
      if (sent.path === 'authentication/refresh-token') return ok(loginAs(ids.anna, 1));
      if (sent.authorization !== 'access-Anna-1')
        return fail(401, { message: 'Your session has expired', error: 'TOKEN_EXPIRED' });
      return ok(task());
    });
    await record('task.check', tick(ids.lineA), ids.anna);
    await record('task.check', tick(ids.lineB), ids.anna);
    setOnline(true);
    await sendSoon();

    expect(api.to('authentication/refresh-token')).toHaveLength(1);
    expect(await actions()).toEqual([]);
    expect((await storedPerson(ids.anna))?.tokens?.refreshToken).toBe('refresh-Anna-1');
  });
});

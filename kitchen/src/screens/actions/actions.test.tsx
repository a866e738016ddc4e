import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeApi, ok, type Sent } from '@console/shared-sdk/testing';
import type { CorrectiveAction, StandardActionList } from '@console/shared-sdk/contract';
import { changePerson, signedIn } from '../../app/store';
import { saveAnswer } from '../../local/cached-answers';
import { actions } from '../../sync/outbox';
import { sendSoon } from '../../sync/sender';
import { ids, loginAs, zone } from '../../test/fixtures';
import { annaOnHerPhone, asTablet, renderKitchen, seriousViolations, setOnline } from '../../test/kitchen';
import type { ActionPayload } from './action-calls';
import { openActionsKey, standardActionsKey } from './action-lists';

// Corrective actions on the kitchen app: the site's actions awaiting action (kept for offline, the overdue
// marked), what was done recorded through the outbox as the person on the screen (a standard action or
// their own words, and the food discarded), sent once, and a record someone else made first refused in words.

const stamp = '2026-11-28T09:15:00.000Z';
const hour = 3_600_000;
const actionIds = {
  fridge: '0190a000-0000-7000-8000-000000000c01',
  closing: '0190a000-0000-7000-8000-000000000c02',
} as const;
const fridgeDeviation = 'Walk-in fridge, Top shelf read 9.4 °C (limit 8 °C)';
/** The fridge's action's words within a link's or line's name. */
const fridgeWords = new RegExp(fridgeDeviation.replace(/[()]/g, '\\$&'));

function openAction(extra: Partial<CorrectiveAction> = {}): CorrectiveAction {
  return {
    _id: actionIds.fridge,
    ref: 'CA-3F9A1C',
    orgId: ids.org,
    siteID: ids.site,
    siteName: 'Brighton',
    timeZoneId: zone,
    kind: 'READING_FAILED',
    checkType: 'FRIDGE',
    state: 'OPEN',
    source: {
      subject: 'TemperatureLog',
      recordID: '0190a000-0000-7000-8000-000000000c11',
      lineID: null,
      masterTaskID: null,
      taskDate: null,
    },
    deviation: fridgeDeviation,
    occurredAt: stamp,
    openedAt: stamp,
    dueAt: new Date(Date.now() + 3 * hour).toISOString(),
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
    createdAt: stamp,
    updatedAt: stamp,
    ...extra,
  };
}

const missedClosing = () =>
  openAction({
    _id: actionIds.closing,
    ref: 'CA-7B2E40',
    kind: 'TASK_MISSED',
    checkType: 'TASK',
    source: { subject: 'Task', recordID: ids.task, lineID: null, masterTaskID: null, taskDate: null },
    deviation: 'Closing checks were not done',
    occurredAt: '2026-11-27T22:00:00.000Z',
    dueAt: new Date(Date.now() - 2 * hour).toISOString(),
    overdue: true,
  });

const standardActions: StandardActionList[] = [
  {
    checkType: 'FRIDGE',
    actions: ['Moved food to another fridge', 'Discarded high-risk food', 'Called an engineer'],
    isDefault: false,
  },
  { checkType: 'TASK', actions: ['Done late and checked'], isDefault: true },
];

interface Recorded {
  body: Record<string, unknown>;
  authorization: string | null;
}

/**
 * The API's corrective-action calls over the actions in `open`: an action recorded leaves the list and
 * is kept as recorded by the caller (Anna or Ben, by their token). `recordAnswer` answers a recording in
 * place of the server's own answer (a conflict, a lost answer).
 */
function actionsServer(
  open: CorrectiveAction[] = [openAction(), missedClosing()],
  recordAnswer: (sent: Sent, recorded: Recorded[]) => Response | null = () => null,
) {
  const byId = new Map(open.map((action) => [action._id, action]));
  const recorded: Recorded[] = [];
  const api = fakeApi((sent: Sent) => {
    if (sent.path === 'correctiveAction/web-app-list') {
      const list = [...byId.values()].filter((action) => action.state === 'OPEN');
      return ok({ list, records: list.length, page: 1, limit: 100 });
    }
    if (sent.path === 'correctiveAction/standard-action-list') return ok(standardActions);
    if (sent.path.startsWith('correctiveAction/find-one/')) {
      const found = byId.get(sent.path.split('/').pop() ?? '');
      return found ? ok(found) : fail(404, { message: 'Not found', error: 'NOT_FOUND' });
    }
    if (sent.path === 'correctiveAction/record-action') {
      const answer = recordAnswer(sent, recorded);
      if (answer) return answer;
      const body = JSON.parse(sent.body) as Record<string, unknown>;
      recorded.push({ body, authorization: sent.authorization });
      const action = byId.get(String(body['_id']));
      if (!action) return fail(404, { message: 'Not found', error: 'NOT_FOUND' });
      if (action.state !== 'OPEN')
        return fail(409, { message: 'This action is not awaiting action', error: 'CONFLICT' });
      const ben = sent.authorization?.includes('Ben');
      const done: CorrectiveAction = {
        ...action,
        state: 'ACTION_RECORDED',
        actionTaken: String(body['actionTaken']),
        foodDiscarded: Boolean(body['foodDiscarded']),
        discardedQuantity: typeof body['discardedQuantity'] === 'string' ? body['discardedQuantity'] : null,
        recordedBy: ben ? { _id: ids.ben, name: 'Ben Cole' } : { _id: ids.anna, name: 'Anna Nowak' },
        recordedAt: new Date().toISOString(),
      };
      byId.set(action._id, done);
      return ok(done);
    }
    return fail(404, { message: 'Not found', error: 'NOT_FOUND' });
  });
  return { ...api, recorded, byId };
}

/** This device read the site's actions and standard actions while it was online. */
async function keptOnDevice(open: CorrectiveAction[] = [openAction(), missedClosing()]) {
  await saveAnswer(openActionsKey(ids.site), open);
  await saveAnswer(standardActionsKey(ids.site), standardActions);
}

const navigation = (name = 'Main navigation') => screen.getByRole('navigation', { name });

afterEach(() => setOnline(true));

describe('on a phone', () => {
  beforeEach(async () => {
    await annaOnHerPhone();
  });

  test('lists the site’s actions awaiting action with their kind, when they happened, and the overdue marked', async () => {
    const api = actionsServer();
    const { container } = await renderKitchen('/actions');

    await screen.findByRole('heading', { level: 1, name: 'Corrective actions' });
    const fridge = await screen.findByRole('link', { name: fridgeWords });
    expect(within(fridge).getByText('Failed reading · Fridge · CA-3F9A1C')).toBeInTheDocument();
    // On the site's clock, London in November.
    expect(within(fridge).getByText('Happened 28 Nov, 09:15')).toBeInTheDocument();
    expect(within(fridge).getByText(/^Due \d/)).toBeInTheDocument();
    expect(within(fridge).queryByText('Overdue')).not.toBeInTheDocument();

    const closing = screen.getByRole('link', { name: /Closing checks were not done/ });
    expect(within(closing).getByText('Task missed · Tasks and checklists · CA-7B2E40')).toBeInTheDocument();
    expect(within(closing).getByText('Happened 27 Nov, 22:00')).toBeInTheDocument();
    expect(within(closing).getByText('Overdue')).toBeInTheDocument();
    expect(within(closing).getByText(/^Was due \d/)).toBeInTheDocument();

    // The navigation counts them.
    expect(await within(navigation()).findByRole('link', { name: '2 Actions' })).toBeInTheDocument();
    const [listed] = api.to('correctiveAction/web-app-list');
    expect(listed?.query.get('siteID')).toBe(ids.site);
    expect(listed?.query.get('state')).toBe('OPEN');
    expect(listed?.authorization).toContain('access-Anna-1');
    expect(await seriousViolations(container)).toEqual([]);
  });

  test('recording a standard action queues it, takes it off the list, and sends the body the API takes', async () => {
    const api = actionsServer();
    const user = userEvent.setup();
    const { container } = await renderKitchen('/actions');

    await user.click(await screen.findByRole('link', { name: fridgeWords }));
    await screen.findByRole('heading', { level: 1, name: 'Record what was done' });
    // The organisation's list for a fridge, not another check's.
    expect(screen.queryByRole('button', { name: 'Done late and checked' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Moved food to another fridge' }));
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(await seriousViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save action' }));

    expect(
      await screen.findByText(
        `Saved: what was done about “${fridgeDeviation}”. It is sent as soon as the device is online.`,
      ),
    ).toBeInTheDocument();
    // The list is read again; the one recorded is not on it.
    expect(await screen.findByRole('link', { name: /Closing checks were not done/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: fridgeWords })).not.toBeInTheDocument();

    await waitFor(() => expect(api.recorded).toHaveLength(1));
    expect(api.recorded[0]?.body).toEqual({
      _id: actionIds.fridge,
      actionTaken: 'Moved food to another fridge',
      foodDiscarded: false,
    });
    expect(api.recorded[0]?.authorization).toContain('access-Anna-1');
    await waitFor(async () => expect(await actions()).toEqual([]));
    // Sent, it stays off the list and the badge.
    expect(within(navigation()).getByRole('link', { name: '1 Actions' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: fridgeWords })).not.toBeInTheDocument();
  });

  test('food discarded needs how much; an action of one’s own needs its words', async () => {
    const api = actionsServer();
    setOnline(false);
    await keptOnDevice();
    const user = userEvent.setup();
    await renderKitchen(`/actions/${actionIds.fridge}?site=${ids.site}`);

    await user.click(await screen.findByRole('button', { name: 'Save action' }));
    expect(screen.getByText('Choose what was done, or say it in your own words.')).toBeInTheDocument();
    expect(screen.getByText('Say whether food was discarded.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Something else' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Save action' }));
    expect(screen.getByText('Say what was done.')).toBeInTheDocument();
    expect(screen.getByText('Say how much food was discarded.')).toBeInTheDocument();
    expect(await actions()).toEqual([]);

    await user.type(
      screen.getByRole('textbox', { name: 'What was done, in your own words' }),
      'Threw away the top shelf and moved the rest to the reach-in',
    );
    await user.type(screen.getByRole('textbox', { name: 'How much was discarded' }), '3 kg cooked ham');
    await user.click(screen.getByRole('button', { name: 'Save action' }));
    await screen.findByRole('heading', { level: 1, name: 'Corrective actions' });

    const [kept] = await actions(ids.anna);
    expect(kept?.call).toBe('corrective-action');
    expect(kept?.payload as ActionPayload).toMatchObject({
      action: { _id: actionIds.fridge, siteID: ids.site },
      actionTaken: 'Threw away the top shelf and moved the rest to the reach-in',
      foodDiscarded: true,
      discardedQuantity: '3 kg cooked ham',
    });
    expect(api.sent).toEqual([]);
  });

  test('offline, the action waits to send and leaves the list; online, it is sent once', async () => {
    const api = actionsServer();
    setOnline(false);
    await keptOnDevice();
    const user = userEvent.setup();
    await renderKitchen('/actions');

    expect(await screen.findByText(/^Offline: the actions as they were at/)).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: fridgeWords }));
    await user.click(await screen.findByRole('button', { name: 'Discarded high-risk food' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await user.type(screen.getByRole('textbox', { name: 'How much was discarded' }), '2 kg chicken');
    await user.click(screen.getByRole('button', { name: 'Save action' }));

    const waiting = await screen.findByRole('region', { name: 'Actions waiting to send' });
    expect(
      within(waiting).getByText(
        new RegExp(`^Corrective action for “${fridgeWords.source}” · saved \\d\\d:\\d\\d$`),
      ),
    ).toBeInTheDocument();
    expect(within(waiting).getByText('Waiting to send')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Closing checks were not done/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: fridgeWords })).not.toBeInTheDocument();
    expect(within(navigation()).getByRole('link', { name: '1 Actions' })).toBeInTheDocument();
    expect(api.to('correctiveAction/record-action')).toEqual([]);

    setOnline(true);
    await sendSoon();
    await sendSoon();
    expect(api.to('correctiveAction/record-action')).toHaveLength(1);
    expect(api.recorded[0]?.body).toEqual({
      _id: actionIds.fridge,
      actionTaken: 'Discarded high-risk food',
      foodDiscarded: true,
      discardedQuantity: '2 kg chicken',
    });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Actions waiting to send' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('link', { name: fridgeWords })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Not accepted by the server' })).not.toBeInTheDocument();
  });

  test('sent again after its answer was lost, the record the server already took is not refused', async () => {
    let lost = false;
    const api = actionsServer(undefined, (sent, recorded) => {
      if (lost) return null;
      lost = true;
      // The server takes it; the answer never reaches the device.
      recorded.push({ body: JSON.parse(sent.body) as Record<string, unknown>, authorization: null });
      const action = api.byId.get(actionIds.fridge)!;
      api.byId.set(actionIds.fridge, {
        ...action,
        state: 'ACTION_RECORDED',
        actionTaken: 'Called an engineer',
        foodDiscarded: false,
        recordedBy: { _id: ids.anna, name: 'Anna Nowak' },
      });
      throw new TypeError('fetch failed');
    });
    setOnline(false);
    await keptOnDevice();
    const user = userEvent.setup();
    await renderKitchen(`/actions/${actionIds.fridge}?site=${ids.site}`);
    await user.click(await screen.findByRole('button', { name: 'Called an engineer' }));
    await user.click(screen.getByRole('button', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Save action' }));
    await screen.findByRole('region', { name: 'Actions waiting to send' });

    setOnline(true);
    await sendSoon();
    expect(await actions()).toHaveLength(1);
    await sendSoon();

    expect(api.to('correctiveAction/record-action')).toHaveLength(2);
    expect(await actions()).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Not accepted by the server' })).not.toBeInTheDocument();
  });

  test('an action someone else recorded first is refused in words, and leaves the list', async () => {
    const api = actionsServer(undefined, () => {
      const action = api.byId.get(actionIds.fridge)!;
      api.byId.set(actionIds.fridge, {
        ...action,
        state: 'ACTION_RECORDED',
        actionTaken: 'Called an engineer',
        foodDiscarded: false,
        recordedBy: { _id: ids.ben, name: 'Ben Cole' },
      });
      return fail(409, { message: 'This action is not awaiting action', error: 'CONFLICT' });
    });
    setOnline(false);
    await keptOnDevice();
    const user = userEvent.setup();
    await renderKitchen(`/actions/${actionIds.fridge}?site=${ids.site}`);
    await user.click(await screen.findByRole('button', { name: 'Moved food to another fridge' }));
    await user.click(screen.getByRole('button', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Save action' }));
    await screen.findByRole('region', { name: 'Actions waiting to send' });

    setOnline(true);
    await sendSoon();

    const refused = await screen.findByRole('region', { name: 'Not accepted by the server' });
    expect(within(refused).getByText(`Corrective action for “${fridgeDeviation}”`)).toBeInTheDocument();
    expect(
      within(refused).getByText('Ben Cole recorded what was done about this first. Nothing more to do.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Closing checks were not done/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: fridgeWords })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Actions waiting to send' })).not.toBeInTheDocument();
  });

  test('in Spanish the kinds, checks, state and form speak Spanish', async () => {
    actionsServer();
    await changePerson(ids.anna, (person) => ({ ...person, language: 'es' }));
    const user = userEvent.setup();
    await renderKitchen('/actions');

    await screen.findByRole('heading', { level: 1, name: 'Acciones correctivas' });
    expect(screen.getByRole('heading', { level: 2, name: 'Pendiente de acción' })).toBeInTheDocument();
    const fridge = await screen.findByRole('link', { name: fridgeWords });
    expect(within(fridge).getByText('Lectura fallida · Frigorífico · CA-3F9A1C')).toBeInTheDocument();
    const closing = screen.getByRole('link', { name: /Closing checks were not done/ });
    expect(
      within(closing).getByText('Tarea no realizada · Tareas y listas de control · CA-7B2E40'),
    ).toBeInTheDocument();
    expect(within(closing).getByText('Vencida')).toBeInTheDocument();
    expect(
      await within(navigation('Navegación principal')).findByRole('link', { name: '2 Acciones' }),
    ).toBeInTheDocument();

    await user.click(fridge);
    expect(await screen.findByText('¿Se desecharon alimentos?')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Otra cosa' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar acción' })).toBeInTheDocument();
  });
});

test('on a shared tablet, the action is recorded as the person signed in by PIN', async () => {
  await asTablet();
  await signedIn(loginAs(ids.ben), { signedInOn: 'tablet', language: 'en', hasPin: true });
  const api = actionsServer();
  const user = userEvent.setup();
  await renderKitchen('/actions');

  await user.click(await screen.findByRole('link', { name: /Closing checks were not done/ }));
  await user.click(await screen.findByRole('button', { name: 'Done late and checked' }));
  await user.click(screen.getByRole('button', { name: 'No' }));
  await user.click(screen.getByRole('button', { name: 'Save action' }));
  await screen.findByRole('heading', { level: 1, name: 'Corrective actions' });

  await waitFor(() => expect(api.recorded).toHaveLength(1));
  expect(api.recorded[0]?.authorization).toContain('access-Ben-1');
  expect(api.recorded[0]?.body).toEqual({
    _id: actionIds.closing,
    actionTaken: 'Done late and checked',
    foodDiscarded: false,
  });
  expect(api.byId.get(actionIds.closing)?.recordedBy?.name).toBe('Ben Cole');
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { fail, fakeApi, ok, siteOption, type Sent } from '@console/shared-sdk/testing';
import {
  logTypesFor,
  ruleSetOf,
  standardsOf,
  temperatureLogCreateSchema,
  temperatureStandards,
  withNationalFigures,
  type IndividualTask,
  type NationalFigure,
  type TemperatureItemKind,
  type TemperatureLog,
  type TemperatureReadableItem,
} from '@console/shared-sdk/contract';
import { changePerson } from '../../app/store';
import { saveAnswer } from '../../local/cached-answers';
import { keepSites } from '../../local/sites';
import { loadRecords } from '../../local/records';
import { actions } from '../../sync/outbox';
import { refreshDay } from '../../sync/refresh';
import { sendSoon } from '../../sync/sender';
import { day, ids, task, zone } from '../../test/fixtures';
import { annaOnHerPhone, renderKitchen, seriousViolations, setOnline } from '../../test/kitchen';
import { itemsKey } from '../records/site-lists';

// Readings: an item chosen from the site's list (kept for offline), its value on the keypad, judged on the
// device by the contract's limits; a failure asks for its corrective action before anything is kept; a
// cooked core starts the cooling clock, whose check counts down in Today before the server has it.

const minute = 60_000;
const itemIds = {
  fridge: '0190a000-0000-7000-8000-000000000601',
  freezer: '0190a000-0000-7000-8000-000000000602',
  probe: '0190a000-0000-7000-8000-000000000603',
  curry: '0190a000-0000-7000-8000-000000000604',
  equipment: '0190a000-0000-7000-8000-000000000605',
} as const;

/**
 * A probe or food item read as the contract's table says (England's, unless told the site's standards), as
 * GET /item-list answers it.
 */
function readable(
  _id: string,
  kind: TemperatureItemKind,
  name: string,
  standards = temperatureStandards,
): TemperatureReadableItem {
  return {
    _id,
    kind,
    name,
    equipmentID: null,
    equipmentName: null,
    logTypes: logTypesFor(kind).map((logType) => ({
      logType,
      label: standards[logType].label,
      checks: standards[logType].checks.map((check) => ({
        ...check,
        limits: { ...check.limits },
      })),
    })),
  };
}

const fridge: TemperatureReadableItem = {
  _id: itemIds.fridge,
  kind: 'TEMPERATURE_ITEM',
  name: 'Top shelf',
  equipmentID: itemIds.equipment,
  equipmentName: 'Walk-in fridge',
  logTypes: [
    {
      logType: 'FRIDGE',
      label: 'Fridge',
      checks: [
        {
          kind: 'FRIDGE',
          label: 'Fridge',
          limits: { lowerLimit: null, upperLimit: 5, warnUpTo: 8, legalMaximum: 8 },
        },
      ],
    },
  ],
};
const freezer: TemperatureReadableItem = {
  ...fridge,
  _id: itemIds.freezer,
  name: 'Chest freezer',
  equipmentName: 'Chest freezer',
  logTypes: [
    {
      logType: 'FREEZER',
      label: 'Freezer',
      checks: [
        { kind: 'FREEZER', label: 'Freezer', limits: { lowerLimit: null, upperLimit: -18, warnUpTo: null } },
      ],
    },
  ],
};
const probe = readable(itemIds.probe, 'PROBE', 'Probe 1');
const curry = readable(itemIds.curry, 'FOOD_ITEM', 'Chicken curry');
const items = [fridge, freezer, probe, curry];

/** The reading as the API answers its creation. */
function logged(body: Record<string, unknown>): TemperatureLog {
  const item = items.find((one) => one._id === (body['temperatureItemID'] ?? body['foodItemID'])) ?? fridge;
  const now = new Date().toISOString();
  return {
    _id: '0190a000-0000-7000-8000-000000000701',
    orgId: ids.org,
    siteID: ids.site,
    siteName: 'Brighton',
    timeZoneId: zone,
    logType: item.logTypes[0]!.logType,
    checkKind: String(body['checkKind']),
    checkLabel: 'Check',
    item: { _id: item._id, kind: item.kind, name: item.name, equipmentID: null, equipmentName: null },
    celsius: Number(body['celsius']),
    readAt: String(body['readAt']),
    receivedAt: now,
    backFilled: false,
    readBy: { _id: ids.anna, name: 'Anna Nowak' },
    source: 'STAFF',
    limits: { lowerLimit: null, upperLimit: 5, warnUpTo: 8 },
    result: 'FAIL',
    aboveLegalLimit: false,
    jurisdiction: 'GB-ENG',
    temperatureUnit: 'C',
    correctiveAction: (body['correctiveAction'] as string | null) ?? null,
    note: null,
    coolingStartedAt: null,
    hotHoldEnded: false,
    createdAt: now,
    updatedAt: now,
  };
}

function readingsServer(list: IndividualTask[] = [task()], refuse?: Response) {
  return fakeApi((sent: Sent) => {
    if (sent.path === 'temperature-logs/item-list') return ok(items);
    if (sent.path === 'task-new-version/today') return ok(day(list));
    if (sent.path === 'temperature-logs/create-new-one')
      return refuse ?? ok(logged(JSON.parse(sent.body) as Record<string, unknown>));
    return fail(404, { message: 'Not found', error: 'NOT_FOUND' });
  });
}

/** The readings' body as sent, checked against the contract. */
const sentReading = (sent: Sent) => temperatureLogCreateSchema.parse(JSON.parse(sent.body));

async function press(user: UserEvent, keys: string[], keypad = 'Keypad') {
  const pad = screen.getByRole('group', { name: keypad });
  for (const key of keys) await user.click(within(pad).getByRole('button', { name: key }));
}

beforeEach(async () => {
  await annaOnHerPhone();
});

afterEach(() => setOnline(true));

test('the site’s items by kind, searchable, loaded once online and then there offline', async () => {
  const api = readingsServer();
  const user = userEvent.setup();
  const online = await renderKitchen('/readings');

  const fridges = await screen.findByRole('region', { name: 'Fridges and freezers' });
  expect(
    within(fridges)
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual(['Walk-in fridge · Top shelf', 'Chest freezer']);
  expect(screen.getByRole('region', { name: 'Probes' })).toBeInTheDocument();
  expect(api.to('temperature-logs/item-list')[0]?.query.get('siteID')).toBe(ids.site);
  expect(api.to('temperature-logs/item-list')[0]?.authorization).toContain('access-Anna-1');

  await user.type(screen.getByRole('searchbox', { name: 'Find an item' }), 'CURRY');
  expect(screen.queryByRole('region', { name: 'Fridges and freezers' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Chicken curry' })).toBeInTheDocument();
  online.unmount();

  setOnline(false);
  await renderKitchen('/readings');
  expect(await screen.findByRole('button', { name: 'Walk-in fridge · Top shelf' })).toBeInTheDocument();
});

test('offline, a failed reading asks for its corrective action before it is kept, then waits to send', async () => {
  const api = readingsServer();
  await saveAnswer(itemsKey(ids.site), items);
  setOnline(false);
  const user = userEvent.setup();
  const { container } = await renderKitchen('/readings');

  await user.click(await screen.findByRole('button', { name: 'Walk-in fridge · Top shelf' }));
  expect(screen.getByText('Limits: at most 5 °C (warns up to 8 °C)')).toBeInTheDocument();
  await press(user, ['9', 'Decimal mark', '5']);
  expect(screen.getByRole('textbox', { name: 'Temperature' })).toHaveValue('9.5');
  expect(screen.getByText(/9\.5 °C is above the legal maximum of 8 °C\./)).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Save reading' }));
  expect(await screen.findByText('Say what you did about it.')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Corrective action' })).toHaveFocus();
  expect(await actions()).toEqual([]);
  expect(await seriousViolations(container)).toEqual([]);

  await user.type(
    screen.getByRole('textbox', { name: 'Corrective action' }),
    'Moved the food to the reach-in',
  );
  await user.click(screen.getByRole('button', { name: 'Save reading' }));
  expect(
    await screen.findByText(
      'Saved: Walk-in fridge · Top shelf, 9.5 °C. It is sent as soon as the device is online.',
    ),
  ).toBeInTheDocument();
  const [kept] = await actions(ids.anna);
  expect(kept).toMatchObject({
    call: 'reading',
    status: 'waiting',
    payload: { celsius: 9.5, result: 'FAIL', correctiveAction: 'Moved the food to the reach-in' },
  });
  const waiting = screen.getByRole('region', { name: 'Readings waiting to send' });
  expect(
    within(waiting).getByText(/^Reading of Walk-in fridge · Top shelf: 9\.5 °C · saved \d\d:\d\d$/),
  ).toBeInTheDocument();
  expect(within(waiting).getByText('Waiting to send')).toBeInTheDocument();
  expect(api.to('temperature-logs/create-new-one')).toEqual([]);

  setOnline(true);
  await sendSoon();
  const [sent] = api.to('temperature-logs/create-new-one');
  expect(sent?.authorization).toContain('access-Anna-1');
  expect(sentReading(sent!)).toMatchObject({
    siteID: ids.site,
    temperatureItemID: itemIds.fridge,
    logType: 'FRIDGE',
    checkKind: 'FRIDGE',
    celsius: 9.5,
    correctiveAction: 'Moved the food to the reach-in',
    readAt: kept?.deviceTime,
    clientId: kept?.clientId,
  });
  await waitFor(() =>
    expect(screen.queryByRole('region', { name: 'Readings waiting to send' })).not.toBeInTheDocument(),
  );
  expect(await actions()).toEqual([]);
});

test('a freezer’s minus on the keypad, and a value out of range said in words', async () => {
  readingsServer();
  await saveAnswer(itemsKey(ids.site), items);
  const user = userEvent.setup();
  await renderKitchen(`/readings?item=${itemIds.freezer}`);

  await screen.findByRole('heading', { name: 'Chest freezer' });
  await press(user, ['Plus or minus', '1', '8']);
  expect(screen.getByRole('textbox', { name: 'Temperature' })).toHaveValue('-18');
  expect(screen.getByText('-18 °C is within the limits.')).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Corrective action' })).not.toBeInTheDocument();

  await user.clear(screen.getByRole('textbox', { name: 'Temperature' }));
  await user.type(screen.getByRole('textbox', { name: 'Temperature' }), '-75');
  expect(screen.getByText('Enter a temperature from -60 °C to 300 °C.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save reading' }));
  expect(await actions()).toEqual([]);
});

test('in Spanish the keypad writes a decimal comma, read as the same number', async () => {
  readingsServer();
  await saveAnswer(itemsKey(ids.site), items);
  await changePerson(ids.anna, (person) => ({ ...person, language: 'es' }));
  const user = userEvent.setup();
  await renderKitchen(`/readings?item=${itemIds.fridge}`);

  await screen.findByRole('heading', { name: 'Walk-in fridge · Top shelf' });
  await press(user, ['3', 'Coma decimal', '5'], 'Teclado numérico');
  expect(screen.getByRole('textbox', { name: 'Temperatura' })).toHaveValue('3,5');
  expect(screen.getByText('3,5 °C está dentro de los límites.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Guardar lectura' }));
  await waitFor(async () =>
    expect((await actions())[0]?.payload).toMatchObject({ celsius: 3.5, result: 'PASS' }),
  );
});

test('a cooked core starts the cooling clock: its check counts down in Today and Alerts before it is sent', async () => {
  const api = readingsServer();
  await refreshDay(ids.anna);
  await saveAnswer(itemsKey(ids.site), items);
  setOnline(false);
  const user = userEvent.setup();
  await renderKitchen('/readings');

  await user.click(await screen.findByRole('button', { name: 'Chicken curry' }));
  await user.click(screen.getByRole('button', { name: 'Cooking and cooling' }));
  await user.click(screen.getByRole('button', { name: 'Cooked core' }));
  await press(user, ['8', '2']);
  expect(screen.getByText('82 °C is within the limits.')).toBeInTheDocument();
  const clock = screen.getByRole('group', { name: 'Start the cooling clock' });
  await user.click(within(clock).getByRole('button', { name: /^15 minutes ago \(\d\d:\d\d\)$/ }));
  const before = Date.now();
  await user.click(screen.getByRole('button', { name: 'Save and start the cooling clock' }));

  expect(
    await screen.findByText(/^Cooling check due at \d\d:\d\d: read the core again by then\.$/),
  ).toBeInTheDocument();
  const [kept] = await actions(ids.anna);
  const startedAt = new Date(
    String((kept?.payload as { coolingStartedAt: string }).coolingStartedAt),
  ).getTime();
  expect(before - startedAt).toBeGreaterThanOrEqual(15 * minute - 1000);
  expect(before - startedAt).toBeLessThanOrEqual(15 * minute + 1000);

  // The day stored on the device has the check, due 90 minutes after cooling began.
  const check = (await loadRecords(ids.anna)).day?.list.find((one) => one.followUp?.kind === 'COOLING');
  expect(check?.followUp).toMatchObject({ foodItemID: itemIds.curry, readingID: kept?.clientId });
  expect(new Date(check!.expireOn).getTime() - startedAt).toBe(90 * minute);
  expect(await screen.findByRole('link', { name: '1 Alerts' })).toBeInTheDocument();

  await user.click(screen.getByRole('link', { name: 'Today' }));
  const followUps = await screen.findByRole('region', { name: 'Follow-up checks' });
  expect(
    within(followUps).getByText(/^Cooling check: Chicken curry \(cooling began \d\d:\d\d\)$/),
  ).toBeInTheDocument();
  expect(within(followUps).getByText(/^Due in 1:1[45]:\d\d$/)).toBeInTheDocument();

  setOnline(true);
  await sendSoon();
  expect(sentReading(api.to('temperature-logs/create-new-one')[0]!)).toMatchObject({
    foodItemID: itemIds.curry,
    logType: 'COOKING_COOLING',
    checkKind: 'COOKED',
    celsius: 82,
    coolingStartedAt: new Date(startedAt).toISOString(),
  });
});

test('hot holding: the reading takes the item’s open re-check, and food leaving hot holding starts none', async () => {
  const due = new Date(Date.now() + 20 * minute).toISOString();
  const recheck = task({
    _id: '0190a000-0000-7000-8000-000000000801',
    name: 'Hot-holding re-check: Chicken curry (last checked 10:00)',
    dueSlot: null,
    opensAt: new Date(Date.now() - 100 * minute).toISOString(),
    expireOn: due,
    itemCheckList: [],
    followUp: {
      kind: 'HOT_HOLD',
      readingID: ids.master,
      foodItemID: itemIds.curry,
      dueAt: due,
      cancelled: null,
    },
  });
  const api = readingsServer([recheck]);
  await refreshDay(ids.anna);
  await saveAnswer(itemsKey(ids.site), items);
  setOnline(false);
  const user = userEvent.setup();
  await renderKitchen(`/readings?item=${itemIds.curry}`);

  await user.click(await screen.findByRole('button', { name: 'Hot holding and display' }));
  await press(user, ['7', '0']);
  expect(screen.getByText(/^The next check is due by \d\d:\d\d\.$/)).toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: 'The food leaves hot holding now' }));
  expect(screen.queryByText(/^The next check is due by/)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save reading' }));
  await screen.findByText(/^Saved: Chicken curry, 70 °C/);

  const list = (await loadRecords(ids.anna)).day?.list ?? [];
  expect(list.map((one) => [one.name, one.status])).toEqual([[recheck.name, 'COMPLETED']]);

  setOnline(true);
  await sendSoon();
  expect(sentReading(api.to('temperature-logs/create-new-one')[0]!)).toMatchObject({
    logType: 'HOT_HOLD_DISPLAY',
    checkKind: 'HOT_HOLD',
    hotHoldEnded: true,
  });
});

test('a reading refused because its item was deleted since is said in words until dismissed', async () => {
  readingsServer([task()], fail(404, { message: 'Temperature item not found', error: 'NOT_FOUND' }));
  await saveAnswer(itemsKey(ids.site), items);
  setOnline(false);
  const user = userEvent.setup();
  await renderKitchen(`/readings?item=${itemIds.fridge}`);
  await screen.findByRole('heading', { name: 'Walk-in fridge · Top shelf' });
  await press(user, ['4']);
  await user.click(screen.getByRole('button', { name: 'Save reading' }));
  await screen.findByText(/^Saved: Walk-in fridge · Top shelf, 4 °C/);

  setOnline(true);
  await sendSoon();
  const refusals = await screen.findByRole('region', { name: 'Not accepted by the server' });
  expect(within(refusals).getByText('Reading of Walk-in fridge · Top shelf: 4 °C')).toBeInTheDocument();
  expect(
    within(refusals).getByText(
      'What this was recorded for has been deleted since, so it was not kept. Tell your manager.',
    ),
  ).toBeInTheDocument();
  // Refused, it no longer waits.
  expect(screen.queryByRole('region', { name: 'Readings waiting to send' })).not.toBeInTheDocument();
});

test('at an American site a fridge is read in °F and kept in °C: 41 °F is 5 °C and passes, 42 °F fails', async () => {
  const american: TemperatureReadableItem = {
    ...fridge,
    logTypes: [{ logType: 'FRIDGE', label: 'Fridge', checks: [...standardsOf('US-NYC').FRIDGE.checks] }],
  };
  fakeApi((sent: Sent) => {
    if (sent.path === 'site-panel/simple-list')
      return ok([siteOption(ids.site, { name: 'Brooklyn', american: true })]);
    if (sent.path === 'temperature-logs/item-list') return ok([american]);
    return fail(404, { message: 'Not found', error: 'NOT_FOUND' });
  });
  const user = userEvent.setup();
  await renderKitchen(`/readings?item=${itemIds.fridge}`);

  expect(await screen.findByText('Limits: at most 41 °F')).toBeInTheDocument();
  const value = screen.getByRole('textbox', { name: 'Temperature' });
  expect(value).toHaveAccessibleDescription('In °F, with one decimal at most.');
  expect(screen.getByText('°F')).toBeInTheDocument();
  await press(user, ['6', '0', '0']);
  expect(screen.getByText('Enter a temperature from -76 °F to 572 °F.')).toBeInTheDocument();

  await user.clear(value);
  await press(user, ['4', '2']);
  expect(screen.getByText(/^42 °F is above the upper limit of 41 °F\./)).toBeInTheDocument();
  await press(user, ['Delete last digit', '1']);
  expect(screen.getByText('41 °F is within the limits.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save reading' }));

  expect(await screen.findByText(/^Saved: Walk-in fridge · Top shelf, 41 °F\./)).toBeInTheDocument();
  const [kept] = await actions(ids.anna);
  expect(kept?.payload).toMatchObject({ celsius: 5, result: 'PASS', site: { unit: 'F' } });
});

test('at an EU site its organisation’s hot-holding figure of 65 °C is the limit: 64 °C fails and asks for an action', async () => {
  const figures: NationalFigure[] = [
    { logType: 'HOT_HOLD_DISPLAY', kind: 'HOT_HOLD', atLeast: 65, atMost: null, source: 'S.I. 367/2006' },
  ];
  // The API gives the site's items with its checks under the EU's set with the organisation's figures.
  const irishCurry = readable(
    itemIds.curry,
    'FOOD_ITEM',
    'Chicken curry',
    standardsOf(withNationalFigures(ruleSetOf('EU'), figures)),
  );
  await keepSites([
    {
      ...siteOption(ids.site, { name: 'Dublin', timeZoneId: 'Europe/Dublin' }),
      location: { country: 'IE', county: null, region: null, city: 'Dublin' },
      jurisdiction: 'EU',
      locale: 'en-IE',
      nationalFigures: figures,
    },
  ]);
  await saveAnswer(itemsKey(ids.site), [irishCurry]);
  setOnline(false);
  const user = userEvent.setup();
  await renderKitchen(`/readings?item=${itemIds.curry}`);

  await user.click(await screen.findByRole('button', { name: 'Hot holding and display' }));
  expect(screen.getByText('Limits: at least 65 °C')).toBeInTheDocument();
  await press(user, ['6', '4']);
  expect(screen.getByText(/^64 °C is below the lower limit of 65 °C\./)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save reading' }));
  expect(await screen.findByText('Say what you did about it.')).toBeInTheDocument();
  expect(await actions()).toEqual([]);

  await user.type(screen.getByRole('textbox', { name: 'Corrective action' }), 'Reheated to 75 °C');
  await user.click(screen.getByRole('button', { name: 'Save reading' }));
  await screen.findByText(/^Saved: Chicken curry, 64 °C/);
  const [kept] = await actions(ids.anna);
  // The reading keeps the figures it was judged by, which its follow-up check is timed by until sent.
  expect(kept?.payload).toMatchObject({
    result: 'FAIL',
    site: { jurisdiction: 'EU', nationalFigures: figures },
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Notifications } from '@console/shared-sdk';
import { fromCelsius, toCelsius } from '@console/shared-sdk/contract';
import type {
  TemperatureChart,
  TemperatureLog,
  TemperatureLogHistoryEntry,
  TemperatureReadableItem,
} from '@console/shared-sdk/logs';
import {
  chooseSite,
  deferred,
  demoIds,
  fail,
  fakeApi,
  gridProps,
  listPage,
  ok,
  renderOnSiteRoute,
  resetBrowserState,
  rowAction,
  setClock,
  signInAs,
  type Sent,
} from '@console/shared-sdk/testing';
import { resultBands, resultColor } from './status';
import { exportFilters } from './toolbar';
import { TemperatureLogsScreen } from './temperature-logs';

// The temperature log as a site's admin uses it, against a fake API: the dates in the site's zone and the
// filters in the request, failed and back-filled readings marked, corrections and deletions with a
// reason, the Excel export and the chart of one item.

jest.setTimeout(40_000);

// The drawing is MUI X Charts' (pixels, which jsdom has none of): stood in for by its accessible name.
jest.mock('./chart-plot', () => ({
  TemperatureChartPlot: ({ title }: { title: string }) => <div role="img" aria-label={title} />,
}));

const id = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const ids = {
  ...demoIds,
  walkIn: id(301),
  walkInAir: id(302),
  probe: id(303),
  aisha: id(304),
};

/** 15:00 in Brighton (BST) on Monday 30 March 2026. */
const now = new Date('2026-03-30T14:00:00Z');

const fridgeLimits = { lowerLimit: null, upperLimit: 5, warnUpTo: 8, upperExclusive: false };
const airItem = {
  _id: ids.walkInAir,
  kind: 'TEMPERATURE_ITEM' as const,
  name: 'Air',
  equipmentID: ids.walkIn,
  equipmentName: 'Walk-in fridge',
};
const probeItem = {
  _id: ids.probe,
  kind: 'PROBE' as const,
  name: 'Probe 1',
  equipmentID: null,
  equipmentName: null,
};

function reading(n: number, overrides: Partial<TemperatureLog> = {}): TemperatureLog {
  return {
    _id: id(400 + n),
    orgId: ids.org,
    siteID: ids.brighton,
    siteName: 'Brighton',
    timeZoneId: 'Europe/London',
    logType: 'FRIDGE',
    checkKind: 'FRIDGE',
    checkLabel: 'Fridge',
    item: airItem,
    celsius: 4,
    readAt: '2026-03-30T07:05:00.000Z',
    receivedAt: '2026-03-30T07:05:30.000Z',
    backFilled: false,
    readBy: { _id: ids.aisha, name: 'Aisha Khan' },
    source: 'STAFF',
    limits: fridgeLimits,
    result: 'PASS',
    aboveLegalLimit: false,
    jurisdiction: 'GB-ENG',
    temperatureUnit: 'C',
    correctiveAction: null,
    note: null,
    coolingStartedAt: null,
    hotHoldEnded: false,
    createdAt: '2026-03-30T07:05:30.000Z',
    updatedAt: '2026-03-30T07:05:30.000Z',
    ...overrides,
  };
}

const failed = reading(1, {
  celsius: 9.5,
  result: 'FAIL',
  aboveLegalLimit: true,
  correctiveAction: 'Moved the stock to the cold room',
  readAt: '2026-03-30T07:05:00.000Z',
});
/** Logged by a wireless sensor: it reads as the sensor's name, marked as a sensor's. */
const warned = reading(2, {
  celsius: 6.5,
  result: 'WARN',
  readAt: '2026-03-29T16:00:00.000Z',
  readBy: { _id: id(900), name: 'Sensor “Walk-in probe 1”' },
  source: 'SENSOR',
});
const backFilled = reading(3, {
  item: probeItem,
  logType: 'COOKING_COOLING',
  checkKind: 'COOKED',
  checkLabel: 'Cooked core',
  celsius: 78,
  limits: { lowerLimit: 75, upperLimit: null, warnUpTo: null, upperExclusive: false },
  readAt: '2026-03-29T08:00:00.000Z',
  receivedAt: '2026-03-29T09:30:00.000Z',
  backFilled: true,
  coolingStartedAt: '2026-03-29T07:55:00.000Z',
});
/** A fruit fridge an admin loosened to 10 °C with a reason: 9 °C is within it, but above the legal 8 °C. */
const loosened = reading(4, {
  celsius: 9,
  result: 'WARN',
  aboveLegalLimit: true,
  limits: { lowerLimit: null, upperLimit: 10, warnUpTo: null, legalMaximum: 8 },
  readAt: '2026-03-29T12:00:00.000Z',
});
const rows = [failed, warned, backFilled, loosened];

const items: TemperatureReadableItem[] = [
  { ...airItem, logTypes: [{ logType: 'FRIDGE', label: 'Fridge', checks: [] }] },
  { ...probeItem, logTypes: [{ logType: 'COOKING_COOLING', label: 'Cooking and cooling', checks: [] }] },
];

const chartOf = (itemID: string): TemperatureChart => ({
  item: itemID === ids.probe ? probeItem : airItem,
  timeZoneId: 'Europe/London',
  startDate: '2026-03-24',
  endDate: '2026-03-30',
  points: [
    {
      _id: id(501),
      readAt: '2026-03-28T07:00:00.000Z',
      celsius: 4,
      result: 'PASS',
      lowerLimit: null,
      upperLimit: 5,
      warnUpTo: 8,
    },
    {
      _id: id(502),
      readAt: '2026-03-29T16:00:00.000Z',
      celsius: 6.5,
      result: 'WARN',
      lowerLimit: null,
      upperLimit: 5,
      warnUpTo: 8,
    },
    {
      _id: id(503),
      readAt: '2026-03-30T07:05:00.000Z',
      celsius: 9.5,
      result: 'FAIL',
      lowerLimit: null,
      upperLimit: 5,
      warnUpTo: 8,
    },
  ],
  truncated: false,
});

const historyOf = (log: TemperatureLog): TemperatureLogHistoryEntry[] => {
  const snapshot = {
    siteID: log.siteID,
    logType: log.logType,
    checkKind: log.checkKind,
    celsius: log.celsius,
    readAt: log.readAt,
    receivedAt: log.receivedAt,
    limits: log.limits,
    result: log.result,
    correctiveAction: log.correctiveAction,
    note: log.note,
    itemID: log.item._id,
    itemKind: log.item.kind,
    readByID: log.readBy._id,
  };
  return [
    {
      _id: id(601),
      recordID: log._id,
      action: 'update',
      changes: { before: { ...snapshot, celsius: 19.5 }, after: snapshot },
      reason: 'Typed 19.5 instead of 9.5',
      actor: { _id: ids.me, name: 'Marcus Reid' },
      at: '2026-03-30T08:00:00.000Z',
    },
    {
      _id: id(602),
      recordID: log._id,
      action: 'create',
      changes: { before: null, after: { ...snapshot, celsius: 19.5 } },
      reason: null,
      actor: { _id: ids.aisha, name: 'Aisha Khan' },
      at: '2026-03-30T07:05:30.000Z',
    },
  ];
};

const root = 'temperature-logs';

/** The temperature calls as the API answers them; `extra` answers first (writes, a held export). */
function logsApi(extra?: (sent: Sent) => Response | Promise<Response> | undefined) {
  return fakeApi((sent) => {
    const special = extra?.(sent);
    if (special) return special;
    const [, call, recordID] = sent.path.split('/');
    switch (call) {
      case 'web-app-list-for-web':
        return ok(listPage(rows));
      case 'item-list':
        return ok(items);
      case 'find-one': {
        const found = rows.find((row) => row._id === recordID);
        return found ? ok(found) : fail(404, { message: 'Reading not found', error: 'NOT_FOUND' });
      }
      case 'log-history-list':
        return ok(historyOf(rows.find((row) => row._id === recordID) ?? failed));
      case 'chart':
        return ok(chartOf(sent.query.get('itemID') ?? ''));
      default:
        return fail(404, { message: `No fake for ${sent.method} ${sent.path}`, error: 'NOT_FOUND' });
    }
  });
}

const lists = (sent: Sent[]) => sent.filter((s) => s.path === `${root}/web-app-list-for-web`);

function renderLogs(url = '/dashboard/temperatureLog') {
  const user = userEvent.setup({ applyAccept: false });
  const rendered = renderOnSiteRoute(
    <>
      <TemperatureLogsScreen gridProps={gridProps} />
      <Notifications />
    </>,
    url,
  );
  return { user, ...rendered };
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('[role="row"]') as HTMLElement;

const failedLabel = 'Walk-in fridge · Air, 30 Mar 2026, 08:05';

beforeEach(() => {
  setClock(now);
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
  chooseSite(ids.brighton);
});
afterEach(() => jest.useRealTimers());

describe('the list and its filters', () => {
  test("asks for the last 7 days in the site's zone, and each filter changes the request", async () => {
    // 23:30 UTC on Monday is already Tuesday in Auckland: the range ends on the site's today.
    jest.setSystemTime(new Date('2026-03-30T23:30:00Z'));
    chooseSite(ids.brighton, { timeZoneId: 'Pacific/Auckland' });
    const api = logsApi();
    const { user, params } = renderLogs();
    await rowOf('9.5 °C');
    expect(Object.fromEntries(lists(api.sent)[0]!.query)).toMatchObject({
      siteID: ids.brighton,
      startDate: '2026-03-25',
      endDate: '2026-03-31',
      sort: '-readAt',
    });
    // The default range is left out of the URL: a shared link means "the last 7 days" when opened.
    expect(params().has('startDate')).toBe(false);

    await user.click(screen.getByLabelText('Type'));
    await user.click(await screen.findByRole('option', { name: 'Cooking and cooling' }));
    await waitFor(() => expect(lists(api.sent).at(-1)!.query.get('type')).toBe('COOKING_COOLING'));

    await user.click(screen.getByLabelText('Item'));
    await user.click(await screen.findByRole('option', { name: 'Walk-in fridge · Air' }));
    await waitFor(() => expect(lists(api.sent).at(-1)!.query.get('itemID')).toBe(ids.walkInAir));

    // More than three filters: the rest are behind "More filters".
    await user.click(screen.getByRole('button', { name: 'More filters' }));
    await user.click(screen.getByLabelText('Result'));
    await user.click(await screen.findByRole('option', { name: 'Fail' }));
    await waitFor(() => expect(lists(api.sent).at(-1)!.query.get('result')).toBe('FAIL'));

    await user.click(screen.getByLabelText('Back-filled'));
    await user.click(await screen.findByRole('option', { name: 'Back-filled only' }));
    await waitFor(() => expect(lists(api.sent).at(-1)!.query.get('backFilled')).toBe('true'));

    expect(Object.fromEntries(params())).toMatchObject({
      type: 'COOKING_COOLING',
      itemID: ids.walkInAir,
      result: 'FAIL',
      backFilled: 'true',
    });
  });

  test('dates from a link are asked for, and "Last 7 days" goes back to the default', async () => {
    const api = logsApi();
    const { user, params } = renderLogs('/dashboard/temperatureLog?startDate=2026-03-01&endDate=2026-03-05');
    await rowOf('9.5 °C');
    expect(lists(api.sent)[0]!.query.get('startDate')).toBe('2026-03-01');
    expect(lists(api.sent)[0]!.query.get('endDate')).toBe('2026-03-05');

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(lists(api.sent).at(-1)!.query.get('startDate')).toBe('2026-03-24'));
    expect(lists(api.sent).at(-1)!.query.get('endDate')).toBe('2026-03-30');
    expect(params().has('startDate')).toBe(false);
    // The default is the 7-day preset: pressed, and nothing in the URL.
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(params().has('days')).toBe(false);
  });

  test('a failed reading stands out with its corrective action; a warning is marked too', async () => {
    logsApi();
    renderLogs();
    const fail = await rowOf('9.5 °C');
    expect(within(fail).getByText('Fail')).toBeInTheDocument();
    expect(within(fail).getByText('Moved the stock to the cold room')).toBeInTheDocument();
    expect(within(fail).getByText('at most 5 °C (warns up to 8 °C)')).toBeInTheDocument();
    expect(fail).toHaveClass('reading-FAIL');
    const warn = await rowOf('6.5 °C');
    expect(within(warn).getByText('Warning')).toBeInTheDocument();
    expect(warn).toHaveClass('reading-WARN');
    const pass = await rowOf('78 °C');
    expect(within(pass).getByText('Pass')).toBeInTheDocument();
    expect(pass).not.toHaveClass('reading-FAIL');
  });

  test('a reading above the legal maximum is flagged, even within a limit loosened with a reason', async () => {
    logsApi();
    renderLogs();
    const loose = await rowOf('9 °C');
    expect(within(loose).getByText('Warning')).toBeInTheDocument();
    expect(within(loose).getByText('Above the legal limit')).toBeInTheDocument();
    expect(within(loose).getByText('at most 10 °C; legal maximum 8 °C')).toBeInTheDocument();
    expect(within(await rowOf('9.5 °C')).getByText('Above the legal limit')).toBeInTheDocument();
    expect(within(await rowOf('6.5 °C')).queryByText('Above the legal limit')).toBeNull();
  });

  test('a sensor’s reading names the sensor and is marked as a sensor’s; the list filters by source', async () => {
    const api = logsApi();
    const { user } = renderLogs();
    const row = await rowOf('6.5 °C');
    expect(within(row).getByText('Sensor “Walk-in probe 1”')).toBeInTheDocument();
    expect(
      within(row).getByLabelText(/^Sensor\. Logged by a wireless sensor on its own/),
    ).toBeInTheDocument();
    expect(within(await rowOf('9.5 °C')).queryByLabelText(/^Sensor\./)).toBeNull();
    expect(within(await rowOf('9.5 °C')).getByText('Aisha Khan')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'More filters' }));
    await user.click(screen.getByLabelText('Source'));
    await user.click(await screen.findByRole('option', { name: 'Sensor' }));
    await waitFor(() => expect(lists(api.sent).at(-1)!.query.get('source')).toBe('SENSOR'));
  });

  test('a back-filled reading carries a chip that says what back-filled means', async () => {
    logsApi();
    const { user } = renderLogs();
    const row = await rowOf('78 °C');
    const chip = within(row).getByLabelText(/^Back-filled\. Entered more than 30 minutes after it was read/);
    expect(within(await rowOf('9.5 °C')).queryByLabelText(/^Back-filled/)).toBeNull();
    await user.hover(chip);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/more than 30 minutes after it was read/);
  });

  test('nothing in the dates says so and how to see more', async () => {
    fakeApi(() => ok(listPage([])));
    renderLogs();
    expect(
      await screen.findByText('No readings between these dates. Choose other dates, or check the filters.'),
    ).toBeInTheDocument();
  });
});

describe('a reading', () => {
  test("the view shows the limits in force, read and received in the site's zone, and the history with reasons", async () => {
    logsApi();
    const { user } = renderLogs();
    await user.click(await screen.findByLabelText(`View ${failedLabel}`));
    const dialog = await screen.findByRole('dialog', { name: failedLabel });
    expect(await within(dialog).findByText('9.5 °C is above the legal maximum of 8 °C')).toBeInTheDocument();
    expect(within(dialog).getByText('at most 5 °C (warns up to 8 °C)')).toBeInTheDocument();
    // 07:05 UTC is 08:05 in Brighton's summer time; received 30 seconds later.
    expect(within(dialog).getAllByText('30 Mar 2026, 08:05')).toHaveLength(2);
    expect(within(dialog).getByText('Aisha Khan')).toBeInTheDocument();
    expect(within(dialog).getByText('Moved the stock to the cold room')).toBeInTheDocument();
    const history = await within(dialog).findByRole('list', { name: 'History' });
    expect(within(history).getByText('Reading: 19.5 °C → 9.5 °C')).toBeInTheDocument();
    expect(within(history).getByText('Typed 19.5 instead of 9.5')).toBeInTheDocument();
    expect(within(history).getByText('Created')).toBeInTheDocument();
  });

  test('a correction needs a reason, and is sent with it', async () => {
    const api = logsApi(({ method }) =>
      method === 'PUT' ? ok({ ...failed, celsius: 4, result: 'PASS' }, 'Reading corrected') : undefined,
    );
    const { user } = renderLogs();
    await user.click(await screen.findByLabelText(`Edit ${failedLabel}`));
    const dialog = await screen.findByRole('dialog', { name: 'Edit reading' });
    const celsius = await within(dialog).findByLabelText(/^Reading/);
    // The reading fails by the limits it was taken under: the form says the action is required.
    expect(
      within(dialog).getByText(/9\.5 °C is above the legal maximum of 8 °C: this reading fails/),
    ).toBeInTheDocument();
    await user.clear(celsius);
    await user.type(celsius, '4');
    expect(within(dialog).queryByText(/this reading fails/)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The contract's own message, under the field.
    await waitFor(() => expect(within(dialog).getByLabelText(/^Reason for the change/)).toBeInvalid());
    expect(within(dialog).getByLabelText(/^Reason for the change/)).toHaveAccessibleDescription(
      /at least 3 characters/,
    );
    expect(api.sent.filter((s) => s.method === 'PUT')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Reason for the change/), 'Read the wrong display');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent.filter((s) => s.method === 'PUT')).toHaveLength(1));
    const put = api.sent.find((s) => s.method === 'PUT')!;
    expect(put.path).toBe(`${root}/update-one`);
    expect(JSON.parse(put.body)).toMatchObject({
      _id: failed._id,
      celsius: 4,
      correctiveAction: 'Moved the stock to the cold room',
      reason: 'Read the wrong display',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit reading' })).toBeNull());
    expect(await screen.findByText('Reading corrected')).toBeInTheDocument();
  });

  test('delete asks for a reason and sends it; cancel deletes nothing', async () => {
    const api = logsApi(({ method }) => (method === 'DELETE' ? ok(null, 'Reading deleted') : undefined));
    const { user } = renderLogs();
    await rowOf('9.5 °C');
    await user.click(await rowAction(user, `Delete ${failedLabel}`));
    let dialog = await screen.findByRole('dialog', { name: 'Delete the reading of Walk-in fridge · Air?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent.filter((s) => s.method === 'DELETE')).toHaveLength(0);

    const before = lists(api.sent).length;
    await user.click(await rowAction(user, `Delete ${failedLabel}`));
    dialog = await screen.findByRole('dialog', { name: 'Delete the reading of Walk-in fridge · Air?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Say why you are making this change')).toBeInTheDocument();
    expect(api.sent.filter((s) => s.method === 'DELETE')).toHaveLength(0);

    await user.type(
      within(dialog).getByLabelText(/^Reason for the change/),
      'Duplicate of the 08:04 reading',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.sent.filter((s) => s.method === 'DELETE')).toHaveLength(1));
    const sent = api.sent.find((s) => s.method === 'DELETE')!;
    expect(sent.path).toBe(`${root}/delete-one/${failed._id}`);
    expect(JSON.parse(sent.body)).toEqual({ reason: 'Duplicate of the 08:04 reading' });
    expect(await screen.findByText('Reading deleted')).toBeInTheDocument();
    // The list is asked again, so the reading leaves it.
    await waitFor(() => expect(lists(api.sent).length).toBeGreaterThan(before));
  });
  test('deleted from its own view, the view closes as the reading leaves the list', async () => {
    const api = logsApi(({ method }) => (method === 'DELETE' ? ok(null, 'Reading deleted') : undefined));
    const { user, params } = renderLogs();
    await user.click(await screen.findByLabelText(`View ${failedLabel}`));
    const view = await screen.findByRole('dialog', { name: failedLabel });
    await user.click(await within(view).findByRole('button', { name: `Delete ${failedLabel}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the reading of Walk-in fridge · Air?' });
    await user.type(within(dialog).getByLabelText(/^Reason for the change/), 'Wrong fridge');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(params().has('view')).toBe(false);
    expect(JSON.parse(api.sent.find((s) => s.method === 'DELETE')!.body)).toEqual({ reason: 'Wrong fridge' });
  });
});

describe('export to Excel', () => {
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:export');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  test('shows its progress while the file is made, then saves it and says so', async () => {
    const held = deferred<Response>();
    const api = logsApi(({ path }) =>
      path === `${root}/export-web-app-list-for-web` ? held.promise : undefined,
    );
    const { user } = renderLogs(
      '/dashboard/temperatureLog?result=FAIL&startDate=2026-03-01&endDate=2026-03-05',
    );
    await rowOf('9.5 °C');
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByRole('progressbar', { name: 'Preparing the Excel file' })).toBeInTheDocument();
    const asked = api.sent.find((s) => s.path === `${root}/export-web-app-list-for-web`)!;
    expect(Object.fromEntries(asked.query)).toEqual({
      siteID: ids.brighton,
      startDate: '2026-03-01',
      endDate: '2026-03-05',
      result: 'FAIL',
      downloadFileType: 'EXCEL',
    });

    held.resolve(
      new Response(new Blob(['xlsx']), {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': 'attachment; filename="temperature-log-brighton.xlsx"',
        },
      }),
    );
    expect(
      await screen.findByText('Exported the temperature log to temperature-log-brighton.xlsx'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Preparing the Excel file' })).toBeNull();
    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalledTimes(1);
  });

  test("a refused export shows the API's message in the error pop-up", async () => {
    logsApi(({ path }) =>
      path === `${root}/export-web-app-list-for-web`
        ? fail(400, { message: 'More than 1,000,000 readings: narrow the range', error: 'BAD_REQUEST' })
        : undefined,
    );
    const { user } = renderLogs();
    await rowOf('9.5 °C');
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    const popup = await screen.findByRole('dialog', {
      name: 'More than 1,000,000 readings: narrow the range',
    });
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeEnabled();
    expect(screen.queryByRole('progressbar', { name: 'Preparing the Excel file' })).toBeNull();
  });

  test('asks for what the list shows, leaving out what the API would refuse', () => {
    const range = { startDate: '2026-03-24', endDate: '2026-03-30' };
    expect(
      exportFilters(
        new URLSearchParams('search=walk&type=KING&result=MAYBE&backFilled=false&sort=celsius'),
        ids.brighton,
        range,
      ),
    ).toEqual({
      siteID: ids.brighton,
      ...range,
      search: 'walk',
      type: undefined,
      itemID: undefined,
      result: undefined,
      backFilled: false,
    });
  });
});

describe("an item's chart", () => {
  test('from a row: the readings over the dates against the limits in force, with the counts', async () => {
    const api = logsApi();
    const { user } = renderLogs();
    await rowOf('9.5 °C');
    await user.click(await rowAction(user, `Chart this item ${failedLabel}`));
    const dialog = await screen.findByRole('dialog', { name: /^Walk-in fridge · Air/ });
    const limits = await within(dialog).findByLabelText('Limits in force');
    expect(within(limits).getByText('at most 5 °C (warns up to 8 °C)')).toBeInTheDocument();
    expect(within(dialog).getByText('3 readings: 1 pass, 1 warning, 1 fail')).toBeInTheDocument();
    expect(
      await within(dialog).findByRole('img', {
        name: 'Walk-in fridge · Air, readings in °C, Tue, 24 Mar 2026 to Mon, 30 Mar 2026',
      }),
    ).toBeInTheDocument();
    const asked = api.sent.find((s) => s.path === `${root}/chart`)!;
    expect(Object.fromEntries(asked.query)).toEqual({
      siteID: ids.brighton,
      itemID: ids.walkInAir,
      startDate: '2026-03-24',
      endDate: '2026-03-30',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test("colours a reading by the band its limits put it in: a fridge's 5 °C passes, 8 °C warns", () => {
    const [pass, warn, fail] = [resultColor('PASS'), resultColor('WARN'), resultColor('FAIL')];
    const fridge = resultBands({ lowerLimit: null, upperLimit: 5, warnUpTo: 8 });
    expect(fridge.colors).toEqual([pass, warn, fail]);
    expect(fridge.thresholds[0]).toBeGreaterThan(5);
    expect(fridge.thresholds[0]).toBeLessThan(5.001);
    expect(fridge.thresholds[1]).toBeGreaterThan(8);
    expect(resultBands({ lowerLimit: 10, upperLimit: 14, warnUpTo: null }).colors).toEqual([
      fail,
      pass,
      fail,
    ]);
    expect(resultBands({ lowerLimit: 63, upperLimit: null, warnUpTo: null })).toEqual({
      thresholds: [63],
      colors: [fail, pass],
    });
  });

  test('from the item filter', async () => {
    const api = logsApi();
    const { user } = renderLogs(`/dashboard/temperatureLog?itemID=${ids.probe}`);
    await rowOf('9.5 °C');
    await user.click(screen.getByRole('button', { name: 'Chart this item' }));
    expect(await screen.findByRole('dialog', { name: /^Probe 1/ })).toBeInTheDocument();
    expect(api.sent.find((s) => s.path === `${root}/chart`)!.query.get('itemID')).toBe(ids.probe);
  });
});

describe('abilities', () => {
  test('who may only read readings sees them and their chart, but cannot correct or delete them', async () => {
    signInAs('STAFF', { siteIds: [ids.brighton] });
    logsApi();
    renderLogs();
    await rowOf('9.5 °C');
    expect(screen.getByLabelText(`View ${failedLabel}`)).toBeInTheDocument();
    expect(screen.getByLabelText(`Chart this item ${failedLabel}`)).toBeInTheDocument();
    for (const action of ['Edit', 'Delete'])
      expect(screen.queryByLabelText(`${action} ${failedLabel}`)).not.toBeInTheDocument();
  });
});

describe('follow-up checks', () => {
  test("the view of a reading that began cooling says when, in the site's zone", async () => {
    logsApi();
    const { user } = renderLogs();
    await user.click(await screen.findByLabelText('View Probe 1, 29 Mar 2026, 09:00'));
    const dialog = await screen.findByRole('dialog', { name: 'Probe 1, 29 Mar 2026, 09:00' });
    expect(
      await within(dialog).findByText('Cooking and cooling: Cooked core, cooling began 29 Mar 2026, 08:55'),
    ).toBeInTheDocument();
  });
});

describe('at an American site', () => {
  const brooklyn = id(700);
  /** New York City's fridge: at most 41 °F (5 °C), its legal maximum too. */
  const nycFridge = { lowerLimit: null, upperLimit: 5, warnUpTo: null, legalMaximum: 5 };
  /** 5:30 PM in Brooklyn (EST) on Saturday 28 November 2026. */
  const atLimit = reading(11, {
    siteID: brooklyn,
    siteName: 'Brooklyn',
    timeZoneId: 'America/New_York',
    jurisdiction: 'US-NYC',
    temperatureUnit: 'F',
    celsius: 5,
    limits: nycFridge,
    readAt: '2026-11-28T22:30:00.000Z',
    receivedAt: '2026-11-28T22:30:30.000Z',
  });
  const above = reading(12, {
    siteID: brooklyn,
    siteName: 'Brooklyn',
    timeZoneId: 'America/New_York',
    jurisdiction: 'US-NYC',
    temperatureUnit: 'F',
    celsius: 9.4,
    limits: nycFridge,
    result: 'FAIL',
    aboveLegalLimit: true,
    correctiveAction: 'Moved the stock to the walk-in',
    readAt: '2026-11-28T14:05:00.000Z',
    receivedAt: '2026-11-28T14:05:30.000Z',
  });
  const atLimitLabel = 'Walk-in fridge · Air, Nov 28, 2026, 5:30 PM';
  const aboveLabel = 'Walk-in fridge · Air, Nov 28, 2026, 9:05 AM';

  /** The American site's readings; a correction is answered as the API would, judged again. */
  function americanApi() {
    const american = [atLimit, above];
    return logsApi(({ method, path, body }) => {
      const [, call, recordID] = path.split('/');
      if (method === 'PUT') {
        const sent = JSON.parse(body) as { _id: string; celsius: number };
        const was = american.find((row) => row._id === sent._id)!;
        return ok({ ...was, celsius: sent.celsius }, 'Reading corrected');
      }
      if (call === 'web-app-list-for-web') return ok(listPage(american));
      if (call === 'find-one') return ok(american.find((row) => row._id === recordID));
      if (call === 'log-history-list') {
        return ok(historyOf(american.find((row) => row._id === recordID) ?? atLimit));
      }
      return undefined;
    });
  }

  beforeEach(() => chooseSite(brooklyn, { name: 'Brooklyn', american: true }));

  async function correct(user: ReturnType<typeof renderLogs>['user'], label: string, typed?: string) {
    await user.click(await screen.findByLabelText(`Edit ${label}`));
    const dialog = await screen.findByRole('dialog', { name: 'Edit reading' });
    const field = await within(dialog).findByLabelText(/^Reading/);
    if (typed !== undefined) {
      await user.clear(field);
      await user.type(field, typed);
    }
    await user.type(within(dialog).getByLabelText(/^Reason for the change/), 'Read the wrong display');
    return { dialog, field };
  }

  const putBody = (api: ReturnType<typeof americanApi>) =>
    JSON.parse(api.sent.find((s) => s.method === 'PUT')!.body) as { celsius: number };

  test('the list writes readings and limits in °F and dates month first on a 12-hour clock', async () => {
    americanApi();
    renderLogs();
    const row = await rowOf('41 °F');
    expect(within(row).getByText('Nov 28, 2026, 5:30 PM')).toBeInTheDocument();
    expect(within(row).getByText('at most 41 °F')).toBeInTheDocument();
    const failing = await rowOf('48.9 °F');
    expect(
      within(failing).getByLabelText(
        /^Above the legal limit\. Above the legal maximum for its type \(41 °F\)/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/°C/)).toBeNull();
  });

  test('the view says why a reading fails, and its history, in °F', async () => {
    americanApi();
    const { user } = renderLogs();
    await user.click(await screen.findByLabelText(`View ${aboveLabel}`));
    const dialog = await screen.findByRole('dialog', { name: aboveLabel });
    expect(await within(dialog).findByText('48.9 °F is above the upper limit of 41 °F')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Nov 28, 2026, 9:05 AM')).toHaveLength(2);
    const history = await within(dialog).findByRole('list', { name: 'History' });
    expect(within(history).getByText('Reading: 67.1 °F → 48.9 °F')).toBeInTheDocument();
    expect(within(history).getByText('Mar 30, 2026, 4:00 AM')).toBeInTheDocument();
  });

  test('the form shows the reading in °F, and a typed 41 °F is sent as 5 °C', async () => {
    const api = americanApi();
    const { user } = renderLogs();
    const { dialog, field } = await correct(user, aboveLabel, '41');
    expect(within(dialog).getByText('°F')).toBeInTheDocument();
    expect(field).toHaveValue('41');
    // Within the limit now: no corrective action is asked for.
    expect(within(dialog).queryByText(/this reading fails/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent.filter((s) => s.method === 'PUT')).toHaveLength(1));
    expect(putBody(api).celsius).toBe(5);
  });

  test('a stored 5 °C reads back as 41, and 139.5 typed is sent as the °C that reads back 139.5', async () => {
    const api = americanApi();
    const { user } = renderLogs();
    await user.click(await screen.findByLabelText(`Edit ${atLimitLabel}`));
    const opened = await screen.findByRole('dialog', { name: 'Edit reading' });
    expect(await within(opened).findByLabelText(/^Reading/)).toHaveValue('41');
    await user.click(within(opened).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const { dialog } = await correct(user, atLimitLabel, '139.5');
    // 139.5 °F is far above New York's fridge limit: the form says why, in °F.
    expect(
      within(dialog).getByText(/139\.5 °F is above the upper limit of 41 °F: this reading fails/),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Corrective action/), 'Called the engineer');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent.filter((s) => s.method === 'PUT')).toHaveLength(1));
    const { celsius } = putBody(api);
    expect(celsius).toBe(toCelsius(139.5, 'F'));
    expect(fromCelsius(celsius, 'F')).toBe(139.5);
  });

  test('a reading left as it was is sent as stored, not as its °F converted back', async () => {
    const api = americanApi();
    const { user } = renderLogs();
    // 9.4 °C shows as 48.9 °F, which would come back as 9.39 °C.
    const { dialog, field } = await correct(user, aboveLabel);
    expect(field).toHaveValue('48.9');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent.filter((s) => s.method === 'PUT')).toHaveLength(1));
    expect(putBody(api).celsius).toBe(9.4);
  });

  test('a reading out of range is refused in °F', async () => {
    const api = americanApi();
    const { user } = renderLogs();
    const { dialog, field } = await correct(user, aboveLabel, '600');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field).toBeInvalid());
    expect(field).toHaveAccessibleDescription('Must be at most 572 °F');
    expect(api.sent.filter((s) => s.method === 'PUT')).toHaveLength(0);
  });

  test('an English site still writes °C, day first on a 24-hour clock', async () => {
    chooseSite(ids.brighton);
    logsApi();
    renderLogs();
    const row = await rowOf('9.5 °C');
    expect(within(row).getByText('30 Mar 2026, 08:05')).toBeInTheDocument();
    expect(within(row).getByText('at most 5 °C (warns up to 8 °C)')).toBeInTheDocument();
    expect(screen.queryByText(/°F/)).toBeNull();
  });
});

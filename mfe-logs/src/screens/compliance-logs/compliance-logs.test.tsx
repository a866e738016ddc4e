import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Notifications, siteChoicesStore } from '@console/shared-sdk';
import type {
  ComplianceAnswerRecord,
  ComplianceLog,
  ComplianceLogHistoryEntry,
} from '@console/shared-sdk/logs';
import {
  chooseSite,
  demoIds,
  fail,
  fakeApi,
  gridProps,
  listPage,
  ok,
  renderOnSiteRoute,
  resetBrowserState,
  setClock,
  signInAs,
  siteOption,
  type Sent,
} from '@console/shared-sdk/testing';
import { ComplianceLogsScreen } from './compliance-logs';

// The compliance logs of a site as its admin reviews them, against a fake API: the list over the last 30
// days in the site's zone with its filters, a log's answers with the failed lines marked, the review, and a
// correction of what staff answered, which needs a reason.

jest.setTimeout(60_000);

const ids = {
  ...demoIds,
  fridgeLog: '0190a000-0000-7000-8000-00000000a001',
  deliveryLog: '0190a000-0000-7000-8000-00000000a002',
  temperatureLine: '0190a000-0000-7000-8000-00000000b001',
  sealLine: '0190a000-0000-7000-8000-00000000b002',
  probeLine: '0190a000-0000-7000-8000-00000000b003',
  aisha: '0190a000-0000-7000-8000-0000000000e1',
};

/** 15:00 in Brighton (BST) on Monday 30 March 2026. */
const now = new Date('2026-03-30T14:00:00Z');

const line = (overrides: Partial<ComplianceAnswerRecord> & Pick<ComplianceAnswerRecord, '_id' | 'text'>) => ({
  required: true,
  answer: 'YES' as const,
  celsius: null,
  checkKind: null,
  limits: null,
  comment: null,
  result: 'PASS' as const,
  ...overrides,
});

const fridgeLog: ComplianceLog = {
  _id: ids.fridgeLog,
  logID: 'CL-0190A0',
  orgId: ids.org,
  siteID: ids.brighton,
  siteName: 'Brighton',
  timeZoneId: 'Europe/London',
  jurisdiction: 'GB-ENG',
  temperatureUnit: 'C',
  logType: 'FRIDGE',
  templateID: null,
  title: 'Fridge opening checks',
  answers: [
    line({
      _id: ids.temperatureLine,
      text: 'Walk-in fridge temperature',
      celsius: 9.4,
      checkKind: 'FRIDGE',
      limits: { lowerLimit: null, upperLimit: 5, warnUpTo: 8 },
      comment: 'Stock moved to the chiller',
      result: 'FAIL',
    }),
    line({
      _id: ids.sealLine,
      text: 'Door seals clean and whole?',
      answer: 'NO',
      comment: 'Seal split',
      result: 'FAIL',
    }),
    line({ _id: ids.probeLine, text: 'Probe wiped before use?', required: false }),
  ],
  status: 'REPORTED',
  result: 'FAIL',
  failedCount: 2,
  note: null,
  submittedBy: { _id: ids.aisha, name: 'Aisha Khan' },
  // 08:10 in Brighton, received 10:30: back-filled.
  submittedAt: '2026-03-30T07:10:00.000Z',
  receivedAt: '2026-03-30T09:30:00.000Z',
  backFilled: true,
  reviewNote: null,
  reviewedBy: null,
  reviewedAt: null,
  createdAt: '2026-03-30T09:30:00.000Z',
  updatedAt: '2026-03-30T09:30:00.000Z',
};

const deliveryLog: ComplianceLog = {
  ...fridgeLog,
  _id: ids.deliveryLog,
  logID: 'CL-0190A1',
  logType: 'FOOD_DELIVERY',
  title: 'Morning delivery',
  answers: [line({ _id: ids.probeLine, text: 'Van clean?' })],
  status: 'COMPLETED',
  result: 'PASS',
  failedCount: 0,
  backFilled: false,
  receivedAt: '2026-03-30T07:10:30.000Z',
  reviewNote: 'All fine',
  reviewedBy: { _id: ids.me, name: 'Marcus Reid' },
  reviewedAt: '2026-03-30T12:00:00.000Z',
};

const history: ComplianceLogHistoryEntry[] = [
  {
    _id: '0190a000-0000-7000-8000-00000000c001',
    recordID: ids.fridgeLog,
    action: 'create',
    changes: { before: null, after: null },
    reason: null,
    actor: { _id: ids.aisha, name: 'Aisha Khan' },
    at: '2026-03-30T09:30:00.000Z',
  },
];

/** The compliance-log calls as the API answers them; `write` answers the PUT. */
function complianceApi(
  rows: readonly ComplianceLog[],
  write: (sent: Sent) => Response = (sent) =>
    ok({ ...rows[0], ...JSON.parse(sent.body) }, 'Compliance log updated'),
) {
  return fakeApi((sent) => {
    if (sent.path === 'comlianceLog/web-app-list-for-web') return ok(listPage([...rows]));
    if (sent.path.startsWith('comlianceLog/find-one/')) {
      const found = rows.find((row) => sent.path.endsWith(row._id));
      return found ? ok(found) : fail(404, { message: 'Compliance log not found', error: 'NOT_FOUND' });
    }
    if (sent.path.startsWith('comlianceLog/log-history-list/')) return ok(history);
    if (sent.method === 'PUT' && sent.path === 'comlianceLog/update-one') return write(sent);
    return fail(404, { message: `No fake for ${sent.method} ${sent.path}`, error: 'NOT_FOUND' });
  });
}

const lists = (sent: Sent[]) => sent.filter((s) => s.path === 'comlianceLog/web-app-list-for-web');
const puts = (sent: Sent[]) => sent.filter((s) => s.method === 'PUT');
const finds = (sent: Sent[]) => sent.filter((s) => s.path.startsWith('comlianceLog/find-one/'));

function renderLogs(url = '/dashboard/complianceLog') {
  const user = userEvent.setup();
  const rendered = renderOnSiteRoute(
    <>
      <ComplianceLogsScreen gridProps={gridProps} />
      <Notifications />
    </>,
    url,
  );
  return { user, ...rendered };
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('[role="row"]') as HTMLElement;

/** The view of the fridge log, as a link to it opens it. */
async function openFridgeLog() {
  const rendered = renderLogs(`/dashboard/complianceLog?view=${ids.fridgeLog}`);
  const dialog = await screen.findByRole('dialog', { name: 'CL-0190A0 Fridge opening checks' });
  await within(dialog).findByRole('list', { name: 'Answers' });
  return { ...rendered, dialog };
}

beforeEach(() => {
  setClock(now);
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
  chooseSite(ids.brighton);
});
afterEach(() => jest.useRealTimers());

describe('the list', () => {
  test("asks for the last 30 days in the site's zone, newest first, and shows each log's result and who sent it when", async () => {
    const api = complianceApi([fridgeLog, deliveryLog]);
    renderLogs();
    const failed = await rowOf('Fridge opening checks');
    expect(Object.fromEntries(lists(api.sent)[0]!.query)).toMatchObject({
      siteID: ids.brighton,
      startDate: '2026-03-01',
      endDate: '2026-03-30',
      sort: '-submittedAt',
    });
    expect(within(failed).getByText('CL-0190A0')).toBeInTheDocument();
    expect(within(failed).getByText('Fridge')).toBeInTheDocument();
    expect(within(failed).getByText('Failed: 2 answers')).toBeInTheDocument();
    expect(within(failed).getByText('Awaiting review')).toBeInTheDocument();
    expect(within(failed).getByText('Aisha Khan')).toBeInTheDocument();
    expect(within(failed).getByText('30 Mar 2026, 08:10')).toBeInTheDocument();
    expect(within(failed).getByText('Back-filled')).toBeInTheDocument();
    // Failed rows stand out from the others, beside their chip.
    expect(failed).toHaveClass('log-row-failed');

    const passed = await rowOf('Morning delivery');
    expect(within(passed).getByText('Pass')).toBeInTheDocument();
    expect(within(passed).getByText('Reviewed')).toBeInTheDocument();
    expect(within(passed).getByText('Food delivery')).toBeInTheDocument();
    expect(within(passed).queryByText('Back-filled')).not.toBeInTheDocument();
    expect(passed).not.toHaveClass('log-row-failed');
    // Logs come from the mobile app: nothing to add here.
    expect(screen.queryByRole('button', { name: /Add/ })).not.toBeInTheDocument();
  });

  test('type, status and result filters narrow the request and stay in the URL', async () => {
    const api = complianceApi([fridgeLog]);
    const { user, params } = renderLogs();
    await screen.findByText('Fridge opening checks');

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Hot holding and display' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Follow-up needed' }));
    await user.click(screen.getByRole('combobox', { name: 'Result' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));

    await waitFor(() =>
      expect(Object.fromEntries(lists(api.sent).at(-1)!.query)).toMatchObject({
        type: 'HOT_HOLD_DISPLAY',
        status: 'PENDING',
        result: 'FAIL',
        startDate: '2026-03-01',
        endDate: '2026-03-30',
        page: '1',
      }),
    );
    expect(params().get('type')).toBe('HOT_HOLD_DISPLAY');
    expect(params().get('result')).toBe('FAIL');
  });

  test('a date range from a link is asked for, and "Last 30 days" goes back to the default', async () => {
    const api = complianceApi([fridgeLog]);
    const { user, params } = renderLogs('/dashboard/complianceLog?startDate=2026-01-01&endDate=2026-01-31');
    await screen.findByText('Fridge opening checks');
    expect(Object.fromEntries(lists(api.sent)[0]!.query)).toMatchObject({
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });

    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() =>
      expect(Object.fromEntries(lists(api.sent).at(-1)!.query)).toMatchObject({
        startDate: '2026-03-01',
        endDate: '2026-03-30',
      }),
    );
    expect(params().has('startDate')).toBe(false);
  });
});

describe('the view', () => {
  test('shows each answer, the failed lines marked with why: a NO, a temperature over its limit', async () => {
    complianceApi([fridgeLog]);
    const { dialog } = await openFridgeLog();
    const answers = within(dialog).getByRole('list', { name: 'Answers' });

    const temperature = within(answers).getByRole('listitem', { name: 'Walk-in fridge temperature, failed' });
    expect(within(temperature).getByText('Failed')).toBeInTheDocument();
    expect(temperature).toHaveTextContent(
      'Temperature: 9.4 °C, fail (limits: at most 5 °C (warns up to 8 °C))',
    );
    expect(temperature).toHaveTextContent('Comment: Stock moved to the chiller');

    const seal = within(answers).getByRole('listitem', { name: 'Door seals clean and whole?, failed' });
    expect(seal).toHaveTextContent('Answer: No');
    expect(seal).toHaveTextContent('Comment: Seal split');

    const probe = within(answers).getByRole('listitem', { name: 'Probe wiped before use?' });
    expect(probe).toHaveTextContent('Answer: Yes');
    expect(within(probe).queryByText('Failed')).not.toBeInTheDocument();

    // The history is loaded with it.
    const historyList = await within(dialog).findByRole('list', { name: 'History' });
    expect(historyList).toHaveTextContent('Created by Aisha Khan, 30 Mar 2026, 10:30');
  });

  test('a review sends the status move and the note', async () => {
    const api = complianceApi([fridgeLog]);
    const { user, dialog } = await openFridgeLog();
    const review = await within(dialog).findByRole('form', { name: 'Review' });

    // The workflow's moves from "awaiting review", and nothing else.
    await user.click(within(review).getByRole('combobox', { name: 'Status' }));
    const choices = await screen.findAllByRole('option');
    expect(choices.map((option) => option.textContent)).toEqual([
      'Awaiting review (no change)',
      'Follow-up needed',
      'Reviewed',
    ]);
    await user.click(screen.getByRole('option', { name: 'Reviewed' }));
    await user.type(within(review).getByLabelText('Review note'), 'Engineer booked for the seal');
    const listed = lists(api.sent).length;
    await user.click(within(review).getByRole('button', { name: 'Save review' }));

    await waitFor(() => expect(puts(api.sent)).toHaveLength(1));
    expect(JSON.parse(puts(api.sent)[0]!.body)).toEqual({
      _id: ids.fridgeLog,
      status: 'COMPLETED',
      reviewNote: 'Engineer booked for the seal',
    });
    expect(await screen.findByText('Compliance log updated')).toBeInTheDocument();

    // The view shows the log again from the server, and the list behind it at once.
    await waitFor(() => expect(finds(api.sent)).toHaveLength(2));
    await waitFor(() => expect(lists(api.sent).length).toBeGreaterThan(listed));
  });

  test("reopening a reviewed log asks why, and a refused move shows the API's message", async () => {
    const reviewed = { ...fridgeLog, status: 'COMPLETED' as const };
    const api = complianceApi([reviewed], () =>
      fail(409, {
        message: 'This log moved on meanwhile: from Follow-up needed it can only be Reviewed',
        error: 'CONFLICT',
      }),
    );
    const { user, dialog } = await openFridgeLog();
    const review = await within(dialog).findByRole('form', { name: 'Review' });
    expect(within(review).queryByLabelText(/^Reason for the change/)).not.toBeInTheDocument();

    await user.click(within(review).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Follow-up needed' }));
    await user.click(within(review).getByRole('button', { name: 'Save review' }));
    expect(await within(review).findByText('Say why you are making this change')).toBeInTheDocument();
    expect(puts(api.sent)).toHaveLength(0);

    await user.type(within(review).getByLabelText(/^Reason for the change/), 'Seal failed again');
    await user.click(within(review).getByRole('button', { name: 'Save review' }));
    expect(
      await within(review).findByText(
        'This log moved on meanwhile: from Follow-up needed it can only be Reviewed',
      ),
    ).toBeInTheDocument();
    expect(JSON.parse(puts(api.sent)[0]!.body)).toEqual({
      _id: ids.fridgeLog,
      status: 'PENDING',
      reason: 'Seal failed again',
    });
  });

  test('correcting an answer needs a reason, and sends the corrected line with it', async () => {
    const api = complianceApi([fridgeLog]);
    const { user, dialog } = await openFridgeLog();
    await user.click(
      within(dialog).getByRole('button', { name: 'Correct the answer to “Door seals clean and whole?”' }),
    );
    const correction = within(dialog).getByRole('form', {
      name: 'Correct the answer to “Door seals clean and whole?”',
    });
    await user.click(within(correction).getByRole('combobox', { name: /^Answer/ }));
    await user.click(await screen.findByRole('option', { name: 'Yes' }));
    await user.click(within(correction).getByRole('button', { name: 'Save correction' }));

    expect(await within(correction).findByText('Say why you are making this change')).toBeInTheDocument();
    expect(puts(api.sent)).toHaveLength(0);

    await user.type(
      within(correction).getByLabelText(/^Reason for the change/),
      'Ticked the wrong box on the tablet',
    );
    await user.click(within(correction).getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(puts(api.sent)).toHaveLength(1));
    expect(JSON.parse(puts(api.sent)[0]!.body)).toEqual({
      _id: ids.fridgeLog,
      answers: [{ _id: ids.sealLine, answer: 'YES', celsius: null, checkKind: null, comment: 'Seal split' }],
      reason: 'Ticked the wrong box on the tablet',
    });
  });

  test('a failing temperature is not saved without a comment', async () => {
    const api = complianceApi([fridgeLog]);
    const { user, dialog } = await openFridgeLog();
    await user.click(
      within(dialog).getByRole('button', { name: 'Correct the answer to “Walk-in fridge temperature”' }),
    );
    const correction = within(dialog).getByRole('form', {
      name: 'Correct the answer to “Walk-in fridge temperature”',
    });
    const temperature = within(correction).getByLabelText('Temperature');
    await user.clear(temperature);
    await user.type(temperature, '12');
    await user.clear(within(correction).getByLabelText('Comment'));
    await user.type(within(correction).getByLabelText(/^Reason for the change/), 'Misread the display');
    await user.click(within(correction).getByRole('button', { name: 'Save correction' }));
    expect(
      await within(correction).findByText('Say what was wrong: a failed answer needs a comment'),
    ).toBeInTheDocument();
    expect(puts(api.sent)).toHaveLength(0);
  });

  test('a site admin of another site sees the log but no review or correction', async () => {
    signInAs('SITE_ADMIN', { siteIds: [ids.manchester] });
    complianceApi([fridgeLog]);
    const { dialog } = await openFridgeLog();
    expect(await within(dialog).findByText('The site’s admins review its logs.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Correct the answer/ })).not.toBeInTheDocument();
  });
});

describe('at an American site', () => {
  const brooklyn = '0190a000-0000-7000-8000-0000000000c7';
  const american = { name: 'Brooklyn', american: true };
  /** New York City's fridge: at most 41 °F (5 °C). */
  const brooklynLog: ComplianceLog = {
    ...fridgeLog,
    siteID: brooklyn,
    siteName: 'Brooklyn',
    timeZoneId: 'America/New_York',
    jurisdiction: 'US-NYC',
    temperatureUnit: 'F',
    answers: [
      line({
        _id: ids.temperatureLine,
        text: 'Walk-in fridge temperature',
        celsius: 9.4,
        checkKind: 'FRIDGE',
        limits: { lowerLimit: null, upperLimit: 5, warnUpTo: null },
        comment: 'Stock moved to the chiller',
        result: 'FAIL',
      }),
    ],
    failedCount: 1,
  };

  // Before any screen is shown and after the last is gone: the list is the session's, not one test's.
  const noSiteList = () => siteChoicesStore.setState({ owner: null, status: 'unavailable', sites: [] }, true);
  beforeEach(() => {
    noSiteList();
    chooseSite(brooklyn, american);
  });
  afterAll(noSiteList);

  test('the answers’ temperatures are in °F, dates month first; a correction is typed in °F and sent in °C', async () => {
    const api = complianceApi([brooklynLog]);
    const { user, dialog } = await openFridgeLog();
    const temperature = within(dialog).getByRole('listitem', { name: 'Walk-in fridge temperature, failed' });
    expect(temperature).toHaveTextContent('Temperature: 48.9 °F, fail (limits: at most 41 °F)');
    const historyList = await within(dialog).findByRole('list', { name: 'History' });
    expect(historyList).toHaveTextContent('Created by Aisha Khan, Mar 30, 2026, 5:30 AM');

    await user.click(
      within(dialog).getByRole('button', { name: 'Correct the answer to “Walk-in fridge temperature”' }),
    );
    const correction = within(dialog).getByRole('form', {
      name: 'Correct the answer to “Walk-in fridge temperature”',
    });
    const field = within(correction).getByLabelText('Temperature');
    expect(field).toHaveValue('48.9');
    await user.clear(field);
    await user.type(field, '41');
    await user.type(within(correction).getByLabelText(/^Reason for the change/), 'Misread the display');
    await user.click(within(correction).getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(puts(api.sent)).toHaveLength(1));
    expect(JSON.parse(puts(api.sent)[0]!.body).answers[0]).toMatchObject({ celsius: 5 });
  });

  test('its log, opened while an English site is selected, keeps its own unit, rule set and date style', async () => {
    // A link to the log from elsewhere, with Brighton selected; the site list, as the shell loads it,
    // knows both sites.
    chooseSite(ids.brighton);
    siteChoicesStore.setState(
      { owner: ids.me, status: 'ready', sites: [siteOption(ids.brighton), siteOption(brooklyn, american)] },
      true,
    );
    /** New York City's cooling, cooked food at 39.2 °F 6 hours on: its stage's name, in °F. */
    const cooled = line({
      _id: ids.probeLine,
      text: 'Chilli cooled?',
      celsius: 4,
      checkKind: 'COOLED_TO_41F',
      limits: { lowerLimit: null, upperLimit: 5, warnUpTo: null },
    });
    complianceApi([
      { ...brooklynLog, logType: 'COOKING_COOLING', answers: [cooled], result: 'PASS', failedCount: 0 },
    ]);
    const { dialog } = await openFridgeLog();
    expect(within(dialog).getByRole('listitem', { name: 'Chilli cooled?' })).toHaveTextContent(
      'Temperature: 39.2 °F, pass (limits: Cooled to 41 °F within 6 hours: at most 41 °F)',
    );
    // Its dates as its site writes them: month first, on a 12-hour clock, in New York's time.
    expect(within(dialog).getAllByText('Mar 30, 2026, 3:10 AM').length).toBeGreaterThan(0);
    expect(within(dialog).queryByText(/°C/)).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Notifications, notifyStore } from '@console/shared-sdk';
import type { CorrectiveAction, NearMiss } from '@console/shared-sdk/logs';
import {
  chooseSite,
  demoIds,
  fail,
  fakeApi,
  gridProps,
  listPage,
  offersRowAction,
  ok,
  renderOnSiteRoute,
  resetBrowserState,
  setClock,
  signInAs,
  type Sent,
} from '@console/shared-sdk/testing';
import { NearMissesScreen } from '../near-misses/near-misses';
import { CorrectiveActionsScreen } from './corrective-actions';

// Corrective actions as a site's people work through them, against a fake API: the list and its filters in
// the URL, recording what was done (a standard action of the check, or one's own words), verifying with
// one's own password (never one's own action, never as staff), reopening with a reason, and a record's view
// listing the actions it opened.

jest.setTimeout(90_000);

const ids = {
  ...demoIds,
  fridge: '0190a000-0000-7000-8000-00000000a001',
  recorded: '0190a000-0000-7000-8000-00000000a002',
  verified: '0190a000-0000-7000-8000-00000000a003',
  reading: '0190a000-0000-7000-8000-00000000a101',
  spill: '0190a000-0000-7000-8000-00000000a201',
  tom: '0190a000-0000-7000-8000-0000000000e2',
  aisha: '0190a000-0000-7000-8000-0000000000e1',
};

/** 15:00 in Brighton (BST) on Monday 30 March 2026. */
const now = new Date('2026-03-30T14:00:00Z');

/** A fridge reading failed at 09:15 Brighton time; nothing done by its due time, 13:15. */
const open: CorrectiveAction = {
  _id: ids.fridge,
  ref: 'CA-3F9A1C',
  orgId: ids.org,
  siteID: ids.brighton,
  siteName: 'Brighton',
  timeZoneId: 'Europe/London',
  kind: 'READING_FAILED',
  checkType: 'FRIDGE',
  state: 'OPEN',
  source: {
    subject: 'TemperatureLog',
    recordID: ids.reading,
    lineID: null,
    masterTaskID: null,
    taskDate: null,
  },
  deviation: 'Walk-in fridge, top shelf read 9.4 °C (limit 8 °C)',
  occurredAt: '2026-03-30T08:15:00.000Z',
  openedAt: '2026-03-30T08:15:00.000Z',
  dueAt: '2026-03-30T12:15:00.000Z',
  overdue: true,
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
  createdAt: '2026-03-30T08:15:00.000Z',
  updatedAt: '2026-03-30T08:15:00.000Z',
};

/** Tom recorded what was done about a missed task; it waits for a site admin to verify it. */
const recorded: CorrectiveAction = {
  ...open,
  _id: ids.recorded,
  ref: 'CA-3F9A2D',
  kind: 'TASK_MISSED',
  checkType: 'TASK',
  state: 'ACTION_RECORDED',
  source: {
    subject: 'Task',
    recordID: '0190a000-0000-7000-8000-00000000a301',
    lineID: null,
    masterTaskID: '0190a000-0000-7000-8000-00000000a201',
    taskDate: '2026-03-29',
  },
  deviation: 'Closing clean of the fryer was not done',
  overdue: false,
  actionTaken: 'Done late and checked',
  foodDiscarded: false,
  recordedBy: { _id: ids.tom, name: 'Tom Fletcher' },
  recordedAt: '2026-03-30T09:00:00.000Z',
  updatedAt: '2026-03-30T09:00:00.000Z',
};

const verified: CorrectiveAction = {
  ...recorded,
  _id: ids.verified,
  ref: 'CA-3F9A3E',
  state: 'VERIFIED',
  verifiedBy: { _id: ids.aisha, name: 'Aisha Khan' },
  verifiedAt: '2026-03-30T10:30:00.000Z',
  verificationNote: 'Checked the fryer myself',
  updatedAt: '2026-03-30T10:30:00.000Z',
};

const standardFridgeActions = [
  {
    checkType: 'FRIDGE',
    actions: ['Moved food to another fridge', 'Discarded high-risk food', 'Called an engineer'],
    isDefault: true,
  },
];

/** The action calls as the API answers them; `write` answers the PUTs. */
function actionApi(
  rows: readonly CorrectiveAction[],
  write: (sent: Sent) => Response = (sent) => {
    const body = JSON.parse(sent.body) as { _id: string };
    const row = rows.find((r) => r._id === body._id)!;
    return ok({ ...row, updatedAt: now.toISOString() }, 'Corrective action saved');
  },
) {
  return fakeApi((sent) => {
    if (sent.path === 'correctiveAction/web-app-list') return ok(listPage([...rows]));
    if (sent.path.startsWith('correctiveAction/find-one/')) {
      const found = rows.find((row) => sent.path.endsWith(row._id));
      return found ? ok(found) : fail(404, { message: 'Not found', error: 'NOT_FOUND' });
    }
    if (sent.path.startsWith('correctiveAction/log-history-list/')) return ok([]);
    if (sent.path === 'correctiveAction/standard-action-list') return ok(standardFridgeActions);
    if (sent.method === 'PUT') return write(sent);
    return fail(404, { message: `No fake for ${sent.method} ${sent.path}`, error: 'NOT_FOUND' });
  });
}

const lists = (sent: Sent[]) => sent.filter((s) => s.path === 'correctiveAction/web-app-list');
const lastQuery = (sent: Sent[]) => Object.fromEntries(lists(sent).at(-1)!.query);
const puts = (sent: Sent[]) => sent.filter((s) => s.method === 'PUT');
const sentBody = (sent: Sent[]) => JSON.parse(puts(sent).at(-1)!.body) as Record<string, unknown>;

function renderActions(url = '/dashboard/correctiveAction') {
  const user = userEvent.setup();
  const rendered = renderOnSiteRoute(
    <>
      <CorrectiveActionsScreen gridProps={gridProps} />
      <Notifications />
    </>,
    url,
  );
  return { user, ...rendered };
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('[role="row"]') as HTMLElement;

/** The view of one action, as a link to it opens it. */
async function viewAction(action: CorrectiveAction) {
  const rendered = renderActions(`/dashboard/correctiveAction?view=${action._id}`);
  const dialog = await screen.findByRole('dialog', { name: `${action.ref} ${kindWords[action.kind]}` });
  await within(dialog).findByText(action.deviation);
  return { ...rendered, dialog };
}

const kindWords: Record<CorrectiveAction['kind'], string> = {
  READING_FAILED: 'Failed reading',
  SENSOR_EXCURSION: 'Sensor excursion',
  CHECKLIST_LINE_FAILED: 'Failed checklist line',
  TASK_MISSED: 'Task missed',
  FOLLOW_UP_MISSED: 'Follow-up check missed',
  FOLLOW_UP_FAILED: 'Follow-up check failed',
  NEAR_MISS: 'Near miss',
};

beforeEach(() => {
  setClock(now);
  resetBrowserState();
  signInAs('SITE_ADMIN', { siteIds: [ids.brighton] });
  chooseSite(ids.brighton);
});
afterEach(() => jest.useRealTimers());

describe('the list', () => {
  test("starts on the actions awaiting one, over the last 90 days in the site's zone, each in words", async () => {
    const api = actionApi([open]);
    renderActions();
    const row = await rowOf('Walk-in fridge, top shelf read 9.4 °C (limit 8 °C)');
    expect(lastQuery(api.sent)).toMatchObject({
      siteID: ids.brighton,
      startDate: '2025-12-31',
      endDate: '2026-03-30',
      sort: '-occurredAt',
      state: 'OPEN',
    });
    expect(within(row).getByText('CA-3F9A1C')).toBeInTheDocument();
    expect(within(row).getByText('Failed reading')).toBeInTheDocument();
    // 08:15 UTC is 09:15 in Brighton.
    expect(within(row).getByText('30 Mar 2026, 09:15')).toBeInTheDocument();
    expect(within(row).getByText('Awaiting action')).toBeInTheDocument();
    expect(within(row).getByText('30 Mar 2026, 13:15')).toBeInTheDocument();
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    // One site is selected: its name is not repeated on every row.
    expect(screen.queryByRole('columnheader', { name: 'Site' })).not.toBeInTheDocument();
  });

  test('the tabs, kind, check and overdue filters narrow the request and are kept in the URL', async () => {
    const api = actionApi([recorded]);
    const { user, params } = renderActions();
    await screen.findByText('Closing clean of the fryer was not done');
    const tabs = screen.getByRole('tablist', { name: 'Corrective action state' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Awaiting action', 'Awaiting verification', 'Verified', 'All']);

    await user.click(within(tabs).getByRole('tab', { name: 'Awaiting verification' }));
    await waitFor(() => expect(lastQuery(api.sent).state).toBe('ACTION_RECORDED'));
    expect(params().get('state')).toBe('ACTION_RECORDED');

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Task missed' }));
    await user.click(screen.getByRole('combobox', { name: 'Check' }));
    await user.click(await screen.findByRole('option', { name: 'Tasks and checklists' }));
    await user.click(screen.getByRole('switch', { name: 'Overdue only' }));
    await waitFor(() =>
      expect(lastQuery(api.sent)).toMatchObject({
        state: 'ACTION_RECORDED',
        kind: 'TASK_MISSED',
        checkType: 'TASK',
        overdue: 'true',
        page: '1',
      }),
    );
    expect(Object.fromEntries(params())).toMatchObject({
      state: 'ACTION_RECORDED',
      kind: 'TASK_MISSED',
      checkType: 'TASK',
      overdue: 'true',
    });

    // "All" asks for every state: no state is sent.
    await user.click(within(tabs).getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(params().get('state')).toBe('ALL'));
    await waitFor(() => expect(lastQuery(api.sent)).not.toHaveProperty('state'));
    expect(lastQuery(api.sent)).toMatchObject({ kind: 'TASK_MISSED', overdue: 'true' });
  });

  test('a shared link restores the filters and the dates', async () => {
    const api = actionApi([verified]);
    renderActions(
      '/dashboard/correctiveAction?state=VERIFIED&kind=TASK_MISSED&startDate=2026-03-01&endDate=2026-03-15',
    );
    await screen.findByText('Closing clean of the fryer was not done');
    expect(lastQuery(api.sent)).toMatchObject({
      state: 'VERIFIED',
      kind: 'TASK_MISSED',
      startDate: '2026-03-01',
      endDate: '2026-03-15',
    });
    expect(screen.getByRole('tab', { name: 'Verified' })).toHaveAttribute('aria-selected', 'true');
  });

  test('with nothing to show, says what opens an action and what to try', async () => {
    actionApi([]);
    renderActions();
    expect(
      await screen.findByText(/Each failed reading or checklist line, missed task or check/),
    ).toHaveTextContent('try another tab, other dates or fewer filters');
  });

  test('with no site selected, lists every site’s actions, each with its site', async () => {
    chooseSite(null);
    const api = actionApi([open, { ...recorded, siteID: ids.manchester, siteName: 'Manchester' }]);
    renderActions();
    const row = await rowOf('Closing clean of the fryer was not done');
    expect(screen.getByRole('columnheader', { name: 'Site' })).toBeInTheDocument();
    expect(within(row).getByText('Manchester')).toBeInTheDocument();
    expect(lastQuery(api.sent)).not.toHaveProperty('siteID');
  });
});

describe('the view', () => {
  test('shows what went wrong, a link to its record, what was done, the verification and the history', async () => {
    actionApi([verified]);
    const { dialog } = await viewAction(verified);
    // The task list opens the occurrence on its date, by its master task's id and its own.
    expect(within(dialog).getByRole('link', { name: 'Open the task' })).toHaveAttribute(
      'href',
      '/dashboard/task?taskListDate=2026-03-29&view=0190a000-0000-7000-8000-00000000a201.0190a000-0000-7000-8000-00000000a301',
    );
    const taken = within(dialog).getByRole('region', { name: 'Action taken' });
    expect(await within(taken).findByText('Done late and checked')).toBeInTheDocument();
    expect(taken).toHaveTextContent('Food discarded');
    expect(taken).toHaveTextContent('Tom Fletcher, 30 Mar 2026, 10:00');
    const verification = within(dialog).getByRole('region', { name: 'Verification' });
    expect(await within(verification).findByText('Aisha Khan, 30 Mar 2026, 11:30')).toBeInTheDocument();
    expect(verification).toHaveTextContent('Checked the fryer myself');
    expect(await within(dialog).findByText('No changes recorded yet.')).toBeInTheDocument();
  });

  test('a reading’s action links to the reading', async () => {
    actionApi([open]);
    const { dialog, user, url } = await viewAction(open);
    await user.click(within(dialog).getByRole('link', { name: 'Open the reading' }));
    expect(url()).toBe(`/dashboard/temperatureLog?view=${ids.reading}`);
  });
});

describe('recording what was done', () => {
  test('with a standard action of the check, and how much food was discarded', async () => {
    signInAs('STAFF', { siteIds: [ids.brighton] });
    const api = actionApi([open]);
    const { user, dialog } = await viewAction(open);
    await user.click(within(dialog).getByRole('button', { name: 'Record action CA-3F9A1C Failed reading' }));
    const form = await screen.findByRole('dialog', { name: 'Record the action for CA-3F9A1C' });
    // The deviation is said in the form, which can be opened from the list too.
    expect(
      await within(form).findByText(/Walk-in fridge, top shelf read 9\.4 °C \(limit 8 °C\)/),
    ).toHaveTextContent('What went wrong:');

    await user.click(await within(form).findByRole('combobox', { name: /What was done/ }));
    await user.click(await screen.findByRole('option', { name: 'Moved food to another fridge' }));
    expect(
      api.sent.find((s) => s.path === 'correctiveAction/standard-action-list')?.query.get('checkType'),
    ).toBe('FRIDGE');

    await user.click(within(form).getByRole('button', { name: 'Record action' }));
    expect(await within(form).findByText('Say whether food was discarded')).toBeInTheDocument();
    expect(puts(api.sent)).toHaveLength(0);

    await user.click(within(form).getByRole('combobox', { name: /Was food discarded/ }));
    await user.click(await screen.findByRole('option', { name: 'Yes' }));
    await user.click(within(form).getByRole('button', { name: 'Record action' }));
    expect(await within(form).findByText('Say how much food was discarded')).toBeInTheDocument();
    expect(puts(api.sent)).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /How much was discarded/ }), '2 kg chicken');
    await user.click(within(form).getByRole('button', { name: 'Record action' }));
    await waitFor(() => expect(puts(api.sent)).toHaveLength(1));
    expect(puts(api.sent)[0]!.path).toBe('correctiveAction/record-action');
    expect(sentBody(api.sent)).toEqual({
      _id: ids.fridge,
      actionTaken: 'Moved food to another fridge',
      foodDiscarded: true,
      discardedQuantity: '2 kg chicken',
    });
    expect(await screen.findByText('Corrective action saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Record the action for CA-3F9A1C' }),
      ).not.toBeInTheDocument(),
    );
    // The view and the list read the action again.
    await waitFor(() =>
      expect(api.sent.filter((s) => s.path === `correctiveAction/find-one/${ids.fridge}`)).toHaveLength(2),
    );
  });

  test('in one’s own words, with no food discarded', async () => {
    const api = actionApi([open]);
    const { user, dialog } = await viewAction(open);
    await user.click(within(dialog).getByRole('button', { name: 'Record action CA-3F9A1C Failed reading' }));
    const form = await screen.findByRole('dialog', { name: 'Record the action for CA-3F9A1C' });
    await user.type(
      await within(form).findByRole('combobox', { name: /What was done/ }),
      'Door seal replaced, re-read 4 °C',
    );
    await user.click(within(form).getByRole('combobox', { name: /Was food discarded/ }));
    await user.click(await screen.findByRole('option', { name: 'No' }));
    expect(within(form).queryByRole('textbox', { name: /How much/ })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Record action' }));
    await waitFor(() => expect(puts(api.sent)).toHaveLength(1));
    expect(sentBody(api.sent)).toEqual({
      _id: ids.fridge,
      actionTaken: 'Door seal replaced, re-read 4 °C',
      foodDiscarded: false,
    });
  });
});

describe('verifying', () => {
  test('asks for the password, and shows the API’s refusal of a wrong one under it', async () => {
    const refusal = 'That is not your password';
    let answers = 0;
    const api = actionApi([recorded], () => {
      answers += 1;
      return answers === 1
        ? fail(400, {
            message: 'Wrong password',
            error: 'BAD_REQUEST',
            details: { fieldErrors: { password: [refusal] } },
          })
        : ok({ ...recorded, state: 'VERIFIED' }, 'Corrective action verified');
    });
    const { user, dialog } = await viewAction(recorded);
    await user.click(within(dialog).getByRole('button', { name: 'Verify CA-3F9A2D Task missed' }));
    const form = await screen.findByRole('dialog', { name: 'Verify the action for CA-3F9A2D' });
    const password = within(form).getByLabelText(/Your password/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');

    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await within(form).findByText('Type your password to verify')).toBeInTheDocument();
    expect(puts(api.sent)).toHaveLength(0);

    await user.type(password, 'not-it');
    await user.type(within(form).getByLabelText(/^Note/), 'Checked the fryer myself');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(puts(api.sent)).toHaveLength(1));
    expect(puts(api.sent)[0]!.path).toBe('correctiveAction/verify');
    expect(sentBody(api.sent)).toEqual({
      _id: ids.recorded,
      password: 'not-it',
      note: 'Checked the fryer myself',
    });
    expect(await within(form).findByText(refusal)).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(refusal);
    // Under the field, not the error pop-up.
    expect(notifyStore.getState().error).toBeNull();

    await user.clear(password);
    await user.type(password, 'correct horse');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Corrective action verified')).toBeInTheDocument();
    await waitFor(() => expect(form).not.toBeInTheDocument());
  });

  test('is not offered to the one who recorded the action', async () => {
    actionApi([{ ...recorded, recordedBy: { _id: ids.me, name: 'Marcus Reid' } }]);
    const { dialog } = await viewAction(recorded);
    expect(within(dialog).getByRole('button', { name: 'Reopen CA-3F9A2D Task missed' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Verify/ })).not.toBeInTheDocument();
  });

  test('is not offered to staff, who may not verify nor reopen', async () => {
    signInAs('STAFF', { siteIds: [ids.brighton] });
    actionApi([recorded]);
    const { user } = renderActions('/dashboard/correctiveAction?state=ACTION_RECORDED');
    const row = await rowOf('Closing clean of the fryer was not done');
    expect(await offersRowAction(user, 'Verify CA-3F9A2D Task missed', row)).toBe(false);
    expect(await offersRowAction(user, 'Reopen CA-3F9A2D Task missed', row)).toBe(false);
    expect(await offersRowAction(user, 'View CA-3F9A2D Task missed', row)).toBe(true);
  });

  test('is offered in the list to a site admin who did not record it', async () => {
    actionApi([recorded]);
    const { user } = renderActions('/dashboard/correctiveAction?state=ACTION_RECORDED');
    const row = await rowOf('Closing clean of the fryer was not done');
    expect(await offersRowAction(user, 'Verify CA-3F9A2D Task missed', row)).toBe(true);
  });
});

describe('reopening', () => {
  test('needs a reason, and sends it', async () => {
    const api = actionApi([verified]);
    const { user, dialog } = await viewAction(verified);
    await user.click(within(dialog).getByRole('button', { name: 'Reopen CA-3F9A3E Task missed' }));
    const form = await screen.findByRole('dialog', { name: 'Reopen CA-3F9A3E?' });
    await user.click(within(form).getByRole('button', { name: 'Reopen' }));
    expect(await within(form).findByText('Reason is required')).toBeInTheDocument();
    expect(puts(api.sent)).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Reason/), '  The fryer was found dirty again  ');
    await user.click(within(form).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(puts(api.sent)).toHaveLength(1));
    expect(puts(api.sent)[0]!.path).toBe('correctiveAction/reopen');
    expect(sentBody(api.sent)).toEqual({ _id: ids.verified, reason: 'The fryer was found dirty again' });
  });
});

describe('a record’s view', () => {
  const spill: NearMiss = {
    _id: ids.spill,
    logID: 'NM-0190A0',
    orgId: ids.org,
    siteID: ids.brighton,
    siteName: 'Brighton',
    timeZoneId: 'Europe/London',
    category: 'INCIDENT',
    title: 'Oil spill by the fryer',
    whatHappened: 'Oil on the floor after the fryer was emptied.',
    location: 'Kitchen',
    occurredAt: '2026-03-28T11:15:00.000Z',
    peopleInvolved: '',
    injuries: '',
    immediateAction: '',
    followUps: [],
    openFollowUps: 0,
    status: 'REPORTED',
    outcome: null,
    photos: [],
    reportedBy: { _id: ids.tom, name: 'Tom Fletcher' },
    reportedAt: '2026-03-28T11:20:00.000Z',
    receivedAt: '2026-03-28T11:20:05.000Z',
    backFilled: false,
    closedAt: null,
    createdAt: '2026-03-28T11:20:05.000Z',
    updatedAt: '2026-03-28T11:20:05.000Z',
  };
  const itsAction: CorrectiveAction = {
    ...verified,
    kind: 'NEAR_MISS',
    checkType: 'NEAR_MISS',
    source: { subject: 'NearMiss', recordID: ids.spill, lineID: null, masterTaskID: null, taskDate: null },
    deviation: 'Near miss: Oil spill by the fryer',
    actionTaken: 'Made the area safe',
  };

  test('lists the actions it opened, where each stands, and opens each on the actions screen', async () => {
    const api = fakeApi((sent) => {
      if (sent.path === 'nearMiss/web-app-list') return ok(listPage([spill]));
      if (sent.path === `nearMiss/find-one/${ids.spill}`) return ok(spill);
      if (sent.path.startsWith('nearMiss/log-history-list/')) return ok([]);
      if (sent.path === 'correctiveAction/record-list') return ok([itsAction]);
      return fail(404, { message: `No fake for ${sent.method} ${sent.path}`, error: 'NOT_FOUND' });
    });
    const user = userEvent.setup();
    const { url } = renderOnSiteRoute(
      <NearMissesScreen gridProps={gridProps} />,
      `/dashboard/nearMiss?view=${ids.spill}`,
    );
    const dialog = await screen.findByRole('dialog', { name: 'NM-0190A0 Oil spill by the fryer' });
    const actions = await within(dialog).findByRole('list', { name: 'Corrective actions' });
    const query = api.sent.find((s) => s.path === 'correctiveAction/record-list')!.query;
    expect(Object.fromEntries(query)).toEqual({ subject: 'NearMiss', recordID: ids.spill });
    const line = within(actions).getByRole('listitem');
    expect(within(line).getByText('Verified')).toBeInTheDocument();
    expect(line).toHaveTextContent('Done: Made the area safe');
    expect(line).toHaveTextContent('Verified by: Aisha Khan, 30 Mar 2026, 11:30');

    await user.click(within(line).getByRole('link', { name: 'Open CA-3F9A3E' }));
    expect(url()).toBe(`/dashboard/correctiveAction?view=${ids.verified}`);
  });

  test('says so when nothing on the record needed an action', async () => {
    fakeApi((sent) => {
      if (sent.path === 'nearMiss/web-app-list') return ok(listPage([spill]));
      if (sent.path === `nearMiss/find-one/${ids.spill}`) return ok(spill);
      if (sent.path.startsWith('nearMiss/log-history-list/')) return ok([]);
      if (sent.path === 'correctiveAction/record-list') return ok([]);
      return fail(404, { message: `No fake for ${sent.method} ${sent.path}`, error: 'NOT_FOUND' });
    });
    renderOnSiteRoute(<NearMissesScreen gridProps={gridProps} />, `/dashboard/nearMiss?view=${ids.spill}`);
    const dialog = await screen.findByRole('dialog', { name: 'NM-0190A0 Oil spill by the fryer' });
    expect(
      await within(dialog).findByText('Nothing on this record needed a corrective action.'),
    ).toBeInTheDocument();
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Notifications } from '@console/shared-sdk';
import type { NearMiss, NearMissHistoryEntry } from '@console/shared-sdk/logs';
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
  type Sent,
} from '@console/shared-sdk/testing';
import { FieldInput } from '@console/shared-sdk/ui';
import { instantOf, localMoment, nearMissForm, nearMissFormSchema, nearMissUpdate } from './form-model';
import { NearMissesScreen } from './near-misses';

// Near misses as a site's admin investigates them, against a fake API: the list over the last 90 days in
// the site's zone, the detail with follow-ups, photos and history, and the edit form that follows the
// workflow: only the allowed moves, an outcome to close, a reason to reopen or to change staff's words.

jest.setTimeout(90_000);

const ids = {
  ...demoIds,
  spill: '0190a000-0000-7000-8000-00000000d001',
  burn: '0190a000-0000-7000-8000-00000000d002',
  mopUp: '0190a000-0000-7000-8000-00000000d101',
  signs: '0190a000-0000-7000-8000-00000000d102',
  photo: '0190a000-0000-7000-8000-00000000d201',
  aisha: '0190a000-0000-7000-8000-0000000000e1',
  tom: '0190a000-0000-7000-8000-0000000000e2',
  olivia: '0190a000-0000-7000-8000-0000000000e3',
};

/** 15:00 in Brighton (BST) on Monday 30 March 2026. */
const now = new Date('2026-03-30T14:00:00Z');

const spill: NearMiss = {
  _id: ids.spill,
  logID: 'NM-0190A0',
  orgId: ids.org,
  siteID: ids.brighton,
  siteName: 'Brighton',
  timeZoneId: 'Europe/London',
  category: 'INCIDENT',
  title: 'Oil spill by the fryer',
  whatHappened: 'Oil on the floor after the fryer was emptied; a porter slipped but caught the rail.',
  location: 'Kitchen, fryer station',
  // 11:15 in Brighton (GMT: the clocks go forward on the 29th).
  occurredAt: '2026-03-28T11:15:00.000Z',
  peopleInvolved: 'Tom (porter)',
  injuries: '',
  immediateAction: 'Floor cleaned, wet-floor sign out.',
  followUps: [
    {
      _id: ids.mopUp,
      action: 'Buy a drip tray for the fryer',
      owner: { _id: ids.aisha, name: 'Aisha Khan' },
      dueOn: '2026-03-27',
      doneAt: null,
    },
    {
      _id: ids.signs,
      action: 'Brief staff on emptying the fryer',
      owner: null,
      dueOn: null,
      doneAt: '2026-03-29T09:00:00.000Z',
    },
  ],
  openFollowUps: 1,
  status: 'REPORTED',
  outcome: null,
  photos: [
    {
      _id: ids.photo,
      location: 'http://files.test/spill.jpg',
      key: 'spill.jpg',
      originalName: 'IMG_0001.jpg',
      contentType: 'image/jpeg',
      size: 1234,
    },
  ],
  reportedBy: { _id: ids.tom, name: 'Tom Fletcher' },
  reportedAt: '2026-03-28T11:20:00.000Z',
  receivedAt: '2026-03-28T11:20:05.000Z',
  backFilled: false,
  closedAt: null,
  createdAt: '2026-03-28T11:20:05.000Z',
  updatedAt: '2026-03-28T11:20:05.000Z',
};

const burn: NearMiss = {
  ...spill,
  _id: ids.burn,
  logID: 'NM-0190A1',
  category: 'ACCIDENT',
  title: 'Burn from the salamander',
  status: 'COMPLETED',
  outcome: 'Guard fitted',
  followUps: [],
  openFollowUps: 0,
  photos: [],
  backFilled: true,
  receivedAt: '2026-03-28T15:00:00.000Z',
  closedAt: '2026-03-29T10:00:00.000Z',
};

const history: NearMissHistoryEntry[] = [
  {
    _id: '0190a000-0000-7000-8000-00000000c001',
    recordID: ids.spill,
    action: 'update',
    changes: {
      before: {
        siteID: ids.brighton,
        category: 'INCIDENT',
        title: spill.title,
        whatHappened: spill.whatHappened,
        location: 'Kitchen',
        occurredAt: spill.occurredAt,
        peopleInvolved: spill.peopleInvolved,
        injuries: '',
        immediateAction: spill.immediateAction,
        followUps: [],
        status: 'REPORTED',
        outcome: null,
        photoIDs: [ids.photo],
      },
      after: {
        siteID: ids.brighton,
        category: 'INCIDENT',
        title: spill.title,
        whatHappened: spill.whatHappened,
        location: 'Kitchen, fryer station',
        occurredAt: spill.occurredAt,
        peopleInvolved: spill.peopleInvolved,
        injuries: '',
        immediateAction: spill.immediateAction,
        followUps: [
          {
            _id: ids.mopUp,
            action: 'Buy a drip tray for the fryer',
            ownerId: ids.aisha,
            dueOn: '2026-03-27',
            doneAt: null,
          },
        ],
        status: 'REPORTED',
        outcome: null,
        photoIDs: [ids.photo],
      },
    },
    reason: 'Tom said exactly where',
    actor: { _id: ids.me, name: 'Marcus Reid' },
    at: '2026-03-29T08:00:00.000Z',
  },
];

/** Who may own a report's follow-ups: its site's people and the organisation admin, by name. */
const owners = [
  { _id: ids.aisha, name: 'Aisha Khan' },
  { _id: ids.olivia, name: 'Olivia Bennett' },
  { _id: ids.tom, name: 'Tom Fletcher' },
];

/** The near-miss calls as the API answers them; `write` answers the PUT. */
function nearMissApi(
  rows: readonly NearMiss[],
  write: (sent: Sent) => Response = (sent) =>
    ok({ ...rows[0], ...JSON.parse(sent.body) }, 'Near miss updated'),
) {
  return fakeApi((sent) => {
    if (sent.path === 'nearMiss/web-app-list') return ok(listPage([...rows]));
    if (sent.path.startsWith('nearMiss/find-one/')) {
      const found = rows.find((row) => sent.path.endsWith(row._id));
      return found ? ok(found) : fail(404, { message: 'Near miss not found', error: 'NOT_FOUND' });
    }
    if (sent.path.startsWith('nearMiss/log-history-list/')) return ok(history);
    if (sent.path.startsWith('nearMiss/follow-up-owner-list/')) return ok(owners);
    if (sent.method === 'PUT' && sent.path === 'nearMiss/update-one') return write(sent);
    return fail(404, { message: `No fake for ${sent.method} ${sent.path}`, error: 'NOT_FOUND' });
  });
}

const lists = (sent: Sent[]) => sent.filter((s) => s.path === 'nearMiss/web-app-list');
const puts = (sent: Sent[]) => sent.filter((s) => s.method === 'PUT');
const sentBody = (sent: Sent[]) => JSON.parse(puts(sent)[0]!.body) as Record<string, unknown>;

function renderNearMisses(url = '/dashboard/nearMiss') {
  const user = userEvent.setup();
  const rendered = renderOnSiteRoute(
    <>
      <NearMissesScreen gridProps={gridProps} />
      <Notifications />
    </>,
    url,
  );
  return { user, ...rendered };
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('[role="row"]') as HTMLElement;

/** The edit form of a report, as a link to it opens it. */
async function editReport(report: NearMiss) {
  const rendered = renderNearMisses(`/dashboard/nearMiss?edit=${report._id}`);
  // The form replaces the dialog that showed while the report loaded.
  const form = await screen.findByRole('form', { name: 'Edit near miss' }, { timeout: 5000 });
  const dialog = form.closest<HTMLElement>('[role="dialog"]')!;
  // The form shows its loading state until its own fields (./fields) are there too.
  await within(dialog).findByRole('combobox', { name: 'Status' }, { timeout: 5000 });
  return { ...rendered, dialog };
}

async function chooseStatus(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
  await user.click(await screen.findByRole('option', { name }));
}

beforeEach(() => {
  setClock(now);
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
  chooseSite(ids.brighton);
});
afterEach(() => jest.useRealTimers());

describe('the list', () => {
  test("asks for the last 90 days in the site's zone and shows each report's category, time, place and status", async () => {
    const api = nearMissApi([spill, burn]);
    renderNearMisses();
    const row = await rowOf('Oil spill by the fryer');
    expect(Object.fromEntries(lists(api.sent)[0]!.query)).toMatchObject({
      siteID: ids.brighton,
      startDate: '2025-12-31',
      endDate: '2026-03-30',
      sort: '-occurredAt',
    });
    expect(within(row).getByText('NM-0190A0')).toBeInTheDocument();
    expect(within(row).getByText('Incident')).toBeInTheDocument();
    expect(within(row).getByText('28 Mar 2026, 11:15')).toBeInTheDocument();
    expect(within(row).getByText('Kitchen, fryer station')).toBeInTheDocument();
    expect(within(row).getByText('Reported')).toBeInTheDocument();
    expect(within(row).getByText('1 of 2 open')).toBeInTheDocument();
    const closed = await rowOf('Burn from the salamander');
    expect(within(closed).getByText('Closed')).toBeInTheDocument();
    expect(within(closed).getByText('Accident')).toBeInTheDocument();
  });

  test('category and status filters narrow the request', async () => {
    const api = nearMissApi([spill]);
    const { user, params } = renderNearMisses();
    await screen.findByText('Oil spill by the fryer');
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Allergic reaction' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Under investigation' }));
    await waitFor(() =>
      expect(Object.fromEntries(lists(api.sent).at(-1)!.query)).toMatchObject({
        category: 'ALLERGIC REACTION',
        status: 'PENDING',
        startDate: '2025-12-31',
        page: '1',
      }),
    );
    expect(params().get('category')).toBe('ALLERGIC REACTION');
  });
});

describe('the detail', () => {
  test('shows what happened, the follow-up actions, the photos (large on click) and the history with reasons', async () => {
    nearMissApi([spill]);
    const { user } = renderNearMisses(`/dashboard/nearMiss?view=${ids.spill}`);
    const dialog = await screen.findByRole('dialog', { name: 'NM-0190A0 Oil spill by the fryer' });
    expect(await within(dialog).findByText(/a porter slipped but caught the rail/)).toBeInTheDocument();
    expect(within(dialog).getByText('Tom (porter)')).toBeInTheDocument();
    expect(within(dialog).getByText('Floor cleaned, wet-floor sign out.')).toBeInTheDocument();

    const followUps = await within(dialog).findByRole('list', { name: 'Follow-up actions' });
    const drip = within(followUps).getByText('Buy a drip tray for the fryer').closest('li')!;
    expect(drip).toHaveTextContent('Owner: Aisha Khan');
    expect(drip).toHaveTextContent('Due Fri, 27 Mar 2026');
    expect(within(drip).getByText('Overdue')).toBeInTheDocument();
    const brief = within(followUps).getByText('Brief staff on emptying the fryer').closest('li')!;
    expect(brief).toHaveTextContent('Owner: nobody yet');
    expect(brief).not.toHaveTextContent('Due');
    expect(within(brief).getByText('Done 29 Mar 2026, 10:00')).toBeInTheDocument();

    await user.click(await within(dialog).findByRole('button', { name: 'Show photo 1 of 1 larger' }));
    const photo = await screen.findByRole('dialog', { name: 'NM-0190A0: Photo 1 of 1' });
    expect(within(photo).getByRole('img', { name: 'NM-0190A0: Photo 1 of 1' })).toHaveAttribute(
      'src',
      'http://files.test/spill.jpg',
    );
    await user.click(within(photo).getByRole('button', { name: 'Close' }));

    const entries = await within(dialog).findByRole('list', { name: 'History' });
    expect(entries).toHaveTextContent('Changed by Marcus Reid, 29 Mar 2026, 09:00');
    expect(entries).toHaveTextContent('Where: Kitchen → Kitchen, fryer station');
    expect(entries).toHaveTextContent('Follow-up added: Buy a drip tray for the fryer');
    expect(entries).toHaveTextContent('Reason: Tom said exactly where');
  });
});

describe('the edit form', () => {
  // First in this file to open the form, so the form's own fields (./fields) are not loaded yet.
  test('opens with the focus on its first field, the status', async () => {
    // The kit's inputs are loaded already, as after any other form the admin opened: only the form's own
    // fields are still on their way when the dialog opens.
    const warm = render(
      <FieldInput
        field={{ kind: 'text', name: 'any', label: 'Any' }}
        id="warm"
        value=""
        onChange={() => undefined}
        onBlur={() => undefined}
        error={undefined}
        errors={{}}
        disabled={false}
        context={{ siteID: null, timeZone: 'UTC' }}
      />,
    );
    await screen.findByRole('textbox', { name: 'Any' });
    warm.unmount();

    nearMissApi([spill]);
    const { dialog } = await editReport(spill);
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveFocus());
    expect(within(dialog).getByLabelText('Outcome')).not.toHaveFocus();
  });

  test('closing with open follow-up actions: the refusal names them by the status', async () => {
    const investigating = { ...spill, status: 'PENDING' as const };
    const refusal =
      'This near miss still has an open follow-up action: “Buy a drip tray for the fryer”. Mark it done, ' +
      'or remove it, before closing the report';
    const api = nearMissApi([investigating], () =>
      fail(409, { message: refusal, error: 'CONFLICT', details: { fieldErrors: { status: [refusal] } } }),
    );
    const { user, dialog } = await editReport(investigating);
    await chooseStatus(user, dialog, 'Closed');
    await user.type(within(dialog).getByLabelText('Outcome'), 'Drip tray ordered');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(api.sent)).toHaveLength(1));
    const status = within(dialog).getByRole('combobox', { name: 'Status' });
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    // Under the status it refuses, described by it for screen readers; no error pop-up besides.
    expect(status).toHaveAccessibleDescription(refusal);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('form', { name: 'Edit near miss' })).toBeInTheDocument();
  });

  test('offers only the moves the workflow allows from where the report stands', async () => {
    nearMissApi([spill]);
    const { user, dialog } = await editReport(spill);
    await user.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    const choices = await screen.findAllByRole('option');
    // A reported near miss is investigated before it is closed.
    expect(choices.map((option) => option.textContent)).toEqual([
      'Reported (no change)',
      'Under investigation',
    ]);
  });

  test('closing needs an outcome, and then sends the move with it', async () => {
    const investigating = { ...spill, status: 'PENDING' as const };
    const api = nearMissApi([investigating]);
    const { user, dialog } = await editReport(investigating);
    await chooseStatus(user, dialog, 'Closed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Say what the outcome was: a report is closed with one'),
    ).toBeInTheDocument();
    expect(puts(api.sent)).toHaveLength(0);

    await user.type(
      within(dialog).getByLabelText('Outcome'),
      'Drip tray fitted; fryer emptied after close only',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(api.sent)).toHaveLength(1));
    expect(sentBody(api.sent)).toEqual({
      _id: ids.spill,
      siteID: ids.brighton,
      status: 'COMPLETED',
      outcome: 'Drip tray fitted; fryer emptied after close only',
    });
    expect(await screen.findByText('Near miss updated')).toBeInTheDocument();
  });

  test('reopening a closed report asks why', async () => {
    const api = nearMissApi([burn]);
    const { user, dialog } = await editReport(burn);
    expect(within(dialog).queryByLabelText(/^Reason for the change/)).not.toBeInTheDocument();
    await chooseStatus(user, dialog, 'Under investigation');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give a reason of at least 3 characters')).toBeInTheDocument();
    expect(puts(api.sent)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Reason for the change/), 'Guard came loose again');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(api.sent)).toHaveLength(1));
    expect(sentBody(api.sent)).toEqual({
      _id: ids.burn,
      siteID: ids.brighton,
      status: 'PENDING',
      reason: 'Guard came loose again',
    });
  });

  test('changing what staff wrote needs a reason; the title does not', async () => {
    const api = nearMissApi([spill]);
    const { user, dialog } = await editReport(spill);
    const title = within(dialog).getByLabelText(/^Title/);
    await user.type(title, ' (fryer 2)');
    expect(within(dialog).queryByLabelText(/^Reason for the change/)).not.toBeInTheDocument();

    const where = within(dialog).getByLabelText(/^Where/);
    await user.clear(where);
    await user.type(where, 'Kitchen, fryer 2');
    expect(await within(dialog).findByText('You changed what staff reported: say why.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give a reason of at least 3 characters')).toBeInTheDocument();
    expect(puts(api.sent)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Reason for the change/), 'Tom named the fryer');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(api.sent)).toHaveLength(1));
    expect(sentBody(api.sent)).toEqual({
      _id: ids.spill,
      siteID: ids.brighton,
      title: 'Oil spill by the fryer (fryer 2)',
      location: 'Kitchen, fryer 2',
      reason: 'Tom named the fryer',
    });
  });

  test('an owner the site’s staff list lacks (the organisation admin) shows by name, and can be changed', async () => {
    const owned = {
      ...spill,
      followUps: [{ ...spill.followUps[0]!, owner: { _id: ids.olivia, name: 'Olivia Bennett' } }],
    };
    const api = nearMissApi([owned]);
    const { user, dialog } = await editReport(owned);
    const first = within(dialog).getByRole('group', { name: 'Follow-up action 1' });
    const owner = within(first).getByRole('combobox', { name: 'Owner' });
    await waitFor(() => expect(owner).toHaveTextContent('Olivia Bennett'));
    // The owners offered are those who may own this report's actions, asked of the API for this report.
    expect(api.sent.some((s) => s.path === `nearMiss/follow-up-owner-list/${ids.spill}`)).toBe(true);

    await user.click(owner);
    const choices = await screen.findAllByRole('option');
    expect(choices.map((option) => option.textContent)).toEqual([
      'None',
      'Aisha Khan',
      'Olivia Bennett',
      'Tom Fletcher',
    ]);
    await user.click(screen.getByRole('option', { name: 'Aisha Khan' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(api.sent)).toHaveLength(1));
    expect(sentBody(api.sent).followUps).toEqual([
      {
        _id: ids.mopUp,
        action: 'Buy a drip tray for the fryer',
        ownerId: ids.aisha,
        dueOn: '2026-03-27',
        done: false,
      },
    ]);
  });

  test("follow-up actions are added with an owner from the site's people and marked done", async () => {
    const api = nearMissApi([spill]);
    const { user, dialog } = await editReport(spill);
    const first = within(dialog).getByRole('group', { name: 'Follow-up action 1' });
    await user.click(within(first).getByRole('switch', { name: 'Done' }));

    await user.click(within(dialog).getByRole('button', { name: 'Add follow-up action' }));
    const added = within(dialog).getByRole('group', { name: 'Follow-up action 3' });
    await user.type(within(added).getByLabelText(/^Action/), 'Replace the fryer’s drain valve');
    await user.click(within(added).getByRole('combobox', { name: 'Owner' }));
    await user.click(await screen.findByRole('option', { name: 'Tom Fletcher' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(puts(api.sent)).toHaveLength(1));
    expect(sentBody(api.sent)).toEqual({
      _id: ids.spill,
      siteID: ids.brighton,
      followUps: [
        {
          _id: ids.mopUp,
          action: 'Buy a drip tray for the fryer',
          ownerId: ids.aisha,
          dueOn: '2026-03-27',
          done: true,
        },
        {
          _id: ids.signs,
          action: 'Brief staff on emptying the fryer',
          ownerId: null,
          dueOn: null,
          done: true,
        },
        { action: 'Replace the fryer’s drain valve', ownerId: ids.tom, dueOn: null, done: false },
      ],
    });
    // The owners are those who may own this report's actions.
    expect(api.sent.some((s) => s.path === `nearMiss/follow-up-owner-list/${ids.spill}`)).toBe(true);
  });

  test("a move the API refuses (409) shows the API's message in the form", async () => {
    const api = nearMissApi([spill], () =>
      fail(409, {
        message: 'Someone closed this report meanwhile: reopen it with a reason to investigate again',
        error: 'CONFLICT',
      }),
    );
    const { user, dialog } = await editReport(spill);
    await chooseStatus(user, dialog, 'Under investigation');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Someone closed this report meanwhile: reopen it with a reason to investigate again',
      ),
    ).toBeInTheDocument();
    expect(sentBody(api.sent)).toEqual({ _id: ids.spill, siteID: ids.brighton, status: 'PENDING' });
    // The form stays open with what was chosen.
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Under investigation');
  });
});

describe("the site's clock", () => {
  test('an instant reads as the site’s date and time, and back, across the clocks going forward', () => {
    expect(localMoment('2026-03-28T11:15:00.000Z', 'Europe/London')).toEqual({
      date: '2026-03-28',
      time: '11:15',
    });
    expect(localMoment('2026-03-30T11:15:00.000Z', 'Europe/London')).toEqual({
      date: '2026-03-30',
      time: '12:15',
    });
    expect(instantOf('2026-03-30', '12:15', 'Europe/London')).toBe('2026-03-30T11:15:00.000Z');
    expect(instantOf('2026-03-28', '11:15', 'Europe/London')).toBe('2026-03-28T11:15:00.000Z');
    expect(instantOf('2026-03-31', '09:00', 'Pacific/Auckland')).toBe('2026-03-30T20:00:00.000Z');
    // 01:30 does not happen on the 29th (01:00 becomes 02:00): taken as the 02:30 the clocks showed.
    expect(instantOf('2026-03-29', '01:30', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z');
    // 01:30 happens twice on 25 October: the first one.
    expect(instantOf('2026-10-25', '01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('the form model', () => {
  test('a closed report cannot lose its outcome; an open one sends only what changed', () => {
    const closed = nearMissForm(burn);
    const cleared = nearMissUpdate({ ...closed, outcome: '  ' }, burn._id);
    expect(cleared).toEqual({ _id: ids.burn, outcome: '' });
    const checked = nearMissFormSchema.safeParse(cleared);
    expect(
      checked.success ? [] : checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
    ).toEqual([['outcome', 'Say what the outcome was: a report is closed with one']]);

    const open = nearMissForm(spill);
    expect(nearMissUpdate(open, spill._id)).toEqual({ _id: ids.spill });
    expect(nearMissUpdate({ ...open, outcome: 'Not yet known' }, spill._id)).toEqual({
      _id: ids.spill,
      outcome: 'Not yet known',
    });
  });

  test('a time in the future or half typed is refused before anything is sent', () => {
    const open = nearMissForm(spill);
    const future = nearMissUpdate(
      { ...open, occurredAt: { date: '2026-03-31', time: '09:00' }, reason: 'Typo' },
      spill._id,
    );
    expect(future.occurredAt).toBe('2026-03-31T08:00:00.000Z');
    const refused = (body: unknown) => {
      const checked = nearMissFormSchema.safeParse(body);
      return checked.success ? [] : checked.error.issues.map((issue) => issue.message);
    };
    expect(refused(future)).toEqual(['Cannot be in the future']);
    const halfTyped = nearMissUpdate(
      { ...open, occurredAt: { date: '2026-03-28', time: null }, reason: 'Typo' },
      spill._id,
    );
    expect(refused(halfTyped)).toEqual(['Give the date and the time it happened']);
  });
});

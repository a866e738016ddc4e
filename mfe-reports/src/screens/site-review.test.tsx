import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { notifyStore } from '@console/shared-sdk';
import type { SiteReview } from '@console/shared-sdk/reports';
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
  signInAs,
  type Sent,
} from '@console/shared-sdk/testing';
import { SiteReviewScreen } from './site-review';

// The four-weekly review as a site admin works through it against a fake API: the current review drafted
// from the records, its notes saved, signing with one's password (a wrong one refused under the field), a
// signed review read-only, and a past review opened by the bell's link.

jest.setTimeout(60_000);

const ids = {
  ...demoIds,
  current: '0190a000-0000-7000-8000-00000000b001',
  past: '0190a000-0000-7000-8000-00000000b002',
  action: '0190a000-0000-7000-8000-00000000b101',
  nearMiss: '0190a000-0000-7000-8000-00000000b201',
  document: '0190a000-0000-7000-8000-00000000b301',
  sensor: '0190a000-0000-7000-8000-00000000b401',
};

const current: SiteReview = {
  _id: ids.current,
  orgId: ids.org,
  siteID: ids.brighton,
  siteName: 'Brighton',
  timeZoneId: 'Europe/London',
  periodStart: '2026-03-02',
  periodEnd: '2026-03-29',
  state: 'DRAFT',
  contents: {
    recurringProblems: [
      {
        of: 'equipment',
        name: 'Walk-in fridge',
        failures: 3,
        dates: ['2026-03-04', '2026-03-11', '2026-03-18'],
      },
    ],
    missedChecks: [{ task: 'Closing clean', missed: 2, dates: ['2026-03-07', '2026-03-21'] }],
    unresolvedActions: [
      {
        _id: ids.action,
        ref: 'CA-3F9A1C',
        deviation: 'Walk-in fridge read 9.4 °C',
        state: 'OPEN',
        occurredAt: '2026-03-18T09:15:00.000Z',
      },
    ],
    nearMisses: [],
    documents: [
      { _id: ids.document, name: 'Pest control contract', expiresOn: '2026-04-10', expired: false },
    ],
    sensorsOffline: [],
    scoreTrend: [
      { startDate: '2026-02-02', endDate: '2026-03-01', score: 97.1, band: 'GREEN' },
      { startDate: '2026-03-02', endDate: '2026-03-08', score: 94.2, band: 'AMBER' },
      { startDate: '2026-03-09', endDate: '2026-03-15', score: null, band: null },
    ],
  },
  notes: '',
  changes: '',
  signedBy: null,
  signedAt: null,
  due: true,
  createdAt: '2026-03-02T00:00:00.000Z',
  updatedAt: '2026-03-02T00:00:00.000Z',
};

const signed: SiteReview = {
  ...current,
  _id: ids.past,
  periodStart: '2026-02-02',
  periodEnd: '2026-03-01',
  state: 'SIGNED',
  due: false,
  notes: 'Fridge door seal worn',
  changes: 'New door seal ordered',
  signedBy: { _id: ids.me, name: 'Marcus Reid' },
  // 10:30 in Brighton (GMT).
  signedAt: '2026-03-02T10:30:00.000Z',
};

const writes = (sent: Sent[]) => sent.filter((entry) => entry.method !== 'GET');
const bodyOf = (entry: Sent | undefined) => JSON.parse(entry?.body ?? '{}') as Record<string, unknown>;
const toasts = () => notifyStore.getState().toasts.map((toast) => toast.message);

/** Signed now by Marcus Reid, with what was sent. */
const signedNow = (review: SiteReview, sent: Sent): SiteReview => {
  const { notes, changes } = bodyOf(sent) as { notes?: string; changes?: string };
  return {
    ...review,
    notes: notes ?? review.notes,
    changes: changes ?? review.changes,
    state: 'SIGNED',
    due: false,
    signedBy: { _id: ids.me, name: 'Marcus Reid' },
    // 09:00 in Brighton (BST).
    signedAt: '2026-03-30T08:00:00.000Z',
  };
};

/**
 * The site's reviews as the API keeps them: the current one changes with each save and signing. `sign`
 * answers a signing (refused, or `null` to sign it).
 */
function reviewApi(first: SiteReview, sign: (sent: Sent) => Response | null = () => null) {
  let top = first;
  return fakeApi((sent) => {
    if (sent.path === 'siteReview/current') return ok(top);
    if (sent.path === 'siteReview/web-app-list') return ok(listPage([top, signed]));
    if (sent.path === `siteReview/find-one/${ids.past}`) return ok(signed);
    if (sent.path === `siteReview/find-one/${ids.current}`) return ok(top);
    if (sent.path === 'siteReview/update-one') {
      top = { ...top, ...bodyOf(sent), updatedAt: '2026-03-30T07:00:00.000Z' };
      return ok(top, 'Review saved');
    }
    if (sent.path === 'siteReview/sign') {
      const refused = sign(sent);
      if (refused) return refused;
      top = signedNow(top, sent);
      return ok(top, 'Review signed');
    }
    throw new Error(`Unexpected ${sent.method} ${sent.path}`);
  });
}

const renderReviews = (url = '/dashboard/siteReview') => ({
  user: userEvent.setup(),
  ...renderOnSiteRoute(<SiteReviewScreen gridProps={gridProps} />, url),
});

const currentPanel = async () => {
  const panel = await screen.findByRole('region', { name: 'Current review' });
  await within(panel).findByRole('heading', { name: /These four weeks/ });
  return panel;
};

const part = (root: HTMLElement, title: string) => within(root).getByRole('region', { name: title });

beforeEach(() => {
  resetBrowserState();
  signInAs('SITE_ADMIN', { siteIds: [ids.brighton] });
  chooseSite(ids.brighton);
});

test('the current review shows its period in the site’s words, each part of what the records show, and what is due', async () => {
  const api = reviewApi(current);
  renderReviews();
  const panel = await currentPanel();
  expect(
    within(panel).getByRole('heading', { name: 'These four weeks: 2 – 29 Mar 2026' }),
  ).toBeInTheDocument();
  expect(within(panel).getByText('Due for signing')).toBeInTheDocument();
  expect(within(panel).getByText('Draft')).toBeInTheDocument();
  expect(within(part(panel, 'Recurring problems')).getByRole('listitem')).toHaveTextContent(
    'Walk-in fridge (equipment): failed 3 times, on 4 Mar, 11 Mar, 18 Mar',
  );
  expect(within(part(panel, 'Checks missed')).getByRole('listitem')).toHaveTextContent(
    'Closing clean: missed 2 times, on 7 Mar, 21 Mar',
  );
  expect(within(part(panel, 'Corrective actions not yet verified')).getByRole('listitem')).toHaveTextContent(
    'CA-3F9A1C Walk-in fridge read 9.4 °C: Awaiting action (18 Mar 2026, 09:15)',
  );
  expect(part(panel, 'Near misses')).toHaveTextContent('No near misses');
  expect(within(part(panel, 'Documents expired or expiring')).getByRole('listitem')).toHaveTextContent(
    'Pest control contract: expires 10 Apr 2026',
  );
  expect(part(panel, 'Sensors offline')).toHaveTextContent('No sensor went offline');
  expect(
    within(part(panel, 'Score by week'))
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    'The four weeks before (2 Feb – 1 Mar 2026): 97.1 · Good',
    'Week 1 (2 – 8 Mar 2026): 94.2 · Needs attention',
    'Week 2 (9 – 15 Mar 2026): No tasks due',
  ]);
  expect(api.to('siteReview/current')[0]?.query.get('siteID')).toBe(ids.brighton);
  // Below it, every review of the site, latest first.
  const row = (await screen.findByText('2 Feb – 1 Mar 2026')).closest('[role="row"]') as HTMLElement;
  expect(within(row).getByText('Signed')).toBeInTheDocument();
  expect(within(row).getByText('Marcus Reid')).toBeInTheDocument();
  const list = api.to('siteReview/web-app-list')[0];
  expect(list?.query.get('siteID')).toBe(ids.brighton);
  expect(list?.query.get('sort')).toBe('-periodStart');
});

test('a draft’s notes and changes are saved with Save, with the server’s toast', async () => {
  const api = reviewApi(current);
  const { user } = renderReviews();
  const panel = await currentPanel();
  const save = within(panel).getByRole('button', { name: 'Save' });
  expect(save).toBeDisabled();
  await user.type(within(panel).getByRole('textbox', { name: 'Notes' }), 'The walk-in fridge failed weekly');
  await user.type(within(panel).getByRole('textbox', { name: 'Changes made' }), 'Door seal replaced');
  await user.click(save);
  await waitFor(() => expect(writes(api.sent)).toHaveLength(1));
  expect(writes(api.sent)[0]?.path).toBe('siteReview/update-one');
  expect(bodyOf(writes(api.sent)[0])).toEqual({
    _id: ids.current,
    notes: 'The walk-in fridge failed weekly',
    changes: 'Door seal replaced',
  });
  await waitFor(() => expect(toasts()).toContain('Review saved'));
  await waitFor(() => expect(within(panel).getByRole('button', { name: 'Save' })).toBeDisabled());
});

test('signing asks for the password: a wrong one is refused under the field, the right one signs it with the notes', async () => {
  const refusal = 'That is not your password';
  let attempts = 0;
  const api = reviewApi(current, () => {
    attempts += 1;
    return attempts === 1
      ? fail(400, {
          message: 'Wrong password',
          error: 'BAD_REQUEST',
          details: { fieldErrors: { password: [refusal] } },
        })
      : null;
  });
  const { user } = renderReviews();
  const panel = await currentPanel();
  await user.type(within(panel).getByRole('textbox', { name: 'Notes' }), 'All checked');
  await user.click(within(panel).getByRole('button', { name: 'Sign' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sign the review of 2 – 29 Mar 2026' });
  const password = await within(dialog).findByLabelText(/Your password/);
  expect(password).toHaveAttribute('type', 'password');
  expect(password).toHaveAttribute('autocomplete', 'current-password');

  await user.click(within(dialog).getByRole('button', { name: 'Sign' }));
  expect(await within(dialog).findByText('Type your password to sign')).toBeInTheDocument();
  expect(writes(api.sent)).toHaveLength(0);

  await user.type(password, 'not-it');
  await user.click(within(dialog).getByRole('button', { name: 'Sign' }));
  expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
  expect(password).toHaveAccessibleDescription(refusal);
  expect(notifyStore.getState().error).toBeNull();
  expect(bodyOf(writes(api.sent)[0])).toEqual({
    _id: ids.current,
    password: 'not-it',
    notes: 'All checked',
    changes: '',
  });

  await user.clear(password);
  await user.type(password, 'correct horse');
  await user.click(within(dialog).getByRole('button', { name: 'Sign' }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
  expect(toasts()).toContain('Review signed');
  // Signed, it is read-only: who signed it and when, on the site's clock, and no editor.
  expect(await within(panel).findByText(/Signed by Marcus Reid, 30 Mar 2026, 09:00/)).toBeInTheDocument();
  expect(within(panel).getByText('All checked')).toBeInTheDocument();
  expect(within(panel).queryByRole('textbox', { name: 'Notes' })).not.toBeInTheDocument();
  expect(within(panel).queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
});

test('a signed review opened by its link is read-only, with who signed it and its words', async () => {
  reviewApi(current);
  renderReviews(`/dashboard/siteReview?view=${ids.past}`);
  const dialog = await screen.findByRole('dialog', { name: 'Review of 2 Feb – 1 Mar 2026' });
  const notes = await within(dialog).findByRole('region', { name: 'Notes and changes' });
  expect(within(notes).getByText(/Signed by Marcus Reid, 2 Mar 2026, 10:30/)).toBeInTheDocument();
  expect(within(notes).getByText('Fridge door seal worn')).toBeInTheDocument();
  expect(within(notes).getByText('New door seal ordered')).toBeInTheDocument();
  expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
  expect(within(dialog).getByRole('region', { name: 'Recurring problems' })).toHaveTextContent(
    'Walk-in fridge',
  );
});

test('a draft is read-only to an admin of another site', async () => {
  signInAs('SITE_ADMIN', { siteIds: [ids.manchester] });
  reviewApi(current);
  renderReviews();
  const panel = await currentPanel();
  expect(within(panel).queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
  expect(within(panel).queryByRole('textbox', { name: 'Notes' })).not.toBeInTheDocument();
  expect(within(panel).getAllByText('None')).toHaveLength(2);
});

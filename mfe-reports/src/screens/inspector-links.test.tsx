import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { notifyStore } from '@console/shared-sdk';
import type { InspectorAccess, InspectorLink } from '@console/shared-sdk/reports';
import {
  chooseSite,
  demoIds,
  fakeApi,
  gridProps,
  listPage,
  ok,
  renderOnSiteRoute,
  resetBrowserState,
  rowAction,
  setClock,
  signInAs,
  siteOption,
  type Sent,
} from '@console/shared-sdk/testing';
import { InspectorLinksScreen } from './inspector-links';

// Inspector links as an organisation's admin manages them against a fake API: the list with each link's
// state, sites, expiry and accesses; making one, whose address is shown once with a copy button; revoking
// one after a confirmation; and a link's access log.

jest.setTimeout(60_000);

const ids = {
  ...demoIds,
  active: '0190a000-0000-7000-8000-00000000c001',
  revoked: '0190a000-0000-7000-8000-00000000c002',
  made: '0190a000-0000-7000-8000-00000000c003',
  access1: '0190a000-0000-7000-8000-00000000c101',
  access2: '0190a000-0000-7000-8000-00000000c102',
};

/** 15:00 in Brighton (BST) on Monday 30 March 2026. */
const now = new Date('2026-03-30T14:00:00Z');

const active: InspectorLink = {
  _id: ids.active,
  orgId: ids.org,
  label: 'Brighton & Hove EHO, J. Patel',
  sites: [
    { _id: ids.brighton, name: 'Brighton' },
    { _id: ids.manchester, name: 'Manchester' },
  ],
  startDate: '2026-01-01',
  endDate: '2026-03-29',
  // 12:00 in Brighton.
  expiresAt: '2026-04-06T11:00:00.000Z',
  hasPasscode: true,
  state: 'ACTIVE',
  createdBy: { _id: ids.me, name: 'Marcus Reid' },
  createdAt: '2026-03-30T11:00:00.000Z',
  revokedAt: null,
  revokedBy: null,
  accessCount: 2,
  // 10:05 in Brighton.
  lastAccessAt: '2026-03-30T09:05:00.000Z',
};

const revoked: InspectorLink = {
  ...active,
  _id: ids.revoked,
  label: 'Food Standards Agency audit',
  sites: [{ _id: ids.brighton, name: 'Brighton' }],
  hasPasscode: false,
  state: 'REVOKED',
  revokedAt: '2026-03-20T10:00:00.000Z',
  revokedBy: { _id: ids.me, name: 'Marcus Reid' },
  accessCount: 0,
  lastAccessAt: null,
};

const accesses: InspectorAccess[] = [
  { _id: ids.access2, at: '2026-03-30T09:05:00.000Z', address: '203.0.113.7', what: 'Temperature readings' },
  { _id: ids.access1, at: '2026-03-30T09:00:00.000Z', address: '203.0.113.7', what: 'The link’s overview' },
];

const url = 'https://console.example.com/inspect/q9V2xT7mLk3pR8sW';

const writes = (sent: Sent[]) => sent.filter((entry) => entry.method !== 'GET');
const bodyOf = (entry: Sent | undefined) => JSON.parse(entry?.body ?? '{}') as Record<string, unknown>;
const toasts = () => notifyStore.getState().toasts.map((toast) => toast.message);

function linksApi(rows: InspectorLink[] = [active, revoked]) {
  return fakeApi((sent) => {
    if (sent.path === 'inspectorLink/web-app-list') return ok(listPage(rows));
    if (sent.path === 'site-panel/simple-list')
      return ok([siteOption(ids.brighton), siteOption(ids.manchester, { name: 'Manchester' })]);
    if (sent.path === 'inspectorLink/create-new-one') {
      const body = bodyOf(sent) as { label: string };
      const link: InspectorLink = {
        ...revoked,
        _id: ids.made,
        label: body.label,
        state: 'ACTIVE',
        hasPasscode: true,
        revokedAt: null,
        revokedBy: null,
        startDate: '2025-12-31',
        endDate: '2026-03-30',
      };
      return ok({ link, url }, 'Link made. Copy it now: it is shown this once.');
    }
    if (sent.path === `inspectorLink/access-list/${ids.active}`) return ok(accesses);
    if (sent.path === 'inspectorLink/revoke')
      return ok({ ...active, state: 'REVOKED' }, 'Link revoked: it no longer opens anything');
    throw new Error(`Unexpected ${sent.method} ${sent.path}`);
  });
}

const renderLinks = (path = '/dashboard/inspectorLinks') => ({
  user: userEvent.setup(),
  ...renderOnSiteRoute(<InspectorLinksScreen gridProps={gridProps} />, path),
});

const rowOf = async (text: string) => (await screen.findByText(text)).closest('[role="row"]') as HTMLElement;

beforeEach(() => {
  setClock(now);
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
  chooseSite(ids.brighton);
});
afterEach(() => jest.useRealTimers());

test('lists the links with their state, sites, dates, expiry and accesses; the tabs ask for one state', async () => {
  const api = linksApi();
  const { user, params } = renderLinks();
  const row = await rowOf('Brighton & Hove EHO, J. Patel');
  expect(within(row).getByText('Active')).toBeInTheDocument();
  expect(within(row).getByText('Brighton, Manchester')).toBeInTheDocument();
  expect(within(row).getByText('1 Jan – 29 Mar 2026')).toBeInTheDocument();
  expect(within(row).getByText('6 Apr 2026, 12:00')).toBeInTheDocument();
  expect(within(row).getByText('2')).toBeInTheDocument();
  expect(within(row).getByText('30 Mar 2026, 10:05')).toBeInTheDocument();
  const gone = await rowOf('Food Standards Agency audit');
  expect(within(gone).getByText('Revoked')).toBeInTheDocument();
  expect(within(gone).getByText('Never')).toBeInTheDocument();
  // The organisation's links, whichever site is selected.
  const list = api.to('inspectorLink/web-app-list')[0];
  expect(list?.query.get('siteID')).toBeNull();
  expect(list?.query.get('sort')).toBe('-createdAt');

  await user.click(screen.getByRole('tab', { name: 'Expired' }));
  await waitFor(() =>
    expect(api.to('inspectorLink/web-app-list').at(-1)?.query.get('state')).toBe('EXPIRED'),
  );
  expect(params().get('state')).toBe('EXPIRED');
});

test('a link made is shown once, with a copy button, and the passcode is to be sent apart', async () => {
  const api = linksApi();
  const { user } = renderLinks();
  // After user-event's set-up, which puts its own clipboard in place.
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  await rowOf('Brighton & Hove EHO, J. Patel');
  await user.click(screen.getByRole('button', { name: 'Make a link' }));
  const form = await screen.findByRole('dialog', { name: 'Make a link' });
  const passcode = await within(form).findByLabelText(/^Passcode/);
  expect(passcode).toHaveAccessibleDescription(/Send it to the inspector separately from the link/);
  await user.type(within(form).getByLabelText(/^Who it is for/), 'Brighton & Hove EHO, A. Khan');
  await user.type(passcode, 'kestrel-42');
  await user.click(within(form).getByRole('button', { name: 'Save' }));

  const shown = await screen.findByRole('dialog', { name: 'Link for “Brighton & Hove EHO, A. Khan”' });
  // The selected site over the last 90 days ending today in its zone, for a week.
  expect(bodyOf(writes(api.sent)[0])).toEqual({
    label: 'Brighton & Hove EHO, A. Khan',
    siteIDs: [ids.brighton],
    startDate: '2025-12-31',
    endDate: '2026-03-30',
    expiresInDays: 7,
    passcode: 'kestrel-42',
  });
  expect(within(shown).getByLabelText('Link')).toHaveValue(url);
  expect(within(shown).getByText(/it will not be shown again/)).toBeInTheDocument();
  expect(within(shown).getByText(/send that to the inspector separately/)).toBeInTheDocument();
  expect(toasts()).toContain('Link made. Copy it now: it is shown this once.');
  await user.click(within(shown).getByRole('button', { name: 'Copy link' }));
  expect(writeText).toHaveBeenCalledWith(url);
  expect(await within(shown).findByText('Link copied to the clipboard.')).toBeInTheDocument();

  await user.click(within(shown).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(shown).not.toBeInTheDocument());
  // Never again: not in the list, nor anywhere on the page.
  await waitFor(() => expect(api.to('inspectorLink/web-app-list').length).toBeGreaterThan(1));
  expect(document.body).not.toHaveTextContent(url);
});

test('the form says what the API would refuse before anything is sent', async () => {
  const api = linksApi();
  const { user } = renderLinks();
  await rowOf('Brighton & Hove EHO, J. Patel');
  await user.click(screen.getByRole('button', { name: 'Make a link' }));
  const form = await screen.findByRole('dialog', { name: 'Make a link' });
  const days = await within(form).findByLabelText(/^Works for/);
  await user.clear(days);
  await user.type(days, '45');
  await user.type(within(form).getByLabelText(/^Passcode/), 'abc');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  expect(await within(form).findByText('A link lives at most 30 days')).toBeInTheDocument();
  expect(within(form).getByText('A passcode has at least 6 characters')).toBeInTheDocument();
  expect(within(form).getByText('Who it is for is required')).toBeInTheDocument();
  expect(writes(api.sent)).toHaveLength(0);
});

test('revoking asks first, then revokes the link', async () => {
  const api = linksApi();
  const { user } = renderLinks();
  const row = await rowOf('Brighton & Hove EHO, J. Patel');
  // A revoked link cannot be revoked again.
  const gone = await rowOf('Food Standards Agency audit');
  expect(within(gone).queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();

  await user.click(await rowAction(user, 'Revoke Brighton & Hove EHO, J. Patel', row));
  const confirm = await screen.findByRole('alertdialog', {
    name: 'Revoke the link for “Brighton & Hove EHO, J. Patel”?',
  });
  expect(confirm).toHaveTextContent(/It stops working at once/);
  expect(writes(api.sent)).toHaveLength(0);
  await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
  await waitFor(() => expect(writes(api.sent)).toHaveLength(1));
  expect(writes(api.sent)[0]?.path).toBe('inspectorLink/revoke');
  expect(bodyOf(writes(api.sent)[0])).toEqual({ _id: ids.active });
  await waitFor(() => expect(toasts()).toContain('Link revoked: it no longer opens anything'));
});

test('a link’s view lists its accesses: when, from which address, and what was opened', async () => {
  linksApi();
  const { user } = renderLinks();
  const row = await rowOf('Brighton & Hove EHO, J. Patel');
  await user.click(within(row).getByRole('button', { name: 'View Brighton & Hove EHO, J. Patel' }));
  const dialog = await screen.findByRole('dialog', { name: 'Brighton & Hove EHO, J. Patel' });
  expect(within(dialog).getByText('Asked for')).toBeInTheDocument();
  const log = await within(dialog).findByRole('table', {
    name: 'Accesses of the link for Brighton & Hove EHO, J. Patel',
  });
  const lines = within(log)
    .getAllByRole('row')
    .slice(1)
    .map((line) =>
      within(line)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
  expect(lines).toEqual([
    ['30 Mar 2026, 10:05', '203.0.113.7', 'Temperature readings'],
    ['30 Mar 2026, 10:00', '203.0.113.7', 'The link’s overview'],
  ]);
});

test('a link not opened yet says so', async () => {
  linksApi();
  const { user } = renderLinks();
  const row = await rowOf('Food Standards Agency audit');
  await user.click(within(row).getByRole('button', { name: 'View Food Standards Agency audit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Food Standards Agency audit' });
  // Its log is not even asked for: the list says it has none.
  expect(await within(dialog).findByText('Not opened yet.')).toBeInTheDocument();
});

test('a site admin revokes only links all of whose sites it runs', async () => {
  signInAs('SITE_ADMIN', { siteIds: [ids.brighton] });
  linksApi([active, { ...revoked, _id: ids.made, label: 'Brighton only', state: 'ACTIVE' }]);
  const { user } = renderLinks();
  const own = await rowOf('Brighton only');
  expect(await rowAction(user, 'Revoke Brighton only', own)).toBeInTheDocument();
  const shared = await rowOf('Brighton & Hove EHO, J. Patel');
  expect(within(shared).queryByRole('button', { name: /^Revoke/ })).not.toBeInTheDocument();
});

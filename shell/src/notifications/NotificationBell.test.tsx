import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '@console/shared-sdk/router';
import { fakeApi, fail, loginResponse, ok, resetBrowserState } from '@console/shared-sdk/testing';
import { invalidate, session } from '@console/shared-sdk';
import type { Notification, NotificationGroup } from './notification-reads';
import { NotificationBell } from './NotificationBell';

// The bell shows groups: six sensors gone silent at one site within minutes are one line, most urgent
// groups first; opening a group lists its notifications, each opening its record and read on its own.

const site = '0190a000-0000-7000-8000-0000000000c1';
const sensors = '0190a000-0000-7000-8000-000000000301';
const overdue = '0190a000-0000-7000-8000-000000000401';
const task = '0190a000-0000-7000-8000-0000000000f1';

const member = (n: number, read: boolean): Notification => ({
  _id: n === 1 ? sensors : `0190a000-0000-7000-8000-00000000030${n}`,
  eventID: `0190a000-0000-7000-8000-00000000050${n}`,
  groupID: sensors,
  kind: 'SENSOR_OFFLINE',
  severity: 'WARNING',
  kindLabel: 'Sensor offline',
  title: `Sensor ${n} at Harbour Kitchen is offline`,
  siteID: site,
  siteName: 'Harbour Kitchen',
  timeZoneId: 'Europe/London',
  occurredAt: `2026-01-05T10:0${n}:00.000Z`,
  createdAt: `2026-01-05T10:0${n}:01.000Z`,
  readAt: read ? '2026-01-05T10:05:00.000Z' : null,
  escalated: false,
  acknowledgedAt: null,
  link: '/dashboard/sensors',
});

let read = new Set<string>();
let allRead = false;
const isRead = (id: string) => allRead || read.has(id);

function groups(): NotificationGroup[] {
  const members = [1, 2, 3, 4, 5, 6].map((n) => member(n, isRead(member(n, false)._id)));
  return [
    {
      _id: overdue,
      kind: 'TASK_OVERDUE',
      kindLabel: 'Overdue task',
      severity: 'URGENT',
      severityLabel: 'Failure or overdue',
      count: 1,
      unreadCount: isRead(overdue) ? 0 : 1,
      sites: { count: 1, names: ['Harbour Kitchen'], wholeOrganisation: false },
      siteID: site,
      timeZoneId: 'Europe/London',
      occurredAt: '2026-01-05T08:00:00.000Z',
      createdAt: '2026-01-05T08:00:01.000Z',
      escalated: true,
      title: '“Opening checks” was due by 08:00 at Harbour Kitchen',
      link: `/dashboard/task?view=${task}`,
    },
    {
      _id: sensors,
      kind: 'SENSOR_OFFLINE',
      kindLabel: 'Sensor offline',
      severity: 'WARNING',
      severityLabel: 'Warning',
      count: 6,
      unreadCount: members.filter((one) => one.readAt === null).length,
      sites: { count: 1, names: ['Harbour Kitchen'], wholeOrganisation: false },
      siteID: site,
      timeZoneId: 'Europe/London',
      occurredAt: '2026-01-05T10:01:00.000Z',
      createdAt: '2026-01-05T10:01:01.000Z',
      escalated: false,
      title: '6 sensors offline at Harbour Kitchen',
      link: `/dashboard/notifications?groupID=${sensors}`,
    },
  ];
}

let unreadGroups: number | undefined;
function serve() {
  return fakeApi((sent) => {
    if (sent.path === 'notification/group-list') {
      const list = groups();
      return ok({
        list,
        records: list.length,
        page: 1,
        limit: 8,
        unreadGroupCount: unreadGroups ?? list.filter((group) => group.unreadCount > 0).length,
        unreadCount: list.reduce((sum, group) => sum + group.unreadCount, 0),
      });
    }
    if (sent.path === 'notification/web-app-list') {
      const members = [6, 5, 4, 3, 2, 1].map((n) => member(n, isRead(member(n, false)._id)));
      const list = sent.query.get('groupID') === sensors ? members : [];
      return ok({ list, records: list.length, page: 1, limit: 20, unreadCount: 0 });
    }
    if (sent.path === 'notification/mark-read') {
      read.add((JSON.parse(sent.body) as { id: string }).id);
      return ok({ unreadCount: 0 });
    }
    if (sent.path === 'notification/mark-all-read') {
      allRead = true;
      return ok({ unreadCount: 0 });
    }
    return fail(404, { message: 'Not found' });
  });
}

function Where() {
  const location = useLocation();
  return <p>At {`${location.pathname}${location.search}`}</p>;
}

function renderBell(path = '/dashboard') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <NotificationBell />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

// Opening the popup and a group takes seconds on a busy two-core machine.
jest.setTimeout(30_000);

beforeEach(() => {
  resetBrowserState();
  session.signIn(loginResponse());
  read = new Set();
  allRead = false;
  unreadGroups = undefined;
  act(() => invalidate(['Notification']));
});

async function openBell() {
  const user = userEvent.setup({ delay: null });
  renderBell();
  await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
  const popup = await screen.findByRole('dialog', { name: 'Notifications' });
  return { user, popup, latest: within(popup).getByRole('list', { name: 'Latest notifications' }) };
}

it('counts the groups with unread notifications in its name and badge, not each notification', async () => {
  serve();
  renderBell();
  const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
  expect(within(bell).getByText('2')).toBeInTheDocument();
});

it('shows six sensors offline together as one line, below the more urgent overdue task', async () => {
  serve();
  const { latest } = await openBell();
  const rows = within(latest).getAllByRole('listitem');
  expect(rows).toHaveLength(2);
  expect(rows[0]).toHaveTextContent(
    /^Unread, Failure or overdue: Overdue task · escalated“Opening checks” was due by 08:00/,
  );
  expect(rows[1]).toHaveTextContent(
    /^Unread, Warning: Sensor offline · 6 alerts, 6 unread6 sensors offline at Harbour Kitchen/,
  );
  expect(within(latest).queryAllByText(/Sensor \d at Harbour Kitchen is offline/)).toHaveLength(0);
});

it('opens a group onto its six notifications, each opening its record and read on its own', async () => {
  const api = serve();
  const { user, latest } = await openBell();
  const group = within(latest).getByRole('button', { name: /6 sensors offline at Harbour Kitchen/ });
  expect(group).toHaveAttribute('aria-expanded', 'false');
  await user.click(group);
  expect(group).toHaveAttribute('aria-expanded', 'true');
  const members = await within(latest).findByRole('list', { name: '6 sensors offline at Harbour Kitchen' });
  expect(group).toHaveAttribute('aria-controls', members.parentElement?.id);
  const links = within(members).getAllByRole('link');
  expect(
    links.map((link) => /Sensor \d at Harbour Kitchen is offline/.exec(link.textContent ?? '')?.[0]),
  ).toEqual([6, 5, 4, 3, 2, 1].map((n) => `Sensor ${n} at Harbour Kitchen is offline`));
  expect(api.to('notification/web-app-list')[0]?.query.get('groupID')).toBe(sensors);

  await user.click(links[3] as HTMLElement);
  expect(await screen.findByText('At /dashboard/sensors')).toBeInTheDocument();
  await waitFor(() => expect(api.to('notification/mark-read')).toHaveLength(1));
  expect(JSON.parse(api.to('notification/mark-read')[0]?.body ?? '{}')).toEqual({
    id: member(3, false)._id,
  });
  // The rest of the group is still unread: the group still counts.
  expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
});

it('a group links to the notifications page showing it', async () => {
  serve();
  const { user, latest } = await openBell();
  await user.click(within(latest).getByRole('button', { name: /6 sensors offline/ }));
  await user.click(await within(latest).findByRole('link', { name: 'See all 6 on the notifications page' }));
  expect(await screen.findByText(`At /dashboard/notifications?groupID=${sensors}`)).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('a group of one opens its record and marks that notification read', async () => {
  const api = serve();
  const { user, latest } = await openBell();
  await user.click(within(latest).getByRole('link', { name: /Opening checks/ }));
  expect(await screen.findByText(`At /dashboard/task?view=${task}`)).toBeInTheDocument();
  await waitFor(() => expect(api.to('notification/mark-read')).toHaveLength(1));
  expect(JSON.parse(api.to('notification/mark-read')[0]?.body ?? '{}')).toEqual({ id: overdue });
  expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
});

it('marks all read from the popup, by keyboard', async () => {
  const api = serve();
  const user = userEvent.setup({ delay: null });
  renderBell();
  const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
  act(() => bell.focus());
  await user.keyboard('{Enter}');
  await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
  await waitFor(() => expect(api.to('notification/mark-all-read')).toHaveLength(1));
  // The popup closes, and the focus is back on the bell, which draws no count any more.
  const allReadBell = await screen.findByRole('button', { name: 'Notifications, none unread' });
  expect(allReadBell).toHaveFocus();
  expect(allReadBell).toHaveTextContent(/^$/);
});

it('opens on Enter as a dialog named by its heading, holding a list, and Escape gives the focus back', async () => {
  serve();
  const user = userEvent.setup({ delay: null });
  renderBell();
  const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
  expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
  act(() => bell.focus());
  await user.keyboard('{Enter}');
  const popup = await screen.findByRole('dialog', { name: 'Notifications' });
  expect(bell).toHaveAttribute('aria-expanded', 'true');
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(popup).toContainElement(document.activeElement as HTMLElement);
  // A list holds list items only: a group of one is a link, a larger group a button that opens it.
  const latest = within(popup).getByRole('list', { name: 'Latest notifications' });
  for (const child of latest.children) expect(child.tagName).toBe('LI');
  expect(within(latest).getAllByRole('link')[0]).toHaveAttribute('href', `/dashboard/task?view=${task}`);
  // The keyboard reaches a group (after "Mark all read" and the overdue task) and opens it.
  await user.tab();
  await user.tab();
  await user.tab();
  expect(within(latest).getByRole('button', { name: /6 sensors offline/ })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(
    await within(latest).findByRole('list', { name: '6 sensors offline at Harbour Kitchen' }),
  ).toBeVisible();

  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(bell).toHaveFocus();
  expect(bell).toHaveAttribute('aria-expanded', 'false');
});

it('keeps "See all notifications" in sight: only the list scrolls, inside a popup no taller than the window', async () => {
  serve();
  const { user, popup, latest } = await openBell();
  const seeAll = within(popup).getByRole('link', { name: 'See all notifications' });
  expect(latest).not.toContainElement(seeAll);
  expect(latest).toHaveStyle({ overflowY: 'auto' });
  expect(popup).toHaveStyle({ maxHeight: 'min(640px, calc(100vh - 96px))', overflow: 'hidden' });

  await user.click(seeAll);
  expect(await screen.findByText('At /dashboard/notifications')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('names a count over 99 as the badge draws it', async () => {
  serve();
  unreadGroups = 120;
  renderBell();
  const bell = await screen.findByRole('button', { name: 'Notifications, 99+ unread' });
  expect(bell).toHaveTextContent('99+');
});

it('reads the count again when the window comes back into focus', async () => {
  const api = serve();
  renderBell();
  await screen.findByRole('button', { name: 'Notifications, 2 unread' });
  const reads = api.to('notification/group-list').length;
  read.add(overdue);
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });
  expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  expect(api.to('notification/group-list').length).toBeGreaterThan(reads);
});

it('is not shown to the platform admin, who has no notifications of its own', () => {
  const api = serve();
  session.signIn(loginResponse({ role: 'ADMIN' }));
  renderBell();
  expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
  expect(api.to('notification/group-list')).toHaveLength(0);
});

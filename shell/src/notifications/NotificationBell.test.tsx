import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '@console/shared-sdk/router';
import { fakeApi, fail, loginResponse, ok, resetBrowserState } from '@console/shared-sdk/testing';
import { invalidate, session } from '@console/shared-sdk';
import { NotificationBell } from './NotificationBell';
import { NotificationsPage } from '../pages/notifications/NotificationsPage';

const reading = '0190a000-0000-7000-8000-0000000000f1';
const notification = (n: number, read: boolean) => ({
  _id: `0190a000-0000-7000-8000-00000000010${n}`,
  eventID: `0190a000-0000-7000-8000-00000000020${n}`,
  kind: 'TEMPERATURE_FAILED',
  kindLabel: 'Temperature failure',
  title: `Walk-in fridge read ${8 + n} °C (limit 5 °C) at Harbour Kitchen`,
  siteID: '0190a000-0000-7000-8000-0000000000c1',
  siteName: 'Harbour Kitchen',
  timeZoneId: 'Europe/London',
  occurredAt: '2026-01-05T10:00:00.000Z',
  createdAt: '2026-01-05T10:00:01.000Z',
  readAt: read ? '2026-01-05T10:05:00.000Z' : null,
  escalated: n === 2,
  acknowledgedAt: null,
  link: `/dashboard/temperatureLog?view=${reading}`,
});

let unread = 2;
function serve() {
  return fakeApi((sent) => {
    if (sent.path === 'notification/web-app-list') {
      const list = [notification(1, unread < 2), notification(2, unread < 1)];
      return ok({ list, records: 2, page: 1, limit: 8, unreadCount: unread });
    }
    if (sent.path === 'notification/mark-read') {
      unread -= 1;
      return ok({ unreadCount: unread });
    }
    if (sent.path === 'notification/mark-all-read') {
      unread = 0;
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
        <Route path="/dashboard/notifications" element={<NotificationsPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetBrowserState();
  session.signIn(loginResponse());
  unread = 2;
  act(() => invalidate(['Notification']));
});

it('counts the unread notifications in its name and badge, and opens one’s record, marking it read', async () => {
  const api = serve();
  const user = userEvent.setup({ delay: null });
  renderBell();
  const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
  expect(within(bell).getByText('2')).toBeInTheDocument();

  await user.click(bell);
  const popup = await screen.findByRole('dialog', { name: 'Notifications' });
  const latest = within(popup).getByRole('list', { name: 'Latest notifications' });
  const first = within(latest).getByRole('link', { name: /read 9 °C/ });
  expect(first).toHaveTextContent('Unread: Temperature failure');
  expect(within(latest).getByRole('link', { name: /escalated/ })).toBeInTheDocument();

  await user.click(first);
  expect(await screen.findByText(`At /dashboard/temperatureLog?view=${reading}`)).toBeInTheDocument();
  await waitFor(() => expect(api.to('notification/mark-read')).toHaveLength(1));
  expect(JSON.parse(api.to('notification/mark-read')[0]?.body ?? '{}')).toEqual({
    id: notification(1, false)._id,
  });
  expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
});

it('marks all read from the popup, by keyboard', async () => {
  const api = serve();
  const user = userEvent.setup({ delay: null });
  renderBell();
  const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
  bell.focus();
  await user.keyboard('{Enter}');
  await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
  await waitFor(() => expect(api.to('notification/mark-all-read')).toHaveLength(1));
  // The popup closes, and the focus is back on the bell, which draws no count any more.
  const allRead = await screen.findByRole('button', { name: 'Notifications, none unread' });
  expect(allRead).toHaveFocus();
  expect(allRead).toHaveTextContent(/^$/);
});

it('opens on Enter as a dialog named by its heading, holding a list of links, and Escape gives the focus back', async () => {
  serve();
  const user = userEvent.setup({ delay: null });
  renderBell();
  const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
  expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
  bell.focus();
  await user.keyboard('{Enter}');
  const popup = await screen.findByRole('dialog', { name: 'Notifications' });
  expect(bell).toHaveAttribute('aria-expanded', 'true');
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(popup).toContainElement(document.activeElement as HTMLElement);
  // A list holds list items only, each one notification's link.
  const latest = within(popup).getByRole('list', { name: 'Latest notifications' });
  for (const child of latest.children) expect(child.tagName).toBe('LI');
  expect(
    within(latest)
      .getAllByRole('listitem')
      .map((item) => within(item).getAllByRole('link').length),
  ).toEqual([1, 1]);
  expect(within(latest).getAllByRole('link')[0]).toHaveAttribute(
    'href',
    `/dashboard/temperatureLog?view=${reading}`,
  );

  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(bell).toHaveFocus();
  expect(bell).toHaveAttribute('aria-expanded', 'false');
});

it('keeps "See all notifications" in sight: only the list scrolls, inside a popup no taller than the window', async () => {
  serve();
  const user = userEvent.setup({ delay: null });
  renderBell();
  await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
  const popup = await screen.findByRole('dialog', { name: 'Notifications' });
  const latest = within(popup).getByRole('list', { name: 'Latest notifications' });
  const seeAll = within(popup).getByRole('link', { name: 'See all notifications' });
  expect(latest).not.toContainElement(seeAll);
  expect(latest).toHaveStyle({ overflowY: 'auto' });
  expect(popup).toHaveStyle({ maxHeight: 'min(640px, calc(100vh - 96px))', overflow: 'hidden' });

  await user.click(seeAll);
  expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 })).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('names a count over 99 as the badge draws it', async () => {
  serve();
  unread = 120;
  renderBell();
  const bell = await screen.findByRole('button', { name: 'Notifications, 99+ unread' });
  expect(bell).toHaveTextContent('99+');
});

it('reads the count again when the window comes back into focus', async () => {
  const api = serve();
  renderBell();
  await screen.findByRole('button', { name: 'Notifications, 2 unread' });
  const reads = api.to('notification/web-app-list').length;
  unread = 1;
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });
  expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  expect(api.to('notification/web-app-list').length).toBeGreaterThan(reads);
});

it('is not shown to the platform admin, who has no notifications of its own', () => {
  const api = serve();
  session.signIn(loginResponse({ role: 'ADMIN' }));
  renderBell();
  expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
  expect(api.to('notification/web-app-list')).toHaveLength(0);
});

it('the notifications page lists them all and opens one’s record', async () => {
  const api = serve();
  const user = userEvent.setup({ delay: null });
  renderBell('/dashboard/notifications');
  const list = await screen.findByRole('list', { name: 'Notifications' });
  // A list holds list items only, each holding one notification's link.
  for (const child of list.children) expect(child.tagName).toBe('LI');
  expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  expect(within(list).getAllByRole('link')).toHaveLength(2);
  expect(within(list).getByText('Escalated')).toBeInTheDocument();
  expect(screen.getByText('2 unread.')).toBeInTheDocument();
  await user.click(within(list).getByRole('link', { name: /read 10 °C/ }));
  expect(await screen.findByText(`At /dashboard/temperatureLog?view=${reading}`)).toBeInTheDocument();
  await waitFor(() => expect(api.to('notification/mark-read')).toHaveLength(1));
});

import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import {
  demoIds,
  fakeApi,
  fail,
  ok,
  renderWithRouter,
  resetBrowserState,
  signInAs,
  siteOption,
  type Sent,
} from '@console/shared-sdk/testing';
import type { Notification } from '../../notifications/notification-reads';
import { NotificationsPage } from './NotificationsPage';

// The notifications page lists the person's notifications, filtered by read or unread, kind, site, area
// and group, with the filters in the URL like every list, so the bell's link to a group opens it.

const group = '0190a000-0000-7000-8000-000000000301';
const north = '0190a000-0000-7000-8000-0000000000a1';

const notification = (n: number, kind: 'SENSOR_OFFLINE' | 'TASK_OVERDUE'): Notification => ({
  _id: `0190a000-0000-7000-8000-00000000030${n}`,
  eventID: `0190a000-0000-7000-8000-00000000050${n}`,
  groupID: group,
  kind,
  severity: kind === 'TASK_OVERDUE' ? 'URGENT' : 'WARNING',
  kindLabel: kind === 'TASK_OVERDUE' ? 'Overdue task' : 'Sensor offline',
  title: kind === 'TASK_OVERDUE' ? `Task ${n} at Brighton is overdue` : `Sensor ${n} at Brighton is offline`,
  siteID: demoIds.brighton,
  siteName: 'Brighton',
  timeZoneId: 'Europe/London',
  occurredAt: `2026-01-05T10:0${n}:00.000Z`,
  createdAt: `2026-01-05T10:0${n}:01.000Z`,
  readAt: null,
  escalated: false,
  acknowledgedAt: null,
  link: '/dashboard/sensors',
});

function serve() {
  return fakeApi((sent) => {
    if (sent.path === 'notification/web-app-list') {
      const all = [
        notification(3, 'TASK_OVERDUE'),
        notification(2, 'SENSOR_OFFLINE'),
        notification(1, 'SENSOR_OFFLINE'),
      ];
      const kind = sent.query.get('kind');
      const list = all.filter((one) => kind === null || one.kind === kind);
      return ok({ list, records: list.length, page: 1, limit: 10, unreadCount: 3 });
    }
    if (sent.path === 'notification/group-list')
      return ok({ list: [], records: 0, page: 1, limit: 8, unreadGroupCount: 2, unreadCount: 3 });
    if (sent.path === 'site-panel/simple-list')
      return ok([siteOption(demoIds.brighton), siteOption(demoIds.manchester, { name: 'Manchester' })]);
    if (sent.path === 'area/simple-list') return ok([{ value: north, label: 'North' }]);
    return fail(404, { message: 'Not found' });
  });
}

/** The query of the last list request, as an object. */
const lastList = (sent: Sent[]) =>
  Object.fromEntries(sent.filter((one) => one.path === 'notification/web-app-list').at(-1)?.query ?? []);

// Each test drives MUI's selects and menus, which takes seconds on a busy two-core machine.
jest.setTimeout(30_000);

beforeEach(() => {
  resetBrowserState();
  signInAs('ORGANIZATION_ADMIN');
});

it('lists the notifications, each opening its record, with the unread count', async () => {
  serve();
  renderWithRouter(<NotificationsPage />, '/dashboard/notifications');
  const list = await screen.findByRole('list', { name: 'Notifications' });
  for (const child of list.children) expect(child.tagName).toBe('LI');
  expect(within(list).getAllByRole('link')).toHaveLength(3);
  expect(within(list).getAllByRole('link')[0]).toHaveTextContent('Unread: Task 3 at Brighton is overdue');
  expect(await screen.findByText('3 unread.')).toBeInTheDocument();
});

it('opens a group from the bell’s link: the request and a chip that clears it', async () => {
  const api = serve();
  const user = userEvent.setup({ delay: null });
  const { params } = renderWithRouter(<NotificationsPage />, `/dashboard/notifications?groupID=${group}`);
  await screen.findByRole('list', { name: 'Notifications' });
  expect(lastList(api.sent)).toMatchObject({ groupID: group, page: '1' });
  const chips = screen.getByRole('group', { name: 'Active filters' });
  await user.click(within(chips).getByRole('button', { name: 'Clear One group of alerts' }));
  await waitFor(() => expect(params().get('groupID')).toBeNull());
  await waitFor(() => expect(lastList(api.sent)).not.toHaveProperty('groupID'));
});

it('filters by kind, site, area and unread, each in the URL and the request', async () => {
  const api = serve();
  const user = userEvent.setup({ delay: null });
  const { params } = renderWithRouter(<NotificationsPage />, '/dashboard/notifications');
  await screen.findByRole('list', { name: 'Notifications' });

  await user.click(screen.getByRole('tab', { name: 'Unread' }));
  await user.click(screen.getByRole('combobox', { name: 'Kind' }));
  await user.click(await screen.findByRole('option', { name: 'Sensor offline' }));
  await user.click(screen.getByRole('combobox', { name: 'Site' }));
  await user.click(await screen.findByRole('option', { name: 'Manchester' }));
  await user.click(screen.getByRole('button', { name: /^More filters/ }));
  await user.click(screen.getByRole('combobox', { name: 'Area' }));
  await user.click(await screen.findByRole('option', { name: 'North' }));

  await waitFor(() =>
    expect(lastList(api.sent)).toMatchObject({
      unread: 'true',
      kind: 'SENSOR_OFFLINE',
      siteID: demoIds.manchester,
      areaID: north,
    }),
  );
  expect(Object.fromEntries(params())).toMatchObject({
    unread: 'true',
    kind: 'SENSOR_OFFLINE',
    siteID: demoIds.manchester,
    areaID: north,
  });
  const list = screen.getByRole('list', { name: 'Notifications' });
  expect(
    within(list)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual([
    expect.stringContaining('Sensor 2 at Brighton is offline'),
    expect.stringContaining('Sensor 1 at Brighton is offline'),
  ]);

  await user.click(screen.getByRole('tab', { name: 'Read' }));
  await waitFor(() => expect(lastList(api.sent)).toMatchObject({ unread: 'false' }));
});

it('says when no notification matches the filters, and what to do', async () => {
  fakeApi((sent) =>
    sent.path === 'notification/web-app-list'
      ? ok({ list: [], records: 0, page: 1, limit: 10, unreadCount: 0 })
      : ok({ list: [], records: 0, page: 1, limit: 8, unreadGroupCount: 0, unreadCount: 0 }),
  );
  renderWithRouter(<NotificationsPage />, '/dashboard/notifications?kind=REVIEW_DUE');
  expect(
    await screen.findByText('No notifications match these filters. Clear a filter to see more.'),
  ).toBeInTheDocument();
  expect(screen.getByText('Nothing unread.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
});

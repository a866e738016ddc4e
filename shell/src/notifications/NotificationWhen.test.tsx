import { render } from '@testing-library/react';
import { chooseSite, demoIds, resetBrowserState } from '@console/shared-sdk/testing';
import { NotificationWhen } from './NotificationWhen';
import type { Notification } from './notification-reads';

const overdue: Notification = {
  _id: '0190a000-0000-7000-8000-000000000101',
  eventID: '0190a000-0000-7000-8000-000000000201',
  kind: 'TASK_OVERDUE',
  kindLabel: 'Overdue task',
  title: '“Close the bar” was due by 12:30 at Brooklyn and is not done',
  siteID: '0190a000-0000-7000-8000-0000000000c3',
  siteName: 'Brooklyn',
  timeZoneId: 'America/New_York',
  occurredAt: '2026-11-28T17:30:00.000Z',
  createdAt: '2026-11-28T17:30:01.000Z',
  readAt: null,
  escalated: false,
  acknowledgedAt: null,
  link: '/dashboard/tasks',
};

beforeEach(() => {
  resetBrowserState();
  chooseSite(demoIds.brighton);
});

it('writes when it happened in the console’s date style on its own site’s clock, as its title’s times are', () => {
  const { container } = render(<NotificationWhen notification={overdue} />);
  expect(container).toHaveTextContent('28 Nov 2026, 12:30 · Brooklyn');
  expect(container.querySelector('time')).toHaveAttribute('dateTime', overdue.occurredAt);
});

it('writes an event of the whole organisation on the selected site’s clock', () => {
  const { container } = render(
    <NotificationWhen notification={{ ...overdue, siteID: null, siteName: null, timeZoneId: null }} />,
  );
  expect(container).toHaveTextContent(/^28 Nov 2026, 17:30$/);
});

import { render, waitFor } from '@testing-library/react';
import { session, siteChoices } from '@console/shared-sdk';
import {
  chooseSite,
  demoIds,
  fakeApi,
  ok,
  resetBrowserState,
  signInAs,
  siteOption,
} from '@console/shared-sdk/testing';
import { NotificationWhen } from './NotificationWhen';
import type { Notification } from './notification-reads';

const overdue: Notification = {
  _id: '0190a000-0000-7000-8000-000000000101',
  eventID: '0190a000-0000-7000-8000-000000000201',
  groupID: '0190a000-0000-7000-8000-000000000101',
  kind: 'TASK_OVERDUE',
  severity: 'URGENT',
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

describe('in its own site’s locale, found in the site list', () => {
  const brooklyn = siteOption(overdue.siteID ?? '', { name: 'Brooklyn', american: true });

  /** The site list the layout loads: Brighton (British) and Brooklyn (American). */
  async function loadSites() {
    fakeApi((sent) => {
      if (sent.path === 'site-panel/simple-list') return ok([siteOption(demoIds.brighton), brooklyn]);
      throw new Error(`Unexpected ${sent.path}`);
    });
    siteChoices.load();
    await waitFor(() => expect(siteChoices.get().status).toBe('ready'));
  }

  beforeEach(() => signInAs('ORGANIZATION_ADMIN'));

  it('an event at an American site reads month first on a 12-hour clock while a British site is selected', async () => {
    await loadSites();
    chooseSite(demoIds.brighton);
    const { container } = render(<NotificationWhen notification={overdue} />);
    expect(container).toHaveTextContent(/^Nov 28, 2026, 12:30 PM · Brooklyn$/);
  });

  it('an event at a British site reads day first on a 24-hour clock while an American site is selected', async () => {
    await loadSites();
    chooseSite(brooklyn._id, { name: 'Brooklyn', american: true });
    const brighton = {
      ...overdue,
      siteID: demoIds.brighton,
      siteName: 'Brighton',
      timeZoneId: 'Europe/London',
    };
    const { container } = render(<NotificationWhen notification={brighton} />);
    expect(container).toHaveTextContent(/^28 Nov 2026, 17:30 · Brighton$/);
  });

  it('a person who chose day first reads the American site’s event so too', async () => {
    session.updateUser({ dateFormat: 'en-GB' });
    await loadSites();
    const { container } = render(<NotificationWhen notification={overdue} />);
    expect(container).toHaveTextContent(/^28 Nov 2026, 12:30 · Brooklyn$/);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, type Sent } from '@console/shared-sdk/testing';
import { refreshDay } from '../../sync/refresh';
import { day, ids, task } from '../../test/fixtures';
import { annaOnHerPhone, renderKitchen, seriousViolations, setOnline } from '../../test/kitchen';

// Alerts: the person's follow-up checks counting down and their overdue tasks, read from the stored day
// with no call of its own, counted on the navigation's badge; and system notifications, subscribed through
// the Push API where the browser has it and explained where it has not.

const minute = 60_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();
const id = (n: number) => `0190a000-0000-7000-8000-00000000b00${n}`;

const cooling = task({
  _id: id(1),
  name: 'Cooling check: Chicken curry (cooling began 12:00)',
  dueSlot: null,
  opensAt: at(-50 * minute),
  expireOn: at(40 * minute),
  followUp: {
    kind: 'COOLING',
    readingID: ids.master,
    foodItemID: ids.master,
    dueAt: at(40 * minute),
    cancelled: null,
  },
});
const overdue = task({ _id: id(2), name: 'Opening checks', dueSlot: 'OPEN', expireOn: at(-60 * minute) });
const upcoming = task({ _id: id(3), name: 'Lunch probe', dueSlot: 'LUNCH', expireOn: at(60 * minute) });
const done = task({ _id: id(4), name: 'Delivery check', status: 'COMPLETED', completedAt: at(-90 * minute) });

/** The browser's push as a test drives it: a service worker registration whose PushManager subscribes. */
function fakePush(permission: NotificationPermission = 'default') {
  let subscription: PushSubscription | null = null;
  const unsubscribed: string[] = [];
  const subscribeWith: unknown[] = [];
  const make = (options: PushSubscriptionOptionsInit): PushSubscription => {
    const endpoint = 'https://push.example.com/send/abc123';
    const created = {
      endpoint,
      options: {
        applicationServerKey: (options.applicationServerKey as Uint8Array).buffer,
        userVisibleOnly: true,
      },
      toJSON: () => ({ endpoint, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }),
      unsubscribe: async () => {
        unsubscribed.push(endpoint);
        subscription = null;
        return true;
      },
    };
    return created as unknown as PushSubscription;
  };
  const pushManager = {
    getSubscription: async () => subscription,
    subscribe: async (options: PushSubscriptionOptionsInit) => {
      subscribeWith.push(options);
      subscription = make(options);
      return subscription;
    },
  };
  const notification = { permission, requestPermission: async () => 'granted' as const };
  Object.defineProperty(window, 'PushManager', { value: class {}, configurable: true });
  Object.defineProperty(window, 'Notification', { value: notification, configurable: true });
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { getRegistration: async () => ({ pushManager }) },
    configurable: true,
  });
  return {
    notification,
    unsubscribed,
    subscribeWith,
    remove() {
      for (const name of ['PushManager', 'Notification'] as const) Reflect.deleteProperty(window, name);
      Reflect.deleteProperty(navigator, 'serviceWorker');
    },
  };
}

const vapidKey = `B${'E'.repeat(86)}`;

function alertsServer() {
  return fakeApi((sent: Sent) => {
    if (sent.path === 'task-new-version/today') return ok(day([cooling, overdue, upcoming, done]));
    if (sent.path === 'push/public-key') return ok({ publicKey: vapidKey });
    return ok(null);
  });
}

beforeEach(async () => {
  await annaOnHerPhone();
});

afterEach(() => setOnline(true));

test('follow-up checks counting down and overdue tasks, from the stored day with no call, and their count on the badge', async () => {
  const api = alertsServer();
  await refreshDay(ids.anna);
  const calls = api.sent.length;
  setOnline(false);
  const { container } = await renderKitchen('/alerts');

  const followUps = await screen.findByRole('region', { name: 'Follow-up check' });
  expect(within(followUps).getByRole('heading', { name: cooling.name })).toBeInTheDocument();
  expect(within(followUps).getByText(/^Due in (39|40):\d\d$/)).toBeInTheDocument();
  expect(within(followUps).getByText(/^Cooling check · due \d\d:\d\d$/)).toBeInTheDocument();
  const late = screen.getByRole('region', { name: 'Overdue task' });
  expect(within(late).getByRole('heading', { name: 'Opening checks' })).toBeInTheDocument();
  expect(within(late).getByText(/^Was due \d\d:\d\d$/)).toBeInTheDocument();
  expect(within(late).getByRole('link')).toHaveAttribute('href', `/task/${ids.master}/${overdue._id}`);
  expect(screen.queryByText('Lunch probe')).not.toBeInTheDocument();
  expect(screen.queryByText('Delivery check')).not.toBeInTheDocument();

  expect(await screen.findByRole('link', { name: '2 Alerts' })).toBeInTheDocument();
  expect(api.sent).toHaveLength(calls);
  expect(await seriousViolations(container)).toEqual([]);
});

test('with nothing due any more, it says so, and the badge shows no count', async () => {
  let list = [overdue, upcoming];
  fakeApi(() => ok(day(list)));
  await refreshDay(ids.anna);
  await renderKitchen('/alerts');
  expect(await screen.findByRole('link', { name: '1 Alerts' })).toBeInTheDocument();

  list = [upcoming, done];
  await refreshDay(ids.anna);
  expect(await screen.findByText(/^Nothing needs you now/)).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'Alerts' })).toBeInTheDocument();
});

test('where the browser has no push, the switch is not there and why is said', async () => {
  alertsServer();
  expect('PushManager' in window).toBe(false);
  await renderKitchen('/alerts');
  const section = await screen.findByRole('region', { name: 'System notifications' });
  expect(within(section).getByText(/^This browser cannot show system notifications/)).toBeInTheDocument();
  expect(within(section).queryByRole('switch')).not.toBeInTheDocument();
  expect(within(section).queryByRole('checkbox')).not.toBeInTheDocument();
});

describe('where the browser has push', () => {
  let push: ReturnType<typeof fakePush>;
  afterEach(() => push.remove());

  test('the switch asks for permission, subscribes with the server’s key and hands the subscription over as the person; off again unsubscribes', async () => {
    push = fakePush();
    const api = alertsServer();
    const user = userEvent.setup();
    await renderKitchen('/alerts');

    const toggle = await screen.findByRole('switch', { name: 'Show my alerts as system notifications' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await user.click(toggle);

    await waitFor(() => expect(toggle).toBeChecked());
    expect(push.subscribeWith).toHaveLength(1);
    const key = (push.subscribeWith[0] as { applicationServerKey: Uint8Array }).applicationServerKey;
    expect(key).toHaveLength(65);
    const [subscribed] = api.to('push/subscribe');
    expect(subscribed?.authorization).toContain('access-Anna-1');
    expect(JSON.parse(subscribed!.body)).toEqual({
      endpoint: 'https://push.example.com/send/abc123',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    });

    push.notification.permission = 'granted';
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(JSON.parse(api.to('push/unsubscribe')[0]!.body)).toEqual({
      endpoint: 'https://push.example.com/send/abc123',
    });
    expect(push.unsubscribed).toEqual(['https://push.example.com/send/abc123']);
  });

  test('notifications blocked in the browser: the switch is off and says where to allow them', async () => {
    push = fakePush('denied');
    alertsServer();
    await renderKitchen('/alerts');
    const toggle = await screen.findByRole('switch', { name: 'Show my alerts as system notifications' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(/^Notifications are blocked for this app/);
  });
});

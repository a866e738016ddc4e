import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeApi, ok, type Sent } from '@console/shared-sdk/testing';
import { choosePerson, kitchen, signedIn } from '../../app/store';
import { tabletIdleMs } from '../../app/Frame';
import { storedDevice, storedPerson, updatePerson } from '../../local/people';
import { pinVerifier } from '../../local/pin';
import { day, ids, loginAs, roster, task } from '../../test/fixtures';
import { asTablet, renderKitchen, seriousViolations, setOnline } from '../../test/kitchen';

// The shared tablet: its site's people by name, a PIN pad, each person in their own language, back to the
// names after a minute unused, and signed out at once when a manager revokes it.

function tabletServer(extra: (sent: Sent) => Response | null = () => null) {
  return fakeApi((sent) => {
    const answer = extra(sent);
    if (answer) return answer;
    if (sent.path === 'kitchen-device/people') return ok(roster);
    if (sent.path === 'task-new-version/today') return ok(day([]));
    if (sent.path === 'authentication/device-login') {
      const body = JSON.parse(sent.body) as { userID: string; pin?: string; password?: string };
      if (body.pin === '4826' || body.password === 'secret')
        return ok(loginAs(body.userID === ids.anna ? ids.anna : ids.ben));
      return fail(401, { message: 'That PIN is not right', error: 'UNAUTHORIZED' });
    }
    return fail(404, { message: 'no', error: 'NOT_FOUND' });
  });
}

async function pressPin(user: ReturnType<typeof userEvent.setup>, pin: string) {
  for (const digit of pin) await user.click(screen.getByRole('button', { name: digit }));
  await user.click(screen.getByRole('button', { name: 'OK' }));
}

beforeEach(async () => {
  await asTablet();
});

afterEach(() => setOnline(true));

test('a person taps their name, enters their PIN and gets their day in their language', async () => {
  const api = tabletServer();
  const user = userEvent.setup();
  const { container } = await renderKitchen('/');

  await user.click(await screen.findByRole('button', { name: /Anna Nowak/ }));
  expect(await screen.findByRole('heading', { name: 'Hello, Anna Nowak' })).toBeInTheDocument();
  expect(await seriousViolations(container)).toEqual([]);
  await pressPin(user, '4826');

  // Anna speaks Polish.
  expect(await screen.findByRole('heading', { name: 'Dzisiaj' })).toBeInTheDocument();
  expect(document.documentElement.lang).toBe('pl');
  expect(screen.getByRole('button', { name: 'Zmień osobę' })).toBeInTheDocument();
  const [login] = api.to('authentication/device-login');
  expect(JSON.parse(login!.body)).toEqual({ deviceToken: 'device-secret', userID: ids.anna, pin: '4826' });
  // The PIN is not kept; a slow hash of it is, for checking it offline.
  const anna = await storedPerson(ids.anna);
  expect(anna).toMatchObject({ signedInOn: 'tablet', language: 'pl', hasPin: true });
  expect(JSON.stringify(anna)).not.toContain('4826');
  expect(anna?.pin?.iterations).toBe(200_000);
});

test('a wrong PIN says so and signs nobody in', async () => {
  tabletServer();
  const user = userEvent.setup();
  await renderKitchen('/pin/' + ids.anna);
  await screen.findByRole('heading', { name: 'Hello, Anna Nowak' });
  await pressPin(user, '1111');
  expect(await screen.findByRole('alert')).toHaveTextContent('That PIN is not right.');
  expect(kitchen.getState().currentId).toBeNull();
});

test('a locked PIN says how long to wait', async () => {
  tabletServer((sent) =>
    sent.path === 'authentication/device-login'
      ? fail(429, { message: 'Too many wrong PINs', error: 'RATE_LIMITED' })
      : null,
  );
  const user = userEvent.setup();
  await renderKitchen('/pin/' + ids.anna);
  await screen.findByRole('heading', { name: 'Hello, Anna Nowak' });
  await pressPin(user, '4826');
  expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong PINs. Wait 15 minutes');
});

test('offline, a PIN is checked on the tablet, and five wrong ones stop the offline check', async () => {
  tabletServer((sent) => {
    if (sent.path === 'authentication/device-login') throw new TypeError('fetch failed');
    return null;
  });
  // Anna signed in here online before: her PIN's hash is kept (few iterations, so the test is quick).
  await signedIn(
    loginAs(ids.anna),
    { signedInOn: 'tablet', language: 'en', hasPin: true },
    { pin: await pinVerifier('4826', 1000) },
  );
  await choosePerson(null);
  setOnline(false);
  const user = userEvent.setup();
  const first = await renderKitchen('/pin/' + ids.anna);
  await screen.findByRole('heading', { name: 'Hello, Anna Nowak' });

  await pressPin(user, '1111');
  expect(await screen.findByRole('alert')).toHaveTextContent('4 more tries before it locks');
  await pressPin(user, '4826');
  // In Anna's language, as the tablet's name list has it.
  expect(await screen.findByRole('heading', { name: 'Dzisiaj' })).toBeInTheDocument();
  expect(kitchen.getState().currentId).toBe(ids.anna);
  first.unmount();

  // Five wrong PINs since the last online sign-in: even the right one is no longer checked offline.
  await choosePerson(null);
  await updatePerson(ids.anna, (anna) => (anna.pin ? { ...anna, pin: { ...anna.pin, failures: 5 } } : anna));
  await renderKitchen('/pin/' + ids.anna);
  await screen.findByRole('heading', { name: 'Hello, Anna Nowak' });
  await pressPin(user, '4826');
  expect(await screen.findByRole('alert')).toHaveTextContent(/Too many wrong PINs without a connection/);
  expect(kitchen.getState().currentId).toBeNull();
});

test('offline, a person who never signed in on this tablet is told to wait for a connection', async () => {
  tabletServer((sent) => {
    if (sent.path === 'authentication/device-login') throw new TypeError('fetch failed');
    return null;
  });
  const user = userEvent.setup();
  await renderKitchen('/pin/' + ids.anna);
  await screen.findByRole('heading', { name: 'Hello, Anna Nowak' });
  await pressPin(user, '4826');
  expect(await screen.findByRole('alert')).toHaveTextContent(/have not signed in on this tablet before/);
});

test('a person with no PIN signs in with their password once, then must choose a PIN', async () => {
  const api = tabletServer((sent) =>
    sent.path === 'user-profile/set-pin' ? ok({ hasPin: true }, 'PIN saved') : null,
  );
  const user = userEvent.setup();
  await renderKitchen('/');
  await user.click(await screen.findByRole('button', { name: /Ben Cole/ }));
  expect(await screen.findByText(/You have no PIN yet/)).toBeInTheDocument();
  await user.type(screen.getByLabelText(/Password/), 'secret');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  expect(await screen.findByRole('heading', { name: 'Choose your PIN' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Not now' })).not.toBeInTheDocument();
  await user.type(screen.getByLabelText(/^New PIN/), '1234');
  await user.type(screen.getByLabelText(/The same PIN again/), '1234');
  await user.click(screen.getByRole('button', { name: 'Save PIN' }));
  expect(await screen.findByText(/too easy to guess/)).toBeInTheDocument();

  await user.clear(screen.getByLabelText(/^New PIN/));
  await user.clear(screen.getByLabelText(/The same PIN again/));
  await user.type(screen.getByLabelText(/^New PIN/), '4826');
  await user.type(screen.getByLabelText(/The same PIN again/), '4826');
  await user.click(screen.getByRole('button', { name: 'Save PIN' }));
  expect(await screen.findByRole('heading', { name: 'Today' })).toBeInTheDocument();
  expect(JSON.parse(api.to('user-profile/set-pin')[0]!.body)).toEqual({ pin: '4826' });
  expect(api.to('user-profile/set-pin')[0]?.authorization).toBe('access-Ben-1');
  expect((await storedPerson(ids.ben))?.hasPin).toBe(true);
});

test('“Switch person” and a minute untouched both go back to the names; the session stays stored', async () => {
  tabletServer();
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  await renderKitchen('/');
  await user.click(await screen.findByRole('button', { name: /Anna Nowak/ }));
  await screen.findByRole('heading', { name: 'Hello, Anna Nowak' });
  await pressPin(user, '4826');
  await user.click(await screen.findByRole('button', { name: 'Zmień osobę' }));
  expect(await screen.findByRole('heading', { name: 'Who are you?' })).toBeInTheDocument();
  expect((await storedPerson(ids.anna))?.tokens).not.toBeNull();

  await user.click(screen.getByRole('button', { name: /Anna Nowak/ }));
  await screen.findByRole('heading', { name: 'Hello, Anna Nowak' });
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  try {
    await pressPin(user, '4826');
    await screen.findByRole('heading', { name: 'Dzisiaj' });
    await act(async () => {
      jest.advanceTimersByTime(tabletIdleMs - 1000);
    });
    expect(screen.getByRole('heading', { name: 'Dzisiaj' })).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });
  } finally {
    jest.useRealTimers();
  }
  expect(await screen.findByRole('heading', { name: 'Who are you?' })).toBeInTheDocument();
  expect(kitchen.getState().currentId).toBeNull();
  expect((await storedPerson(ids.anna))?.tokens?.accessToken).toBe('access-Anna-1');
});

test('a tablet a manager revoked forgets its enrolment and sessions and says why', async () => {
  let revoked = false;
  tabletServer((sent) =>
    revoked && sent.path === 'kitchen-device/people'
      ? fail(401, { message: 'This tablet is no longer enrolled', error: 'DEVICE_REVOKED' })
      : null,
  );
  const user = userEvent.setup();
  await renderKitchen('/');
  await user.click(await screen.findByRole('button', { name: /Anna Nowak/ }));
  await screen.findByRole('heading', { name: 'Hello, Anna Nowak' });
  await pressPin(user, '4826');
  await screen.findByRole('heading', { name: 'Dzisiaj' });

  revoked = true;
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });
  expect(await screen.findByText(/This tablet was signed out by a manager/)).toBeInTheDocument();
  expect(await storedDevice()).toBeNull();
  expect(await storedPerson(ids.anna)).toBeNull();
  await waitFor(() => expect(document.documentElement.lang).toBe('en'));
  expect(screen.getByRole('link', { name: /Set up a shared kitchen tablet/ })).toBeInTheDocument();
});

test('opened from a push alert, the tablet asks who it is, then opens the alert’s task', async () => {
  tabletServer((sent) =>
    sent.path === 'task-new-version/view-task'
      ? ok({ ...task({ name: 'Cooling log' }), comments: [], history: [] })
      : null,
  );
  const user = userEvent.setup();
  await renderKitchen(`/?individualTaskID=${ids.task}&masterTaskID=${ids.master}`);
  await user.click(await screen.findByRole('button', { name: /Anna Nowak/ }));
  await screen.findByRole('heading', { name: 'Hello, Anna Nowak' });
  await pressPin(user, '4826');
  expect(await screen.findByRole('heading', { level: 1, name: 'Cooling log' })).toBeInTheDocument();
});

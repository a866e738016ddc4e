import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeApi, ok, type Sent } from '@console/shared-sdk/testing';
import type { PasswordSet } from '@console/shared-sdk/contract';
import { kitchen, signedIn } from '../../app/store';
import { storedPerson } from '../../local/people';
import { ids, loginAs, roster } from '../../test/fixtures';
import { asTablet, renderKitchen, seriousViolations, setOnline } from '../../test/kitchen';

// A staff member's e-mailed link (an invitation or a reset) opens the kitchen app: they choose a password,
// and are signed in on their phone, or sent to the tablet's names; and a forgotten password is asked for
// from the phone's sign-in.

const ben: PasswordSet = { email: 'ben@example.com', firstName: 'Ben', role: 'STAFF' };
const goodPassword = 'Lantern-orchard-2026';
const weakWords = 'This is a top-10 common password. Add another word or two; uncommon words are better.';

/** The API as a link's page meets it: `setPassword` answers the link, the rest as a phone or tablet sees it. */
function server(setPassword: (sent: Sent) => Response = () => ok(ben, 'Your password has been set')) {
  return fakeApi((sent) => {
    if (sent.path === 'authentication/reset-password') return setPassword(sent);
    if (sent.path === 'authentication/mobile-app-login') return ok(loginAs(ids.ben), 'Signed in');
    if (sent.path === 'kitchen-device/people') return ok(roster);
    return fail(404, { message: 'no', error: 'NOT_FOUND' });
  });
}

const weak = () =>
  fail(400, {
    message: 'Validation failed',
    error: 'VALIDATION_ERROR',
    details: { fieldErrors: { password: [weakWords] } },
  });

const spent = () =>
  fail(400, {
    message: 'Validation failed',
    error: 'VALIDATION_ERROR',
    details: {
      fieldErrors: { token: ['This link is invalid, already used or expired. Ask for a new one.'] },
    },
  });

async function choose(user: ReturnType<typeof userEvent.setup>, password: string) {
  const field = await screen.findByLabelText(/^New password/);
  await user.clear(field);
  await user.type(field, password);
  await user.click(screen.getByRole('button', { name: 'Set my password' }));
}

afterEach(() => setOnline(true));

describe('an invitation opened on a phone', () => {
  test('sets the password with the link, signs the person in and goes on to the welcome and its PIN', async () => {
    const api = server();
    const user = userEvent.setup();
    const { container } = await renderKitchen('/invite?token=invite%2Ftoken');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your password' }),
    ).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
    const field = screen.getByLabelText(/^New password/);
    expect(field).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field).toHaveAttribute('type', 'text');

    await choose(user, goodPassword);
    expect(await screen.findByRole('heading', { name: 'Welcome, Ben' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set a PIN' })).toHaveAttribute('href', '/set-pin');
    expect(JSON.parse(api.to('authentication/reset-password')[0]!.body)).toEqual({
      token: 'invite/token',
      password: goodPassword,
    });
    // Signed in with the address the link belonged to and the password just chosen.
    expect(JSON.parse(api.to('authentication/mobile-app-login')[0]!.body)).toEqual({
      email: 'ben@example.com',
      password: goodPassword,
    });
    expect(await storedPerson(ids.ben)).toMatchObject({ signedInOn: 'phone', hasPin: false });
  });

  test('a password too short is refused before anything is sent; one the server finds weak says why beside it', async () => {
    const api = server(weak);
    const user = userEvent.setup();
    await renderKitchen('/invite?token=abc');

    await choose(user, 'short');
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription('Use at least 8 characters');
    expect(api.sent).toHaveLength(0);

    await choose(user, 'password1234');
    await waitFor(() =>
      expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(weakWords),
    );
    expect(screen.getByLabelText(/^New password/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.to('authentication/mobile-app-login')).toHaveLength(0);
    expect(kitchen.getState().currentId).toBeNull();
  });

  test('in Polish, the server’s English password rule is said in Polish', async () => {
    // A browser set to Polish, with nobody signed in: the app speaks the browser's language.
    Object.defineProperty(navigator, 'languages', { value: ['pl-PL'], configurable: true });
    try {
      server(weak);
      const user = userEvent.setup();
      await renderKitchen('/invite?token=abc');
      expect(await screen.findByRole('heading', { name: 'Wybierz swoje hasło' })).toBeInTheDocument();
      await user.type(screen.getByLabelText(/^Nowe hasło/), 'password1234');
      await user.click(screen.getByRole('button', { name: 'Ustaw moje hasło' }));
      await waitFor(() =>
        expect(screen.getByLabelText(/^Nowe hasło/)).toHaveAccessibleDescription(
          /^To hasło jest zbyt łatwe do odgadnięcia/,
        ),
      );
    } finally {
      delete (navigator as { languages?: unknown }).languages;
    }
  });

  test('a link already used or out of date says so, and to ask the manager for the invitation again', async () => {
    server(spent);
    const user = userEvent.setup();
    const { container } = await renderKitchen('/invite?token=used');
    await choose(user, goodPassword);
    expect(await screen.findByText('This link has expired or has already been used.')).toBeInTheDocument();
    expect(screen.getByText(/Ask your manager to send you the invitation again/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start' })).toHaveAttribute('href', '/');
    expect(await seriousViolations(container)).toEqual([]);
  });

  test('a deactivated account is told to have it reactivated first', async () => {
    server(() =>
      fail(403, {
        message:
          'This account has been deactivated. Ask your organisation admin to reactivate it, then use the link again.',
        error: 'FORBIDDEN',
      }),
    );
    const user = userEvent.setup();
    await renderKitchen('/invite?token=abc');
    await choose(user, goodPassword);
    expect(await screen.findByText(/Ask your manager to reactivate it/)).toBeInTheDocument();
  });

  test('opened without the link’s token, it says to open the e-mail’s link', async () => {
    const api = server();
    await renderKitchen('/invite');
    expect(await screen.findByText(/This page opens from the link in your e-mail/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set my password' })).not.toBeInTheDocument();
    expect(api.sent).toHaveLength(0);
  });

  test('offline, it says that choosing a password needs a connection, and keeps what was typed', async () => {
    fakeApi(() => {
      throw new TypeError('fetch failed');
    });
    setOnline(false);
    const user = userEvent.setup();
    await renderKitchen('/invite?token=abc');
    expect(await screen.findByText(/Choosing a password needs a connection/)).toBeInTheDocument();
    await choose(user, goodPassword);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set my password' })).toBeEnabled());
    expect(screen.getByText(/Choosing a password needs a connection/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).toHaveValue(goodPassword);
  });

  test('when the sign-in after it fails, the password is set and the person is sent to sign in', async () => {
    fakeApi((sent) =>
      sent.path === 'authentication/reset-password'
        ? ok(ben)
        : fail(429, { message: 'Too many failed sign-in attempts.', error: 'RATE_LIMITED' }),
    );
    const user = userEvent.setup();
    await renderKitchen('/invite?token=abc');
    await choose(user, goodPassword);
    expect(await screen.findByText('Your password is set, Ben.')).toBeInTheDocument();
    expect(screen.getByText(/Too many failed sign-in attempts. Wait a few minutes/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with it' })).toHaveAttribute(
      'href',
      '/sign-in?email=ben%40example.com',
    );
  });

  test('an admin’s account is sent to the console, not signed in here', async () => {
    const api = server(() => ok({ email: 'sid@example.com', firstName: 'Sid', role: 'SITE_ADMIN' }));
    const user = userEvent.setup();
    await renderKitchen('/invite?token=abc');
    await choose(user, goodPassword);
    expect(await screen.findByText(/Admin accounts sign in on the web console/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the console' })).toHaveAttribute('href', '/');
    expect(api.to('authentication/mobile-app-login')).toHaveLength(0);
  });
});

describe('a reset link', () => {
  test('on an enrolled tablet, hands it to the names: the person signs in with the new password there', async () => {
    await asTablet();
    // Somebody else was on the screen when the link was opened.
    await signedIn(loginAs(ids.anna), { signedInOn: 'tablet', language: 'en', hasPin: true });
    const api = server();
    const user = userEvent.setup();
    const { container } = await renderKitchen('/reset-password?token=reset');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeInTheDocument();
    // The link is Ben's: Anna steps away, her session kept, and the tablet speaks its own language.
    await waitFor(() => expect(kitchen.getState().currentId).toBeNull());
    expect((await storedPerson(ids.anna))?.tokens).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Switch person' })).not.toBeInTheDocument();
    await choose(user, goodPassword);
    expect(await screen.findByText('Your password is set, Ben.')).toBeInTheDocument();
    expect(screen.getByText(/Tap your name below and sign in with your password once/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Who are you?' })).toBeInTheDocument();
    expect(kitchen.getState().currentId).toBeNull();
    expect(api.to('authentication/mobile-app-login')).toHaveLength(0);
    expect(await seriousViolations(container)).toEqual([]);

    await user.click(screen.getByRole('button', { name: /Ben Cole/ }));
    expect(await screen.findByRole('heading', { name: 'Hello, Ben Cole' })).toBeInTheDocument();
    expect(screen.getByText(/You have no PIN yet/)).toBeInTheDocument();
  });

  test('used or out of date, offers to ask for a new link', async () => {
    server(spent);
    const user = userEvent.setup();
    await renderKitchen('/reset-password?token=old');
    await choose(user, goodPassword);
    expect(await screen.findByText('This link has expired or has already been used.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

describe('a forgotten password', () => {
  test('asked for from the phone’s sign-in: the same answer whether or not the address has an account', async () => {
    const api = fakeApi((sent) =>
      sent.path === 'authentication/forget-password'
        ? ok(null, 'If an account exists for this address, we have e-mailed a link to reset its password.')
        : fail(404, { message: 'no', error: 'NOT_FOUND' }),
    );
    const user = userEvent.setup();
    const { container } = await renderKitchen('/sign-in');
    await user.type(await screen.findByLabelText(/E-mail/), 'Anna@Example.com');
    await user.click(screen.getByRole('link', { name: 'Forgot your password?' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('Anna@Example.com');
    expect(await seriousViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));

    expect(
      await screen.findByText(
        'If an account exists for anna@example.com, we have sent it a link to reset the password. The link works once and expires after an hour.',
      ),
    ).toBeInTheDocument();
    expect(JSON.parse(api.to('authentication/forget-password')[0]!.body)).toEqual({
      email: 'anna@example.com',
    });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/sign-in?email=anna%40example.com',
    );
  });

  test('an address that is not one is refused before anything is sent', async () => {
    const api = fakeApi(() => ok(null));
    const user = userEvent.setup();
    await renderKitchen('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send me a link' }));
    expect(screen.getByLabelText(/E-mail/)).toHaveAccessibleDescription('Enter your e-mail address');
    await user.type(screen.getByLabelText(/E-mail/), 'anna@');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(screen.getByLabelText(/E-mail/)).toHaveAccessibleDescription('Enter a valid e-mail address');
    expect(api.sent).toHaveLength(0);
  });

  test('offline, it says that asking needs a connection', async () => {
    fakeApi(() => {
      throw new TypeError('fetch failed');
    });
    const user = userEvent.setup();
    await renderKitchen('/forgot-password?email=anna%40example.com');
    await user.click(await screen.findByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText(/Asking for a new password needs a connection/)).toBeInTheDocument();
    expect(screen.queryByText(/If an account exists/)).not.toBeInTheDocument();
  });
});

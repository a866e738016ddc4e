import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { fail, fakeApi, loginResponse, ok, resetBrowserState } from '../http/testing.js';
import { notifyStore } from '../notify/store.js';
import { session } from '../session/store.js';
import { SignInForm } from './SignInForm.js';

beforeEach(() => {
  resetBrowserState();
  sessionStorage.clear();
});

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /e-mail/i }), email);
  await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

test("shows the server's message when the sign-in is refused, and stores nothing", async () => {
  const api = fakeApi(() =>
    fail(401, { message: 'The e-mail address or password is incorrect', error: 'UNAUTHORIZED' }),
  );
  const onSignedIn = jest.fn();
  render(<SignInForm onSignedIn={onSignedIn} />);

  await signIn('ada@example.com', 'wrong password');

  expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail address or password is incorrect');
  expect(api.to('authentication/web-app-login')).toHaveLength(1);
  expect(session.get().accessToken).toBeNull();
  expect(localStorage.getItem('accessToken')).toBeNull();
  expect(onSignedIn).not.toHaveBeenCalled();
  // The form's alert is the report; the pop-up would say the same thing twice.
  expect(notifyStore.getState().error).toBeNull();
});

test('stores the session and reports back on success', async () => {
  const api = fakeApi(() => ok(loginResponse(), 'Signed in'));
  const onSignedIn = jest.fn();
  render(
    <SignInForm
      onSignedIn={onSignedIn}
      forgotPasswordLink={<a href="/forgot-password">Forgot password?</a>}
    />,
  );
  expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();

  await signIn('Ada@Example.com ', 'correct horse');

  await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(loginResponse()));
  expect(JSON.parse(api.to('authentication/web-app-login')[0]?.body ?? '')).toEqual({
    email: 'ada@example.com',
    password: 'correct horse',
  });
  expect(session.get()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  expect(localStorage.getItem('accessToken')).toBe('access-1');
});

test('checks the fields before asking the server', async () => {
  const api = fakeApi(() => ok(loginResponse()));
  render(<SignInForm />);

  await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));

  expect(screen.getByText('Must be a valid e-mail address')).toBeInTheDocument();
  expect(screen.getByText('Password is required')).toBeInTheDocument();
  expect(api.sent).toHaveLength(0);
});

test('the password can be shown and hidden again', async () => {
  render(<SignInForm />);
  const user = userEvent.setup();
  const password = screen.getByLabelText(/^password/i);
  expect(password).toHaveAttribute('type', 'password');

  await user.click(screen.getByRole('button', { name: 'Show password' }));
  expect(password).toHaveAttribute('type', 'text');
  await user.click(screen.getByRole('button', { name: 'Hide password' }));
  expect(password).toHaveAttribute('type', 'password');
});

// ---- single sign-on ------------------------------------------------------------------------------------

const harbourVine = { covered: true, organizationName: 'Harbour & Vine', required: false };

function ssoApi(discovery: object) {
  return fakeApi((sent) => {
    switch (sent.path) {
      case 'authentication/sso-discover':
        return ok(discovery);
      case 'authentication/sso-start':
        return ok({ authorizationUrl: 'https://login.harbourvine.example/authorize?client_id=console' });
      default:
        return ok(loginResponse(), 'Signed in');
    }
  });
}

test('an address of a covered domain is offered single sign-on, which starts with a value only this tab keeps', async () => {
  const api = ssoApi(harbourVine);
  const goTo = jest.fn();
  render(<SignInForm returnTo="/dashboard/task" goTo={goTo} />);
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /e-mail/i }), 'marcus@harbourvine.example');

  const button = await screen.findByRole('button', {
    name: 'Continue with single sign-on (Harbour & Vine)',
  });
  // Offered beside the password, which still works.
  expect(screen.getByLabelText(/^password/i)).toBeInTheDocument();
  // Asked once for the domain, however much of the address was typed after it was whole.
  expect(JSON.parse(api.to('authentication/sso-discover')[0]?.body ?? '')).toEqual({
    email: 'marcus@harbourvine.example',
  });

  await user.click(button);
  await waitFor(() =>
    expect(goTo).toHaveBeenCalledWith('https://login.harbourvine.example/authorize?client_id=console'),
  );
  const started = JSON.parse(api.to('authentication/sso-start')[0]?.body ?? '') as Record<string, string>;
  expect(started).toEqual({
    email: 'marcus@harbourvine.example',
    binding: sessionStorage.getItem('ssoBinding'),
    returnTo: '/dashboard/task',
  });
  expect(started['binding']).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(api.to('authentication/web-app-login')).toHaveLength(0);
});

test('when the organisation requires single sign-on the password gives way to it, with the reason', async () => {
  const api = ssoApi({ ...harbourVine, required: true });
  const goTo = jest.fn();
  const onSignedIn = jest.fn();
  render(
    <SignInForm
      goTo={goTo}
      onSignedIn={onSignedIn}
      forgotPasswordLink={<a href="/forgot-password">Forgot password?</a>}
    />,
  );
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /e-mail/i }), 'marcus@harbourvine.example');

  expect(await screen.findByText(/Harbour & Vine signs in with single sign-on/)).toBeInTheDocument();
  expect(screen.queryByLabelText(/^password/i)).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Forgot password?' })).not.toBeInTheDocument();
  // Enter in the e-mail field goes to the provider.
  await user.type(screen.getByRole('textbox', { name: /e-mail/i }), '{Enter}');
  await waitFor(() => expect(goTo).toHaveBeenCalledTimes(1));
  expect(api.to('authentication/web-app-login')).toHaveLength(0);
  expect(onSignedIn).not.toHaveBeenCalled();
});

test('the break-glass admin brings the password back when single sign-on is required', async () => {
  const api = ssoApi({ ...harbourVine, required: true });
  const onSignedIn = jest.fn();
  render(<SignInForm goTo={jest.fn()} onSignedIn={onSignedIn} />);
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /e-mail/i }), 'olivia@harbourvine.example');
  await user.click(await screen.findByRole('button', { name: /password instead/ }));
  await user.type(screen.getByLabelText(/^password/i), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
  expect(api.to('authentication/web-app-login')).toHaveLength(1);
});

test('an address no provider covers keeps the password form alone', async () => {
  const api = ssoApi({ covered: false, organizationName: null, required: false });
  render(<SignInForm />);
  await userEvent.setup().type(screen.getByRole('textbox', { name: /e-mail/i }), 'ada@example.com');
  await waitFor(() => expect(api.to('authentication/sso-discover')).toHaveLength(1));
  expect(screen.queryByRole('button', { name: /single sign-on/ })).not.toBeInTheDocument();
  expect(screen.getByLabelText(/^password/i)).toBeInTheDocument();
});

test('a provider that cannot be reached is said in the form, which stays usable', async () => {
  fakeApi((sent) =>
    sent.path === 'authentication/sso-discover'
      ? ok(harbourVine)
      : fail(503, {
          message: 'Your organisation’s identity provider cannot be reached right now.',
          error: 'SERVER_BUSY',
        }),
  );
  const goTo = jest.fn();
  render(<SignInForm goTo={goTo} />);
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /e-mail/i }), 'marcus@harbourvine.example');
  await user.click(await screen.findByRole('button', { name: /single sign-on/ }));
  expect(await screen.findByRole('alert')).toHaveTextContent('identity provider cannot be reached');
  expect(goTo).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: /single sign-on/ })).toBeEnabled();
  expect(notifyStore.getState().error).toBeNull();
});

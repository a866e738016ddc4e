import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { fail, fakeApi, loginResponse, ok, resetBrowserState } from '../http/testing.js';
import { notifyStore } from '../notify/store.js';
import { session } from '../session/store.js';
import { SignInForm } from './SignInForm.js';

beforeEach(resetBrowserState);

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
  expect(api.sent.map((sent) => sent.path)).toEqual(['authentication/web-app-login']);
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
  expect(JSON.parse(api.sent[0]?.body ?? '')).toEqual({
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

import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '@console/shared-sdk/router';
import { fail, fakeApi, ok, resetBrowserState } from '@console/shared-sdk/testing';
import { ResetPasswordPage } from './ResetPasswordPage';

// The page an invitation (or reset) link opens: after the password is set, admins go to sign in and staff
// are sent to the kitchen app.

function LoginProbe() {
  const location = useLocation();
  return <p>login page {location.search}</p>;
}

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/reset-password?token=abc123']}>
      <Routes>
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/login" element={<LoginProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function setPassword() {
  const user = userEvent.setup({ delay: null });
  renderPage();
  await user.type(await screen.findByLabelText(/^New password/), 'Kitchen-Shift-42');
  await user.type(screen.getByLabelText(/^Repeat the new password/), 'Kitchen-Shift-42');
  await user.click(screen.getByRole('button', { name: 'Set password' }));
}

beforeEach(() => resetBrowserState());

test('a staff member is sent to the kitchen app, with their e-mail address filled in', async () => {
  const api = fakeApi(() =>
    ok(
      { email: 'aisha.khan@harbourvine.example', firstName: 'Aisha', role: 'STAFF' },
      'Your password has been set.',
    ),
  );
  await setPassword();
  expect(await screen.findByRole('heading', { name: 'Your password is set' })).toBeInTheDocument();
  expect(screen.getByText(/Staff sign in to the kitchen app/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '/kitchen' })).toHaveAttribute(
    'href',
    `/kitchen/sign-in?email=${encodeURIComponent('aisha.khan@harbourvine.example')}`,
  );
  expect(screen.getByLabelText('Your e-mail address')).toHaveValue('aisha.khan@harbourvine.example');
  expect(screen.queryByText(/login page/)).not.toBeInTheDocument();
  expect(JSON.parse(api.to('authentication/reset-password')[0]!.body)).toEqual({
    token: 'abc123',
    password: 'Kitchen-Shift-42',
  });
});

test('a site admin goes to sign in, with the address filled in', async () => {
  fakeApi(() => ok({ email: 'new.manager@harbourvine.example', firstName: 'Nadia', role: 'SITE_ADMIN' }));
  await setPassword();
  const login = await screen.findByText(/login page/);
  const params = new URLSearchParams(login.textContent!.replace('login page ', ''));
  expect(params.get('notice')).toBe('password-set');
  expect(params.get('email')).toBe('new.manager@harbourvine.example');
});

test('a used or expired link says so, with the way to a new one', async () => {
  fakeApi(() =>
    fail(400, { message: 'This link has expired or was already used', error: 'VALIDATION_ERROR' }),
  );
  await setPassword();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('This link has expired or was already used');
  expect(within(document.body).getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
});

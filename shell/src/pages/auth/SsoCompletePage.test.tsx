import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from '@console/shared-sdk/router';
import { session } from '@console/shared-sdk';
import { ssoSignInErrorLabels } from '@console/shared-sdk/contract';
import {
  fail,
  fakeApi,
  loginResponse,
  ok,
  renderWithRouter,
  resetBrowserState,
} from '@console/shared-sdk/testing';
import { SsoCompletePage } from './SsoCompletePage';

const binding = 'tab-value-0123456789abcdefghijklmnopqrstuvwxyzAB';

beforeEach(() => {
  resetBrowserState();
  sessionStorage.clear();
});

const renderAt = (url: string) =>
  renderWithRouter(
    <Routes>
      <Route path="/sso/complete" element={<SsoCompletePage />} />
      <Route path="/dashboard/task" element={<p>The tasks</p>} />
      <Route path="/dashboard" element={<p>The dashboard</p>} />
    </Routes>,
    url,
  );

test('the code is exchanged once with this tab’s value, and the console opens where the sign-in started', async () => {
  sessionStorage.setItem('ssoBinding', binding);
  const api = fakeApi(() => ok({ ...loginResponse(), returnTo: '/dashboard/task' }, 'Signed in'));
  const page = renderAt('/sso/complete?code=hand-off');

  expect(await screen.findByText('The tasks')).toBeInTheDocument();
  expect(page.url()).toBe('/dashboard/task');
  expect(api.sent.map((sent) => JSON.parse(sent.body) as unknown)).toEqual([{ code: 'hand-off', binding }]);
  expect(session.get().accessToken).toBe('access-1');
});

test('a path that is not the console’s is not returned to', async () => {
  sessionStorage.setItem('ssoBinding', binding);
  fakeApi(() => ok({ ...loginResponse(), returnTo: '//evil.example/' }));
  const page = renderAt('/sso/complete?code=hand-off');
  expect(await screen.findByText('The dashboard')).toBeInTheDocument();
  expect(page.url()).toBe('/dashboard');
});

test('a code the server refuses reads as an expired sign-in, with the way back to sign in', async () => {
  sessionStorage.setItem('ssoBinding', binding);
  fakeApi(() => fail(401, { message: 'This single sign-on is no longer valid', error: 'UNAUTHORIZED' }));
  renderAt('/sso/complete?code=spent');
  expect(await screen.findByText(ssoSignInErrorLabels.EXPIRED)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  expect(session.get().accessToken).toBeNull();
});

test('a tab that did not start the sign-in sends nothing and says so', async () => {
  const api = fakeApi(() => ok(loginResponse()));
  renderAt('/sso/complete?code=hand-off');
  expect(await screen.findByText(/started in another tab or browser/)).toBeInTheDocument();
  await waitFor(() => expect(api.sent).toHaveLength(0));
});

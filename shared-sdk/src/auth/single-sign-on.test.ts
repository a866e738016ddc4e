import { fakeApi, fail, loginResponse, ok, resetBrowserState } from '../http/testing.js';
import { session } from '../session/store.js';
import { completeSingleSignOn, SingleSignOnNotStartedHere } from './single-sign-on.js';

beforeEach(() => {
  resetBrowserState();
  sessionStorage.clear();
});

test('the hand-off code is exchanged with the value this tab started with, once, and the session is stored', async () => {
  const api = fakeApi(() => ok({ ...loginResponse(), returnTo: '/dashboard/task' }, 'Signed in'));
  sessionStorage.setItem('ssoBinding', 'tab-value-0123456789abcdefghijklmnopqrstuvwxyzAB');

  const signedIn = await completeSingleSignOn('hand-off-code');

  expect(signedIn.returnTo).toBe('/dashboard/task');
  expect(api.sent.map((sent) => sent.path)).toEqual(['authentication/sso-exchange']);
  expect(JSON.parse(api.sent[0]?.body ?? '')).toEqual({
    code: 'hand-off-code',
    binding: 'tab-value-0123456789abcdefghijklmnopqrstuvwxyzAB',
  });
  expect(session.get()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  expect(sessionStorage.getItem('ssoBinding')).toBeNull();
});

test('a tab that did not start the sign-in sends nothing and says so', async () => {
  const api = fakeApi(() => ok(loginResponse()));
  await expect(completeSingleSignOn('hand-off-code')).rejects.toBeInstanceOf(SingleSignOnNotStartedHere);
  expect(api.sent).toHaveLength(0);
  expect(session.get().accessToken).toBeNull();
});

test('a refused exchange stores no session', async () => {
  fakeApi(() => fail(401, { message: 'This single sign-on is no longer valid', error: 'UNAUTHORIZED' }));
  sessionStorage.setItem('ssoBinding', 'tab-value-0123456789abcdefghijklmnopqrstuvwxyzAB');
  await expect(completeSingleSignOn('hand-off-code')).rejects.toThrow(
    'This single sign-on is no longer valid',
  );
  expect(session.get().accessToken).toBeNull();
});

import { z } from 'zod';
import { notifyStore } from '../notify/store.js';
import { session } from '../session/store.js';
import { call, configureApi, fileUrl, type CallIdentity, type CallOptions } from './client.js';
import { ApiError } from './errors.js';
import { deferred, fail, fakeApi, ids, loginResponse, ok, resetBrowserState, type Sent } from './testing.js';

const thing = z.object({ n: z.number() });
const getThing = (n: number, options?: CallOptions) =>
  call({ method: 'get', path: `things/${n}`, data: thing }, options);

const expired = () => fail(401, { message: 'Your session has expired', error: 'TOKEN_EXPIRED' });
const popup = () => notifyStore.getState().error;
const toasts = () => notifyStore.getState().toasts.map((toast) => toast.message);

/** A fake API whose access tokens are 'access-1' (expired) and 'access-2' (what a refresh returns). */
function apiWithExpiredToken(refresh: (sent: Sent) => Response | Promise<Response>) {
  return fakeApi(async (sent) => {
    if (sent.path === 'authentication/refresh-token') return refresh(sent);
    if (sent.authorization !== 'access-2') return expired();
    return ok({ n: Number(sent.path.split('/')[1]) });
  });
}

const renewed = () => ok(loginResponse({ accessToken: 'access-2', refreshToken: 'refresh-2' }));

beforeEach(() => {
  resetBrowserState();
  session.signIn(loginResponse());
});

afterEach(() => jest.restoreAllMocks());

describe('the session token', () => {
  test('is sent raw in Authorization, without a scheme', async () => {
    const api = fakeApi(() => ok({ n: 1 }));
    await getThing(1);
    expect(api.sent[0]?.authorization).toBe('access-1');
  });

  test('orgId is added to every request only while the admin flag is stored', async () => {
    const api = fakeApi(() => ok({ n: 1 }));
    await getThing(1);
    expect(api.sent[0]?.query.has('orgId')).toBe(false);

    session.signIn(loginResponse({ role: 'ADMIN' }));
    session.actInOrganization(ids.otherOrg);
    await getThing(1);
    await call({ method: 'post', path: 'things/create', json: { a: 1 }, data: thing });
    expect(api.sent[1]?.query.get('orgId')).toBe(ids.otherOrg);
    expect(api.sent[2]?.query.get('orgId')).toBe(ids.otherOrg);

    session.actInOrganization(null);
    await getThing(1);
    expect(api.sent[3]?.query.has('orgId')).toBe(false);
  });
});

describe('a 401', () => {
  test('five requests refused together cause one refresh, and all five are retried with the new token', async () => {
    const api = apiWithExpiredToken(async () => {
      await new Promise((done) => setTimeout(done, 20));
      return renewed();
    });

    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => getThing(n)));

    expect(results).toEqual([1, 2, 3, 4, 5].map((n) => ({ n })));
    const refreshes = api.to('authentication/refresh-token');
    expect(refreshes).toHaveLength(1);
    expect(JSON.parse(refreshes[0]?.body ?? '')).toEqual({ refreshToken: 'refresh-1' });
    for (const n of [1, 2, 3, 4, 5]) {
      expect(api.to(`things/${n}`).map((sent) => sent.authorization)).toEqual(['access-1', 'access-2']);
    }
    expect(session.get()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(popup()).toBeNull();
  });

  test('a request started during the refresh waits for it and is sent once, with the new token', async () => {
    const answer = deferred<Response>();
    const api = apiWithExpiredToken(() => answer.promise);

    const first = getThing(1);
    await waitUntil(() => api.to('authentication/refresh-token').length === 1);
    const second = getThing(2);
    await new Promise((done) => setTimeout(done, 20));
    expect(api.to('things/2')).toHaveLength(0);

    answer.resolve(renewed());
    await expect(Promise.all([first, second])).resolves.toEqual([{ n: 1 }, { n: 2 }]);
    expect(api.to('things/2').map((sent) => sent.authorization)).toEqual(['access-2']);
    expect(api.to('authentication/refresh-token')).toHaveLength(1);
  });

  test('a refused refresh signs out once and rejects every waiting request with a 401', async () => {
    const signOut = jest.spyOn(session, 'signOut');
    const refusal = {
      message: 'This sign-in was ended for safety; please sign in again',
      error: 'UNAUTHORIZED',
    };
    const api = fakeApi(async (sent) => {
      if (sent.path === 'authentication/refresh-token') return fail(401, refusal);
      // Request 3 was sent with the old token too, but its 401 arrives after the refresh has failed.
      if (sent.path === 'things/3') await new Promise((done) => setTimeout(done, 30));
      return expired();
    });

    const outcomes = await Promise.allSettled([1, 2, 3].map((n) => getThing(n)));

    expect(api.to('authentication/refresh-token')).toHaveLength(1);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(signOut).toHaveBeenCalledWith('expired');
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const reason = outcome.status === 'rejected' ? outcome.reason : undefined;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason).toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
    }
    // Those that waited for the refresh carry the server's reason.
    expect(outcomes[0]).toMatchObject({ reason: { message: refusal.message } });
    expect(session.get()).toMatchObject({ accessToken: null, refreshToken: null, endedBecause: 'expired' });
    // The login page says why the session ended; a pop-up on top of it would repeat it.
    expect(popup()).toBeNull();
  });

  test('without a refresh token the session ends at once, without a refresh call', async () => {
    session.signIn({ ...loginResponse(), refreshToken: '' });
    const signOut = jest.spyOn(session, 'signOut');
    const api = apiWithExpiredToken(renewed);

    await expect(getThing(1)).rejects.toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
    expect(api.to('authentication/refresh-token')).toHaveLength(0);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  test('an unreachable server during the refresh keeps the session', async () => {
    const api = apiWithExpiredToken(() => {
      throw new TypeError('fetch failed');
    });

    await expect(getThing(1)).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(api.to('authentication/refresh-token')).toHaveLength(1);
    expect(session.get().refreshToken).toBe('refresh-1');
  });

  test('a retried request refused again is not refreshed a second time', async () => {
    const api = fakeApi((sent) =>
      sent.path === 'authentication/refresh-token'
        ? renewed()
        : fail(401, { message: 'Your account is no longer active', error: 'UNAUTHORIZED' }),
    );

    await expect(getThing(1)).rejects.toMatchObject({
      status: 401,
      message: 'Your account is no longer active',
    });
    expect(api.to('authentication/refresh-token')).toHaveLength(1);
    expect(api.to('things/1')).toHaveLength(2);
  });

  test('on the sign-in endpoints is the answer itself: no refresh', async () => {
    const api = apiWithExpiredToken(renewed);

    await expect(
      call({ method: 'post', path: 'authentication/web-app-login', json: {}, data: thing, authFlow: true }),
    ).rejects.toMatchObject({ status: 401 });
    expect(api.to('authentication/refresh-token')).toHaveLength(0);
  });
});

describe('an access token about to expire', () => {
  const minute = 60_000;
  const tokenLife = 15 * minute;
  /** An access token as the API signs it: a JWT whose claims say when it was issued and when it expires. */
  const accessToken = (name: string, issuedAt: number) => {
    const claims = {
      sub: name,
      iat: Math.floor(issuedAt / 1000),
      exp: Math.floor((issuedAt + tokenLife) / 1000),
    };
    return ['{"alg":"HS256"}', JSON.stringify(claims), 'signature']
      .map((part) => Buffer.from(part).toString('base64url'))
      .join('.');
  };
  /** A fake API that refuses every token but the one it last issued, and issues a new one on refresh. */
  function apiIssuingTokens(first: string) {
    let current = first;
    return fakeApi((sent) => {
      if (sent.path === 'authentication/refresh-token') {
        current = accessToken('renewed', Date.now());
        return ok(loginResponse({ accessToken: current, refreshToken: 'refresh-2' }));
      }
      if (sent.authorization !== current) return expired();
      return ok({ n: Number(sent.path.split('/')[1]) });
    });
  }

  test('is renewed before the request goes, so the request is never refused', async () => {
    const signedInAt = Date.now();
    const first = accessToken('first', signedInAt);
    session.signIn(loginResponse({ accessToken: first }));
    const api = apiIssuingTokens(first);
    // The tab stayed open past the token's life.
    jest.spyOn(Date, 'now').mockReturnValue(signedInAt + tokenLife + minute);

    await expect(Promise.all([getThing(1), getThing(2)])).resolves.toEqual([{ n: 1 }, { n: 2 }]);

    expect(api.to('authentication/refresh-token')).toHaveLength(1);
    const renewed = session.get().accessToken;
    expect(renewed).not.toBe(first);
    // Each request was sent once, with the new token: no 401 for the browser to log.
    expect(api.to('things/1').map((sent) => sent.authorization)).toEqual([renewed]);
    expect(api.to('things/2').map((sent) => sent.authorization)).toEqual([renewed]);
    await getThing(3);
    expect(api.to('authentication/refresh-token')).toHaveLength(1);
    expect(popup()).toBeNull();
  });

  test('refused before the request goes, the session ends and the request is not sent', async () => {
    const signedInAt = Date.now();
    session.signIn(loginResponse({ accessToken: accessToken('first', signedInAt) }));
    const api = fakeApi((sent) =>
      sent.path === 'authentication/refresh-token'
        ? fail(401, { message: 'Your session has expired', error: 'UNAUTHORIZED' })
        : ok({ n: 1 }),
    );
    jest.spyOn(Date, 'now').mockReturnValue(signedInAt + tokenLife + minute);
    await expect(getThing(1)).rejects.toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
    expect(api.to('things/1')).toHaveLength(0);
    expect(session.get().endedBecause).toBe('expired');
    // The login page says why; no pop-up repeats it.
    expect(popup()).toBeNull();
  });

  test('a token with time left is sent as it is', async () => {
    const first = accessToken('first', Date.now());
    session.signIn(loginResponse({ accessToken: first }));
    const api = apiIssuingTokens(first);
    await getThing(1);
    expect(api.to('authentication/refresh-token')).toHaveLength(0);
    expect(api.to('things/1').map((sent) => sent.authorization)).toEqual([first]);
  });

  test('a browser whose clock is an hour fast goes by the server’s clock, not refreshing before every request', async () => {
    const serverNow = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(serverNow + 60 * minute);
    const first = accessToken('first', serverNow);
    session.signIn(loginResponse({ accessToken: first }));
    const api = apiIssuingTokens(first);
    await getThing(1);
    await getThing(2);
    expect(api.to('authentication/refresh-token')).toHaveLength(0);
    expect(api.to('things/2').map((sent) => sent.authorization)).toEqual([first]);
  });

  test('a session the server ended is still found by the 401, and refreshed then', async () => {
    const first = accessToken('first', Date.now());
    session.signIn(loginResponse({ accessToken: first }));
    // The server no longer takes the token, though it has time left.
    const api = apiIssuingTokens('a token issued elsewhere');
    await expect(getThing(1)).resolves.toEqual({ n: 1 });
    expect(api.to('authentication/refresh-token')).toHaveLength(1);
    expect(api.to('things/1').map((sent) => sent.authorization)).toEqual([first, session.get().accessToken]);
  });
});

describe('what the user sees', () => {
  test("a server message on success becomes a toast, and the envelope's data is returned", async () => {
    fakeApi(() => ok({ n: 7 }, 'Site created'));
    await expect(getThing(7)).resolves.toEqual({ n: 7 });
    expect(toasts()).toEqual(['Site created']);
  });

  test('no message, no toast', async () => {
    fakeApi(() => ok({ n: 7 }));
    await getThing(7);
    expect(toasts()).toEqual([]);
  });

  test("the pop-up's title is the server's message, with one line per field error", async () => {
    fakeApi(() =>
      fail(400, {
        message: 'Some fields need attention',
        error: 'VALIDATION_ERROR',
        details: {
          fieldErrors: { name: ['Site name is required'], timing: ['Each weekday may appear once'] },
        },
      }),
    );
    const error = await getThing(1).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Some fields need attention',
    });
    expect(popup()).toEqual({
      title: 'Some fields need attention',
      details: ['name: Site name is required', 'timing: Each weekday may appear once'],
    });
  });

  test('without a server message the title is its error text, in words when the contract knows the code', async () => {
    fakeApi(() => fail(403, { error: 'FORBIDDEN' }));
    await expect(getThing(1)).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(popup()?.title).toBe('You do not have permission to do this');
  });

  test("without an error body the title is the client's own message", async () => {
    fakeApi(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(getThing(1)).rejects.toMatchObject({ status: 502 });
    expect(popup()?.title).toBe('Request failed: the server answered 502 Bad Gateway');
  });

  test('a network failure becomes NETWORK_ERROR with the client message', async () => {
    fakeApi(() => {
      throw new TypeError('fetch failed');
    });
    const error = await getThing(1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(popup()?.title).toBe('Network error: the server could not be reached');
  });

  test('an answer that does not match the contract is an error, not data of the wrong shape', async () => {
    fakeApi(() => ok({ n: 'seven' }));
    await expect(getThing(1)).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(popup()?.title).toBe('The server sent an answer the console does not understand');
  });

  test('quiet suppresses the toast and the pop-up', async () => {
    fakeApi((sent) => (sent.path === 'things/1' ? ok({ n: 1 }, 'Saved') : fail(409, { message: 'Taken' })));
    await getThing(1, { quiet: true });
    await expect(getThing(2, { quiet: true })).rejects.toMatchObject({ status: 409, message: 'Taken' });
    expect(toasts()).toEqual([]);
    expect(popup()).toBeNull();
  });

  test('quietFor suppresses the pop-up for those statuses only', async () => {
    fakeApi((sent) =>
      sent.path === 'things/1'
        ? fail(400, { message: 'Invalid', error: 'VALIDATION_ERROR' })
        : fail(403, { message: 'Not yours', error: 'FORBIDDEN' }),
    );
    await expect(getThing(1, { quietFor: [400] })).rejects.toMatchObject({ status: 400 });
    expect(popup()).toBeNull();
    await expect(getThing(2, { quietFor: [400] })).rejects.toMatchObject({ status: 403 });
    expect(popup()?.title).toBe('Not yours');
  });

  test('a cancelled call reports nothing', async () => {
    const controller = new AbortController();
    fakeApi(({ request }) => {
      controller.abort();
      // What fetch does when its signal aborts.
      throw request.signal.reason;
    });
    const pending = getThing(1, { signal: controller.signal });
    await expect(pending).rejects.not.toBeInstanceOf(ApiError);
    expect(popup()).toBeNull();
  });
});

async function waitUntil(condition: () => boolean) {
  for (let tries = 0; tries < 100 && !condition(); tries++) await new Promise((done) => setTimeout(done, 5));
  expect(condition()).toBe(true);
}

describe('refreshes across tabs', () => {
  /** Web Locks as a browser gives them: one holder at a time per name, shared by every tab. */
  function installLocks() {
    let queue: Promise<unknown> = Promise.resolve();
    const requested: string[] = [];
    const locks = {
      request: <T>(name: string, task: () => Promise<T>): Promise<T> => {
        requested.push(name);
        const run = queue.then(task);
        queue = run.catch(() => undefined);
        return run;
      },
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    return requested;
  }
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  test("a tab that waited while another tab refreshed uses that tab's new tokens and sends no refresh", async () => {
    const requested = installLocks();
    const otherTab = deferred<void>();
    // The other tab holds the lock, refreshes, and stores its new pair in localStorage.
    void navigator.locks.request('compliance-console:token-refresh', async () => {
      await otherTab.promise;
      localStorage.setItem('accessToken', 'access-2');
      localStorage.setItem('refreshToken', 'refresh-2');
    });
    const api = apiWithExpiredToken(() => renewed());

    const pending = getThing(7);
    await waitUntil(() => requested.length === 2);
    otherTab.resolve();

    expect(await pending).toEqual({ n: 7 });
    expect(api.to('authentication/refresh-token')).toHaveLength(0);
    expect(api.to('things/7').map((sent) => sent.authorization)).toEqual(['access-1', 'access-2']);
    expect(session.get()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  test('the tab holding the lock refreshes as before', async () => {
    const requested = installLocks();
    const api = apiWithExpiredToken(() => renewed());
    expect(await getThing(3)).toEqual({ n: 3 });
    expect(requested).toEqual(['compliance-console:token-refresh']);
    expect(api.to('authentication/refresh-token')).toHaveLength(1);
  });
});

describe('a call made as a given person (identity)', () => {
  /** A person's tokens kept apart from the page's session, renewed by the identity itself. */
  function person(first = 'person-1', renewTo: () => Promise<string> = async () => 'person-2') {
    let current: string | null = first;
    const renewals: string[] = [];
    const identity: CallIdentity = {
      accessToken: async () => current,
      renew: async (stale) => {
        renewals.push(stale);
        current = await renewTo();
        return current;
      },
    };
    return { identity, renewals };
  }
  /** A fake API that takes only `person-2` and refuses every other token with a 401. */
  const apiTakingOnly = (token: string) =>
    fakeApi((sent) => (sent.authorization === token ? ok({ n: 1 }) : expired()));

  test('sends the person’s token, not the session’s, and adds no platform admin’s orgId', async () => {
    session.signIn(loginResponse({ role: 'ADMIN' }));
    session.actInOrganization(ids.otherOrg);
    const api = fakeApi(() => ok({ n: 1 }));
    const { identity } = person();
    await getThing(1, { identity });
    expect(api.sent[0]?.authorization).toBe('person-1');
    expect(api.sent[0]?.query.has('orgId')).toBe(false);
  });

  test('a 401 renews the person once and retries with their new token; the session is untouched', async () => {
    const signOut = jest.spyOn(session, 'signOut');
    const api = apiTakingOnly('person-2');
    const { identity, renewals } = person();

    await expect(getThing(1, { identity })).resolves.toEqual({ n: 1 });

    expect(renewals).toEqual(['person-1']);
    expect(api.to('things/1').map((sent) => sent.authorization)).toEqual(['person-1', 'person-2']);
    expect(api.to('authentication/refresh-token')).toHaveLength(0);
    expect(signOut).not.toHaveBeenCalled();
    expect(session.get()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  });

  test('a refused renewal rejects the call with a 401 and leaves the page’s session signed in', async () => {
    const signOut = jest.spyOn(session, 'signOut');
    const api = apiTakingOnly('never');
    const { identity } = person('person-1', () => Promise.reject(new Error('refresh token revoked')));

    await expect(getThing(1, { identity, quiet: true })).rejects.toMatchObject({
      status: 401,
      code: 'TOKEN_EXPIRED',
    });
    expect(api.to('things/1')).toHaveLength(1);
    expect(signOut).not.toHaveBeenCalled();
    expect(session.get().accessToken).toBe('access-1');
  });

  test('a renewal that could not reach the server fails the call as a network error, to be tried again', async () => {
    apiTakingOnly('never');
    const unreachable = new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'offline' });
    const { identity } = person('person-1', () => Promise.reject(unreachable));
    await expect(getThing(1, { identity, quiet: true })).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });

  test('refused again after the renewal, the call fails without renewing a second time', async () => {
    const api = apiTakingOnly('never');
    const { identity, renewals } = person();
    await expect(getThing(1, { identity, quiet: true })).rejects.toMatchObject({ status: 401 });
    expect(renewals).toHaveLength(1);
    expect(api.to('things/1')).toHaveLength(2);
  });

  test('neither waits for nor starts the session’s refresh', async () => {
    const answer = deferred<Response>();
    const api = fakeApi((sent) => {
      if (sent.path === 'authentication/refresh-token') return answer.promise;
      if (sent.authorization === 'access-1') return expired();
      return ok({ n: 1 });
    });
    // The page's session is being refreshed and stays so until the end of the test.
    const waiting = getThing(2);
    await waitUntil(() => api.to('authentication/refresh-token').length === 1);
    const { identity } = person();
    await expect(getThing(1, { identity })).resolves.toEqual({ n: 1 });
    expect(api.to('authentication/refresh-token')).toHaveLength(1);
    answer.resolve(renewed());
    await waiting;
  });

  test('a person without a token sends none, and their 401 is the answer', async () => {
    const api = apiTakingOnly('person-2');
    const identity: CallIdentity = { accessToken: async () => null, renew: jest.fn() };
    await expect(getThing(1, { identity, quiet: true })).rejects.toMatchObject({ status: 401 });
    expect(api.sent[0]?.authorization).toBeNull();
    expect(identity.renew).not.toHaveBeenCalled();
  });
});

describe('headers of one call', () => {
  test('are sent beside the token', async () => {
    const api = fakeApi(() => ok({ n: 1 }));
    await call({ method: 'get', path: 'things/1', data: thing, headers: { 'x-device-token': 'secret' } });
    expect(api.sent[0]?.request.headers.get('x-device-token')).toBe('secret');
    expect(api.sent[0]?.authorization).toBe('access-1');
  });
});

describe('file locations', () => {
  afterEach(() => configureApi({ baseUrl: '' }));

  test('a path on the API is fetched from the API’s origin, so an embedded remote shows the photo', () => {
    const path = '/api/v1/common-uri/file/2026/11/photo.jpg';
    configureApi({ baseUrl: '' });
    expect(fileUrl(path)).toBe(path);
    configureApi({ baseUrl: 'https://api.harbourvine.example/' });
    expect(fileUrl(path)).toBe('https://api.harbourvine.example/api/v1/common-uri/file/2026/11/photo.jpg');
  });

  test('an absolute (signed) address is used as it is', () => {
    configureApi({ baseUrl: 'https://api.harbourvine.example' });
    const signed = 'https://files.example/bucket/photo.jpg?X-Amz-Signature=abc';
    expect(fileUrl(signed)).toBe(signed);
    expect(fileUrl('//cdn.example/photo.jpg')).toBe('//cdn.example/photo.jpg');
  });
});

import { notifyStore } from '../notify/store.js';
import { session } from '../session/store.js';
import { download, fileNameOf } from './client.js';
import { ApiError } from './errors.js';
import { fail, fakeApi, loginResponse, ok, resetBrowserState } from './testing.js';

// `download`: a file answer (an export, a template) through the same client as `call`.

const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeEach(() => {
  resetBrowserState();
  session.signIn(loginResponse());
});

test('returns the bytes and the server’s file name, sent with the session token and the query', async () => {
  const api = fakeApi(
    () =>
      new Response('PK-bytes', {
        headers: {
          'content-type': xlsx,
          'content-disposition': `attachment; filename="staff.xlsx"; filename*=UTF-8''Staff%20%E2%80%93%20Brighton.xlsx`,
        },
      }),
  );
  const file = await download({
    method: 'get',
    path: 'staff-people/download',
    query: { siteID: 'abc', search: '' },
  });
  expect(await file.blob.text()).toBe('PK-bytes');
  expect(file.fileName).toBe('Staff – Brighton.xlsx');
  expect(api.sent[0]).toMatchObject({ path: 'staff-people/download', authorization: 'access-1' });
  expect(Object.fromEntries(api.sent[0]!.query)).toEqual({ siteID: 'abc' });
  expect(notifyStore.getState().toasts).toEqual([]);
});

test('a refusal is the same ApiError and pop-up as for any call', async () => {
  fakeApi(() => fail(403, { message: 'You may not export this site’s staff', error: 'FORBIDDEN' }));
  const failure = download({ method: 'get', path: 'staff-people/download' });
  await expect(failure).rejects.toBeInstanceOf(ApiError);
  await expect(failure).rejects.toMatchObject({ status: 403 });
  expect(notifyStore.getState().error?.title).toBe('You may not export this site’s staff');
});

test('after an expired token it refreshes once and retries, like call', async () => {
  const api = fakeApi((sent) => {
    if (sent.path === 'authentication/refresh-token')
      return ok(loginResponse({ accessToken: 'access-2', refreshToken: 'refresh-2' }));
    if (sent.authorization !== 'access-2')
      return fail(401, { message: 'Your session has expired', error: 'TOKEN_EXPIRED' });
    return new Response('a,b\n', { headers: { 'content-type': 'text/csv' } });
  });
  const file = await download({ method: 'get', path: 'staff-people/upload-template' });
  expect(await file.blob.text()).toBe('a,b\n');
  expect(file.fileName).toBeNull();
  expect(api.sent.map((s) => s.path)).toEqual([
    'staff-people/upload-template',
    'authentication/refresh-token',
    'staff-people/upload-template',
  ]);
});

test('file names from Content-Disposition', () => {
  expect(fileNameOf('attachment; filename="staff.csv"')).toBe('staff.csv');
  expect(fileNameOf('attachment; filename=staff.csv')).toBe('staff.csv');
  expect(fileNameOf("attachment; filename*=UTF-8''caf%C3%A9.xlsx")).toBe('café.xlsx');
  expect(fileNameOf('attachment')).toBeNull();
  expect(fileNameOf(null)).toBeNull();
});

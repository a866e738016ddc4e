import { session } from '../session/store.js';
import { fakeApi, ids, loginResponse, ok, resetBrowserState, site, type Sent } from '../http/testing.js';
import { foodItemApi, masterTypeApi } from '../equipment/index.js';
import { organizationApi } from '../organization/index.js';
import { sitesApi } from '../sites/index.js';
import { authApi } from './auth.js';
import { filesApi } from './files.js';

const emptyList = { list: [], records: 0, page: 1, limit: 10 };

beforeEach(() => {
  resetBrowserState();
  session.signIn(loginResponse());
});

/** The multipart parts of a request, as the server would read them. */
const partsOf = (sent: Sent | undefined) =>
  new Response(sent?.body, {
    headers: { 'content-type': sent?.request.headers.get('content-type') ?? '' },
  }).formData();

test('a list sends its params and filters, leaving out empty ones', async () => {
  const api = fakeApi(() => ok(emptyList));
  await sitesApi.list({ search: '', sort: '-name', page: 2, limit: 10, status: false });
  const [sent] = api.sent;
  expect(sent?.method).toBe('GET');
  expect(sent?.path).toBe('site-panel/web-app-list');
  expect(Object.fromEntries(sent?.query ?? [])).toEqual({
    sort: '-name',
    page: '2',
    limit: '10',
    status: 'false',
  });
});

test('a site is created as multipart form data, structured fields as JSON text', async () => {
  const api = fakeApi(() => ok(site, 'Site created'));
  const timing = [{ day: 1, isOpen: true, openTime: '09:00', closeTime: '17:00' }];
  await expect(
    sitesApi.create({
      name: 'Harbour Kitchen',
      timing,
      timeZoneId: 'Europe/London',
      country: 'GB',
      add1: undefined,
    }),
  ).resolves.toEqual(site);

  const [sent] = api.sent;
  expect(sent?.method).toBe('POST');
  expect(sent?.path).toBe('site-panel/create-new-one');
  expect(sent?.request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
  const form = await partsOf(sent);
  expect(form.get('name')).toBe('Harbour Kitchen');
  expect(JSON.parse(String(form.get('timing')))).toEqual(timing);
  expect(form.has('add1')).toBe(false);
});

test('a site update without siteAdminList leaves the field out, so its admins stay', async () => {
  const api = fakeApi(() => ok(site));
  await sitesApi.update({
    _id: ids.site,
    name: 'Harbour Kitchen',
    timing: [],
    timeZoneId: 'Europe/London',
    country: 'GB',
  });
  const form = await partsOf(api.sent[0]);
  expect(api.sent[0]?.method).toBe('PUT');
  expect(form.get('_id')).toBe(ids.site);
  expect(form.has('siteAdminList')).toBe(false);
});

test('a site is deleted with PATCH and its id in the body', async () => {
  const api = fakeApi(() => ok(null, 'Site deleted'));
  await sitesApi.remove(ids.site);
  expect(api.sent[0]).toMatchObject({ method: 'PATCH', path: 'site-panel/delete-one' });
  expect(JSON.parse(api.sent[0]?.body ?? '')).toEqual({ siteID: ids.site });
});

test('ids are path segments, never path syntax', async () => {
  const api = fakeApi(() => ok(site));
  await sitesApi.get('../organization/list').catch(() => undefined);
  expect(api.sent[0]?.path).toBe('site-panel/find-one/..%2Forganization%2Flist');
});

test('the time slots of a date, and of today when no date is given', async () => {
  const api = fakeApi(() => ok({}));
  await sitesApi.openTimeSlots(ids.site, '2026-03-29', { quiet: true }).catch(() => undefined);
  await sitesApi.openTimeSlots(ids.site, undefined, { quiet: true }).catch(() => undefined);
  expect(api.sent.map((sent) => [sent.path, sent.query.get('findDate')])).toEqual([
    [`site-panel/open-time-slot/${ids.site}`, '2026-03-29'],
    [`site-panel/open-time-slot/${ids.site}`, null],
  ]);
});

test('an organisation is deleted by id in the query', async () => {
  const api = fakeApi(() => ok(null));
  await organizationApi.remove(ids.org);
  expect(api.sent[0]).toMatchObject({ method: 'DELETE', path: 'organization/delete-one' });
  expect(api.sent[0]?.query.get('id')).toBe(ids.org);
});

test('equipment lists take their filters; fridges are deleted by masterTypeID', async () => {
  const api = fakeApi(() => ok(emptyList));
  await foodItemApi.list({ page: 1, siteID: ids.site, type: 'PROB' });
  await masterTypeApi.remove(ids.site).catch(() => undefined);
  expect(api.sent[0]?.path).toBe('foodItem/web-app-list');
  expect(Object.fromEntries(api.sent[0]?.query ?? [])).toEqual({ page: '1', siteID: ids.site, type: 'PROB' });
  expect(api.sent[1]).toMatchObject({ method: 'DELETE', path: `masterType/delete-one/${ids.site}` });
});

test('a file is uploaded as a named file part', async () => {
  const api = fakeApi(() =>
    ok({
      _id: ids.site,
      location: '/f/x.png',
      key: 'x.png',
      originalName: 'logo.png',
      contentType: 'image/png',
      size: 3,
    }),
  );
  await filesApi.upload(new Blob(['png'], { type: 'image/png' }), 'logo.png');
  expect(api.sent[0]).toMatchObject({ method: 'PUT', path: 'common-uri/file-upload-s3' });
  const file = (await partsOf(api.sent[0])).get('file');
  expect(file).toBeInstanceOf(File);
  expect(file instanceof File && file.name).toBe('logo.png');
});

test('logout names the session by its refresh token too, so it ends even with an expired access token', async () => {
  const api = fakeApi(() => ok(null, 'Signed out'));
  await authApi.logout();
  expect(api.sent[0]).toMatchObject({
    method: 'POST',
    path: 'authentication/logout',
    authorization: 'access-1',
  });
  expect(JSON.parse(api.sent[0]?.body ?? '')).toEqual({ refreshToken: 'refresh-1' });
});

import { selectedSite, siteStore } from '../site/store.js';
import { ids, loginResponse, resetBrowserState, site } from '../http/testing.js';
import { clearedOnLogout, session, sessionStore } from './store.js';
import type * as Store from './store.js';

const stored = () =>
  Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)]));

beforeEach(resetBrowserState);

test("signIn stores the spec's keys and userData with the token", () => {
  session.signIn(loginResponse());
  expect(stored()).toEqual({
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    orgId: ids.org,
    userData: expect.any(String),
  });
  expect(JSON.parse(localStorage.getItem('userData') ?? '')).toMatchObject({
    userID: ids.user,
    accessToken: 'access-1',
  });
  expect(session.get()).toMatchObject({
    accessToken: 'access-1',
    orgId: ids.org,
    isAdminToken: false,
    endedBecause: null,
  });
});

test('a stored session survives a reload', () => {
  session.signIn(loginResponse());
  jest.isolateModules(() => {
    // A fresh copy of the module reads what the last page left in localStorage.
    const reloaded = jest.requireActual<typeof Store>('./store.js');
    expect(reloaded.session.get()).toMatchObject({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      userData: { userID: ids.user },
    });
  });
});

test('signOut clears every stored key and the selected site', () => {
  session.signIn(loginResponse({ role: 'ADMIN' }));
  session.actInOrganization(ids.org);
  selectedSite.select(site);
  expect(localStorage.length).toBeGreaterThan(clearedOnLogout.length);

  session.signOut('expired');

  expect(stored()).toEqual({});
  expect(sessionStore.getState()).toEqual({
    accessToken: null,
    refreshToken: null,
    userData: null,
    orgId: null,
    isAdminToken: false,
    endedBecause: 'expired',
  });
  expect(siteStore.getState()).toEqual({
    selectedSiteID: null,
    selectedSiteTimezone: null,
    selectedSiteLabel: null,
    selectedSiteUnit: null,
    selectedSiteLocale: null,
  });
});

test('a platform admin keeps the organisation it acts in across a token refresh', () => {
  session.signIn(loginResponse({ role: 'ADMIN' }));
  expect(session.get()).toMatchObject({ orgId: null, isAdminToken: false });
  session.actInOrganization(ids.otherOrg);

  session.signIn(loginResponse({ role: 'ADMIN', accessToken: 'access-2', refreshToken: 'refresh-2' }));

  expect(session.get()).toMatchObject({ accessToken: 'access-2', orgId: ids.otherOrg, isAdminToken: true });
  expect(stored()).toMatchObject({ orgId: ids.otherOrg, isAdminToken: 'true', accessToken: 'access-2' });
});

test("any other user's organisation is always its own", () => {
  session.signIn(loginResponse({ role: 'ADMIN' }));
  session.actInOrganization(ids.otherOrg);
  session.signIn(loginResponse({ role: 'SITE_ADMIN' }));
  expect(session.get()).toMatchObject({ orgId: ids.org, isAdminToken: false });
  expect(localStorage.getItem('isAdminToken')).toBeNull();
});

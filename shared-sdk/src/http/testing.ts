// Test support for the SDK's own tests: contract-valid answers and a fake API behind the real HTTP client.
// Not exported from the package.
import type { LoginResponse, Role, Site } from '../contract/index.js';
import { notifyStore } from '../notify/store.js';
import { session } from '../session/store.js';
import { configureApi } from './client.js';

export const ids = {
  user: '0190a000-0000-7000-8000-000000000001',
  org: '0190a000-0000-7000-8000-0000000000b1',
  otherOrg: '0190a000-0000-7000-8000-0000000000b2',
  site: '0190a000-0000-7000-8000-0000000000c1',
} as const;

export function loginResponse(
  options: { accessToken?: string; refreshToken?: string; role?: Role } = {},
): LoginResponse {
  const { accessToken = 'access-1', refreshToken = 'refresh-1', role = 'ORGANIZATION_ADMIN' } = options;
  return {
    accessToken,
    refreshToken,
    expiresIn: 900,
    userData: {
      userID: ids.user,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      role,
      orgId: role === 'ADMIN' ? null : ids.org,
      siteIds: [],
      ability: [{ action: 'manage', subject: 'all' }],
      accessToken,
    },
  };
}

export const site: Site = {
  _id: ids.site,
  orgId: ids.org,
  name: 'Harbour Kitchen',
  description: '',
  location: { country: 'GB', county: null, region: 'England', city: 'Bristol' },
  add1: null,
  add2: null,
  city: 'Bristol',
  county: null,
  state: 'England',
  country: 'GB',
  zip: null,
  google_PlaceID: null,
  lat_long: null,
  timeZoneId: 'Europe/London',
  timeZoneName: 'Greenwich Mean Time',
  timeZoneDifferenceInMinute: 0,
  dstOffset: 0,
  timing: [{ day: 1, isOpen: true, openTime: '09:00', closeTime: '17:00' }],
  slotWindows: {},
  jurisdiction: 'GB-ENG',
  temperatureUnit: 'C',
  locale: 'en-GB',
  escalationMinutes: 30,
  excursionDebounceMinutes: 15,
  actionHours: 24,
  probeSensorToleranceCelsius: 2,
  siteAdminList: [],
  area: null,
  status: true,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};

/** The API's success envelope. */
export const ok = (data: unknown, message?: string) =>
  Response.json({ status: true, ...(message ? { message } : {}), data });

/** The API's error envelope. */
export const fail = (status: number, body: Record<string, unknown>) =>
  Response.json({ status: false, ...body }, { status });

export interface Sent {
  method: string;
  /** Path under /api/v1. */
  path: string;
  query: URLSearchParams;
  authorization: string | null;
  /** The body as text (JSON, or multipart form data). */
  body: string;
  request: Request;
}

/**
 * Points the real client at a fake API: `answer` sees each request (with its path under /api/v1) and
 * returns the response. Every request is recorded in `sent`, in the order it reached the network.
 */
export function fakeApi(answer: (sent: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const entry: Sent = {
      method: request.method,
      path: url.pathname.replace(/^\/api\/v1\//, ''),
      query: url.searchParams,
      authorization: request.headers.get('Authorization'),
      body: await request.clone().text(),
      request,
    };
    sent.push(entry);
    return answer(entry);
  };
  configureApi({ baseUrl: 'http://api.test', fetch });
  return {
    sent,
    to: (path: string) => sent.filter((entry) => entry.path === path),
  };
}

/** A fresh page: nothing stored, no toasts, no pop-up. */
export function resetBrowserState() {
  session.signOut();
  localStorage.clear();
  notifyStore.setState({ toasts: [], error: null }, true);
}

/** A promise with its resolve function outside, to hold an answer back until the test says so. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

// Test support for the kit's own tests (not built, not exported): a screen rendered inside a router, as
// the shell renders a remote's screens, with the URL and history in reach.
import { render, act, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from '@console/shared-sdk/router';
import { defineRulesFor, type AbilityUser } from '../ability/index.js';
import type { ListData, ListParams, Role, Supplier } from '../contract/index.js';
import { session } from '../session/store.js';
import { selectedSite } from '../site/store.js';

export interface RoutedRender extends RenderResult {
  /** The current URL's search params. */
  params: () => URLSearchParams;
  /** The current path and search, e.g. `/list?sort=-name`. */
  url: () => string;
  /** The browser's Back button. */
  back: () => Promise<void>;
  /** Following a link inside the app. */
  go: (to: string) => Promise<void>;
}

export function renderWithRouter(ui: ReactElement, url = '/list'): RoutedRender {
  const current: {
    location: { pathname: string; search: string } | null;
    navigate: NavigateFunction | null;
  } = { location: null, navigate: null };
  function Probe() {
    current.location = useLocation();
    current.navigate = useNavigate();
    return null;
  }
  const result = render(
    <MemoryRouter initialEntries={[url]}>
      {ui}
      <Probe />
    </MemoryRouter>,
  );
  return {
    ...result,
    params: () => new URLSearchParams(current.location?.search ?? ''),
    url: () => `${current.location?.pathname ?? ''}${current.location?.search ?? ''}`,
    back: () =>
      act(async () => {
        await current.navigate?.(-1);
      }),
    go: (to) =>
      act(async () => {
        await current.navigate?.(to);
      }),
  };
}

// ---- fixtures: a signed-in user, a chosen site, supplier rows and a paged list endpoint -----------------

export const ids = {
  user: '0190a000-0000-7000-8000-000000000001',
  org: '0190a000-0000-7000-8000-0000000000b1',
  siteA: '0190a000-0000-7000-8000-0000000000c1',
  siteB: '0190a000-0000-7000-8000-0000000000c2',
  fish: '0190a000-0000-7000-8000-0000000000d1',
  veg: '0190a000-0000-7000-8000-0000000000d2',
} as const;

export function signInAs(role: Role, siteIds: string[] = []) {
  const user: AbilityUser = { userID: ids.user, role, orgId: ids.org, siteIds };
  session.signIn({
    accessToken: 'access',
    refreshToken: 'refresh',
    userData: {
      userID: ids.user,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      role,
      orgId: ids.org,
      siteIds,
      ability: defineRulesFor(user),
      accessToken: 'access',
    },
  });
}

export const chooseSite = (id: string | null, timeZoneId = 'Europe/London') =>
  act(() =>
    selectedSite.select(
      id
        ? {
            _id: id,
            name: 'Harbour Kitchen',
            location: { country: 'GB', county: null, region: null, city: 'Bristol' },
            timeZoneId,
          }
        : null,
    ),
  );

export function supplier(id: string, name: string, siteID: string = ids.siteA): Supplier {
  return {
    _id: id,
    orgId: ids.org,
    siteID,
    supplierName: name,
    supplierContactPersonName: 'Sam',
    email: null,
    mobileNumber: null,
    supplierTypes: [],
    supplierTypeIDs: [],
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
  };
}

/** A list endpoint serving `rows` in pages, as the server would. */
export function pagedList<Row>(rows: readonly Row[]) {
  return jest.fn(async (params: ListParams): Promise<ListData<Row>> => {
    const page = params.page ?? 1;
    const limit = params.limit ?? 10;
    return { list: rows.slice((page - 1) * limit, page * limit), records: rows.length, page, limit };
  });
}

/** The params of the last list request. */
export const lastListCall = (list: jest.Mock) =>
  list.mock.calls.at(-1)?.[0] as ListParams & Record<string, unknown>;

/** Grids in jsdom have no layout: render every row and column regardless of the (zero) viewport. */
export const gridProps = { disableVirtualization: true } as const;

/**
 * Call inside a `describe`: every media query matches, as on a phone. jsdom has no layout, and the kit only
 * asks "below sm?".
 */
export function onAPhone() {
  const original = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) =>
      ({
        matches: true,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) satisfies MediaQueryList;
  });
  afterEach(() => {
    window.matchMedia = original;
  });
}

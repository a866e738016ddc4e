// Test support for the kit's own tests (not built, not exported): supplier rows, a paged list endpoint and a
// phone-sized screen. Signing in, choosing a site and rendering inside a router are the remotes' helpers
// (`@console/shared-sdk/testing`), so the kit is tested the way the remotes use it.
import { fireEvent, waitFor } from '@testing-library/react';
import type { ListData, ListParams, Supplier } from '../contract/index.js';
import { demoIds } from '../testing/index.js';

export { chooseSite, gridProps, renderWithRouter, signInAs, type RoutedRender } from '../testing/index.js';

// ---- fixtures: supplier rows at two sites, and a paged list endpoint ------------------------------------

export const ids = {
  user: demoIds.me,
  org: demoIds.org,
  siteA: demoIds.brighton,
  siteB: demoIds.manchester,
  fish: '0190a000-0000-7000-8000-0000000000d1',
  veg: '0190a000-0000-7000-8000-0000000000d2',
} as const;

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

export { onAPhone } from '../testing/screens.js';

/**
 * Types a whole date into a date picker. The pickers load lazily, so the field is awaited first; each keeps
 * its text in a hidden input (day-first, as the provider's en-GB locale writes it), and changing it is how
 * a test types a date ('' clears it).
 */
export async function typeDate(container: HTMLElement, id: string, text: string) {
  await waitFor(() => expect(container.querySelector(`#${id}`)).not.toBeNull());
  fireEvent.change(container.querySelector(`#${id}`)!, { target: { value: text } });
}

import type { GridSortModel } from '@mui/x-data-grid';
import { listDefaults, type ListParams } from '../contract/index.js';
import { isSortable } from './declarations.js';

// The list query of every screen as plain data and pure functions, so paging, sorting and the spec's
// append/replace rule can be tested without rendering anything.

/** A value a filter may put on the query string; empty ones are left off. */
export type FilterValue = string | number | boolean | null | undefined;
export type FilterValues = Record<string, FilterValue>;

export interface ListQuery {
  search: string;
  /** `column` ascending, `-column` descending. */
  sort: string;
  /** 1-based, as on the wire. */
  page: number;
  limit: number;
  filters: FilterValues;
  /**
   * Spec section 4: false when only the next page was asked for (its rows are appended), true after any
   * other change (the rows are replaced).
   */
  isParamChanged: boolean;
  /** Bumped by `reload`, so asking for the same page again is still a new query. */
  revision: number;
}

export type ListQueryChange =
  | { type: 'search'; search: string }
  | { type: 'page'; page: number }
  | { type: 'limit'; limit: number }
  /** null: the user cleared the sort, which returns to the screen's default. */
  | { type: 'sort'; sort: string | null }
  | { type: 'filters'; filters: FilterValues }
  | { type: 'more' }
  | { type: 'reload' }
  /** The URL changed (Back, a link): show what it says. */
  | { type: 'restore'; query: UrlListQuery };

export const pageSizeOptions = [10, 25, 50, 100] as const;

export function initialListQuery(options: { sort?: string; limit?: number; filters?: FilterValues } = {}) {
  return {
    search: listDefaults.search,
    sort: options.sort ?? listDefaults.sort,
    page: listDefaults.page,
    limit: options.limit ?? listDefaults.limit,
    filters: options.filters ?? {},
    isParamChanged: true,
    revision: 0,
  } satisfies ListQuery;
}

/** The next query after a change. `defaultSort` is what clearing the sort returns to. */
export function changeListQuery(query: ListQuery, change: ListQueryChange, defaultSort: string): ListQuery {
  // Anything that changes which rows match starts again at page 1.
  const fresh = { ...query, page: 1, isParamChanged: true };
  switch (change.type) {
    case 'search':
      return change.search === query.search ? query : { ...fresh, search: change.search };
    case 'limit':
      return { ...fresh, limit: change.limit };
    case 'sort':
      return { ...fresh, sort: change.sort ?? defaultSort };
    case 'filters':
      return { ...fresh, filters: { ...query.filters, ...change.filters } };
    case 'page': {
      const page = Math.max(1, change.page);
      // Already showing exactly that page: keep the query, so nothing is fetched again.
      if (page === query.page && query.isParamChanged) return query;
      return { ...query, page, isParamChanged: true };
    }
    case 'more':
      return { ...query, page: query.page + 1, isParamChanged: false };
    case 'restore':
      return sameUrlQuery(query, change.query) ? query : { ...query, ...change.query, isParamChanged: true };
    case 'reload':
      // After "Load more" the rows span pages 1..n; reloading only page n would drop edits on the
      // earlier ones, so start again from the first page.
      return {
        ...query,
        page: query.isParamChanged ? query.page : 1,
        isParamChanged: true,
        revision: query.revision + 1,
      };
  }
}

/**
 * Spec section 4: append the page when isParamChanged is false, replace the rows when true. Appending
 * skips ids already shown: a record created while paging shifts the next page by one.
 */
export function applyListPage<Row extends { _id: string }>(
  rows: readonly Row[],
  page: readonly Row[],
  isParamChanged: boolean,
): Row[] {
  if (isParamChanged) return [...page];
  const shown = new Set(rows.map((row) => row._id));
  return [...rows, ...page.filter((row) => !shown.has(row._id))];
}

/** What goes on the wire: the list params plus fixed params and filters, without empty values. */
export function toListParams(query: ListQuery, fixed: FilterValues = {}): ListParams & FilterValues {
  const params: ListParams & FilterValues = {
    search: query.search,
    sort: query.sort,
    page: query.page,
    limit: query.limit,
  };
  for (const [key, value] of Object.entries({ ...query.filters, ...fixed })) {
    if (value !== undefined && value !== null && value !== '') params[key] = value;
  }
  return params;
}

/** The grid's sort model as the `sort` param; an empty model means the default. */
export function sortFromModel(model: GridSortModel): string | null {
  const [item] = model;
  if (!item?.sort) return null;
  return item.sort === 'desc' ? `-${item.field}` : item.field;
}

/** The `sort` param as the grid's sort model; a column the grid does not show has no indicator. */
export function modelFromSort(sort: string, fields: readonly string[]): GridSortModel {
  const field = sort.replace(/^-/, '');
  if (!fields.includes(field)) return [];
  return [{ field, sort: sort.startsWith('-') ? 'desc' : 'asc' }];
}

/**
 * True when the user narrowed the list, so "nothing found" rather than "nothing yet". A filter at its
 * default (`defaults`) narrows nothing, nor does one that says where the list looks rather than what it
 * keeps (`places`: a day filter: an empty day is empty, not a search without results).
 */
export function isNarrowed(
  query: ListQuery,
  { defaults = {}, places = [] }: { defaults?: FilterValues; places?: readonly string[] } = {},
): boolean {
  return (
    query.search.trim() !== '' ||
    Object.entries(query.filters).some(
      ([name, value]) =>
        value !== undefined &&
        value !== null &&
        value !== '' &&
        value !== defaults[name] &&
        !places.includes(name),
    )
  );
}

// ---- the list query in the URL --------------------------------------------------------------------------

/** The part of the query a URL holds: `?search=fish&sort=-supplierName&page=2&limit=25&day=2026-03-30`. */
export type UrlListQuery = Pick<ListQuery, 'search' | 'sort' | 'page' | 'limit' | 'filters'>;

/** How one list reads and writes the URL: its defaults are left out of it, unknown values ignored. */
export interface ListUrlScheme {
  defaultSort: string;
  /** The sorts the API accepts; a URL asking for another gets the default. */
  sortable?: readonly string[];
  defaultLimit: number;
  /** The declared filters' params; other params belong to someone else (the modal, the tab). */
  filterNames: readonly string[];
  /** A filter's value while the URL has none (a day filter's today). */
  defaultFilters: FilterValues;
}

const listKeys = ['search', 'sort', 'page', 'limit'] as const;

const positiveInteger = (text: string | null) => {
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
};

/** What the URL asks the list to show; what it cannot mean is read as the default. */
export function readListQuery(params: URLSearchParams, scheme: ListUrlScheme): UrlListQuery {
  const sort = params.get('sort');
  const limit = positiveInteger(params.get('limit'));
  const filters: FilterValues = {};
  for (const name of scheme.filterNames) {
    const value = params.get(name);
    filters[name] = value !== null && value !== '' ? value : scheme.defaultFilters[name];
  }
  return {
    search: params.get('search')?.trim() ?? '',
    sort: sort !== null && sort !== '' && isSortable(sort, scheme.sortable) ? sort : scheme.defaultSort,
    page: positiveInteger(params.get('page')) ?? 1,
    limit:
      limit !== null && (pageSizeOptions as readonly number[]).includes(limit) ? limit : scheme.defaultLimit,
    filters,
  };
}

/**
 * The URL's params with the list's part replaced, defaults left out. The page of "Load more" is not
 * written: a reload shows the first page of cards again rather than only the last one.
 */
export function writeListQuery(
  params: URLSearchParams,
  query: ListQuery,
  scheme: ListUrlScheme,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...listKeys, ...scheme.filterNames]) {
    if (key === 'page' && !query.isParamChanged) continue;
    next.delete(key);
  }
  if (query.search !== '') next.set('search', query.search);
  if (query.sort !== scheme.defaultSort) next.set('sort', query.sort);
  if (query.isParamChanged && query.page !== 1) next.set('page', String(query.page));
  if (query.limit !== scheme.defaultLimit) next.set('limit', String(query.limit));
  for (const name of scheme.filterNames) {
    const value = query.filters[name];
    if (value !== undefined && value !== null && value !== '' && value !== scheme.defaultFilters[name])
      next.set(name, String(value));
  }
  return next;
}

const present = (filters: FilterValues) =>
  Object.entries(filters)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => `${key}=${String(value)}`)
    .sort()
    .join('&');

function sameUrlQuery(query: ListQuery, other: UrlListQuery): boolean {
  return (
    query.search === other.search &&
    query.sort === other.sort &&
    // After "Load more" the URL keeps the first page (see writeListQuery): that is the same list.
    (query.page === other.page || !query.isParamChanged) &&
    query.limit === other.limit &&
    present(query.filters) === present(other.filters)
  );
}

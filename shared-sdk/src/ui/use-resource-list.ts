import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useLocation, useSearchParams } from '@console/shared-sdk/router';
import type { ListData, ListParams } from '../contract/index.js';
import {
  applyListPage,
  changeListQuery,
  initialListQuery,
  readListQuery,
  toListParams,
  writeListQuery,
  type FilterValues,
  type ListUrlScheme,
  type ListQuery,
  type ListQueryChange,
} from './list-query.js';

export interface ResourceListOptions<Row> {
  /** `signal` aborts a request whose answer is no longer wanted (the query changed meanwhile). */
  list: (params: ListParams & FilterValues, signal: AbortSignal) => Promise<ListData<Row>>;
  /** Default `_id` (creation order); clearing the sort returns here. */
  defaultSort?: string;
  limit?: number;
  /** Sent with every request (a site, a fixed `type`); a change starts again at page 1. */
  params?: FilterValues;
  /** Initial filter values. */
  filters?: FilterValues;
  /** False while the list cannot be asked for yet (no site chosen): nothing is fetched. */
  enabled?: boolean;
  /**
   * Keeps the query in the URL's search params, so a reload or a shared link shows the same list and
   * Back/Forward restore it. One list per page does this (the active tab's). Needs a router.
   */
  syncWithLocation?: ListUrlScheme;
}

export interface ResourceList<Row> {
  query: ListQuery;
  rows: Row[];
  /** The total on the server (`records`). */
  records: number;
  loading: boolean;
  error: unknown;
  /** True once a response (or error) arrived for the current scope: empty states wait for it. */
  settled: boolean;
  hasMore: boolean;
  setSearch: (search: string) => void;
  /** 1-based. */
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
  setSort: (sort: string | null) => void;
  setFilters: (filters: FilterValues) => void;
  /** The next page, appended (isParamChanged false). */
  loadMore: () => void;
  /** Ask again, e.g. after a mutation or for Retry. */
  reload: () => void;
}

interface Loaded<Row> {
  rows: Row[];
  records: number;
  error: unknown;
  /** The query the rows (or the error) answer. */
  answered: ListQuery | null;
  /** The fixed params they were asked with. */
  scope: string | null;
}

/** The server list state of one screen: the query, the rows it returned, and how to change it. */
export function useResourceList<Row extends { _id: string }>(
  options: ResourceListOptions<Row>,
): ResourceList<Row> {
  const { defaultSort = initialListQuery().sort, enabled = true, syncWithLocation: scheme } = options;
  const [searchParams, setSearchParams] = useSearchParams();
  const [query, dispatch] = useReducer(
    (current: ListQuery, change: ListQueryChange) => changeListQuery(current, change, defaultSort),
    null,
    () => {
      const initial = initialListQuery({ sort: defaultSort, limit: options.limit, filters: options.filters });
      return scheme ? { ...initial, ...readListQuery(searchParams, scheme) } : initial;
    },
  );

  // The URL and the query follow each other. What this hook last wrote is remembered, so only a change
  // from elsewhere (Back, a link) is read back.
  const schemeRef = useRef(scheme);
  useEffect(() => {
    schemeRef.current = scheme;
  });
  const written = useRef<string | null>(null);
  const location = useLocation();
  // setSearchParams is a new function whenever the URL changes: kept in the ref, so only a change of the
  // query writes the URL (a URL changed from elsewhere is read back below, never overwritten).
  const latestUrl = useRef({ searchParams, state: location.state as unknown, setSearchParams });
  useEffect(() => {
    latestUrl.current = { searchParams, state: location.state as unknown, setSearchParams };
  });
  const synced = scheme !== undefined;
  useEffect(() => {
    const current = schemeRef.current;
    if (!current) return;
    const { searchParams: params, state, setSearchParams: write } = latestUrl.current;
    const next = writeListQuery(params, query, current);
    written.current = next.toString();
    if (written.current === params.toString()) return;
    // Changing the list is not a step Back should undo (opening a modal is), and it keeps the entry's
    // state (whether a modal was opened by a push).
    write(next, { replace: true, preventScrollReset: true, state });
  }, [query, synced]);
  const searchText = searchParams.toString();
  useEffect(() => {
    const current = schemeRef.current;
    if (!current || searchText === written.current) return;
    dispatch({ type: 'restore', query: readListQuery(new URLSearchParams(searchText), current) });
  }, [searchText]);
  const [loaded, setLoaded] = useState<Loaded<Row>>({
    rows: [],
    records: 0,
    error: null,
    answered: null,
    scope: null,
  });

  // Fixed params arrive as a fresh object on every render; compare their content, not their identity.
  const paramsKey = JSON.stringify(options.params ?? {});
  const [scope, setScope] = useState(paramsKey);
  if (scope !== paramsKey) {
    // A new site (or type) is a new list: back to page 1, replacing the rows, decided during render so
    // the old scope's page is never requested.
    setScope(paramsKey);
    dispatch({ type: 'page', page: 1 });
  }

  // The latest function without refetching when a caller passes a new closure each render.
  const listRef = useRef(options.list);
  useEffect(() => {
    listRef.current = options.list;
  });

  useEffect(() => {
    if (!enabled) return;
    // Responses can come back out of order (fast typing, quick paging): only the latest one counts, and
    // the superseded request is cancelled.
    let current = true;
    const controller = new AbortController();
    const fixed = JSON.parse(scope) as FilterValues;
    listRef.current(toListParams(query, fixed), controller.signal).then(
      (data) => {
        if (!current) return;
        // The last row of the last page was deleted: show the page that now is the last one.
        const lastPage = Math.ceil(data.records / query.limit);
        if (data.list.length === 0 && data.records > 0 && lastPage < query.page) {
          dispatch({ type: 'page', page: lastPage });
          return;
        }
        setLoaded((state) => ({
          rows: applyListPage(state.rows, data.list, query.isParamChanged),
          records: data.records,
          error: null,
          answered: query,
          scope,
        }));
      },
      (error: unknown) => {
        if (current) setLoaded((state) => ({ ...state, error, answered: query, scope }));
      },
    );
    return () => {
      current = false;
      controller.abort();
    };
  }, [query, scope, enabled]);

  // Derived rather than set when a request starts: loading until the answer to this very query is in.
  const loading = enabled && loaded.answered !== query;
  const shown = enabled ? loaded : { rows: [], records: 0 };
  return {
    query,
    rows: shown.rows,
    records: shown.records,
    loading,
    error: loading ? null : loaded.error,
    settled: enabled && loaded.scope === scope,
    hasMore: shown.rows.length < shown.records,
    setSearch: useCallback((search: string) => dispatch({ type: 'search', search }), []),
    setPage: useCallback((page: number) => dispatch({ type: 'page', page }), []),
    setLimit: useCallback((limit: number) => dispatch({ type: 'limit', limit }), []),
    setSort: useCallback((sort: string | null) => dispatch({ type: 'sort', sort }), []),
    setFilters: useCallback((filters: FilterValues) => dispatch({ type: 'filters', filters }), []),
    loadMore: useCallback(() => dispatch({ type: 'more' }), []),
    reload: useCallback(() => dispatch({ type: 'reload' }), []),
  };
}

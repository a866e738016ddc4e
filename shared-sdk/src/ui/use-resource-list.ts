import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ListData, ListParams } from '../contract/index.js';
import {
  applyListPage,
  changeListQuery,
  initialListQuery,
  toListParams,
  type FilterValues,
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
  loading: boolean;
  error: unknown;
  settled: boolean;
}

/** The server list state of one screen: the query, the rows it returned, and how to change it. */
export function useResourceList<Row extends { _id: string }>(
  options: ResourceListOptions<Row>,
): ResourceList<Row> {
  const { defaultSort = initialListQuery().sort, enabled = true } = options;
  const [query, dispatch] = useReducer(
    (current: ListQuery, change: ListQueryChange) => changeListQuery(current, change, defaultSort),
    { sort: defaultSort, limit: options.limit, filters: options.filters },
    initialListQuery,
  );
  const [loaded, setLoaded] = useState<Loaded<Row>>({
    rows: [],
    records: 0,
    loading: enabled,
    error: null,
    settled: false,
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
    if (!enabled) {
      setLoaded({ rows: [], records: 0, loading: false, error: null, settled: false });
      return;
    }
    // Responses can come back out of order (fast typing, quick paging): only the latest one counts, and
    // the superseded request is cancelled.
    let current = true;
    const controller = new AbortController();
    setLoaded((state) => ({ ...state, loading: true, error: null }));
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
          loading: false,
          error: null,
          settled: true,
        }));
      },
      (error: unknown) => {
        if (current) setLoaded((state) => ({ ...state, loading: false, error, settled: true }));
      },
    );
    return () => {
      current = false;
      controller.abort();
    };
  }, [query, scope, enabled]);

  return {
    query,
    ...loaded,
    hasMore: loaded.rows.length < loaded.records,
    setSearch: useCallback((search: string) => dispatch({ type: 'search', search }), []),
    setPage: useCallback((page: number) => dispatch({ type: 'page', page }), []),
    setLimit: useCallback((limit: number) => dispatch({ type: 'limit', limit }), []),
    setSort: useCallback((sort: string | null) => dispatch({ type: 'sort', sort }), []),
    setFilters: useCallback((filters: FilterValues) => dispatch({ type: 'filters', filters }), []),
    loadMore: useCallback(() => dispatch({ type: 'more' }), []),
    reload: useCallback(() => dispatch({ type: 'reload' }), []),
  };
}

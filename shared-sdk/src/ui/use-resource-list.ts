import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useLocation, useSearchParams } from '@console/shared-sdk/router';
import type { ListData, ListParams } from '../contract/index.js';
import { invalidate, type ReadKey } from '../data/reads.js';
import { useRead } from '../data/use-read.js';
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

/** A list page; some lists also answer their status tabs' counts (the day's tasks). */
export type ListAnswer<Row> = ListData<Row> & { counts?: Partial<Record<string, number>> };

export interface ResourceListOptions<Row> {
  /**
   * What the list reads (the kit says the declaration's subject and name): its pages are read through the
   * SDK's data layer under this key, so `invalidate` of a prefix of it refreshes the list.
   */
  readKey: ReadKey;
  /** What `reload` invalidates: a prefix of `readKey` (the kit says the subject). Default `readKey`. */
  changes?: ReadKey;
  /** `signal` aborts a request whose answer is no longer wanted (the query changed meanwhile). */
  list: (params: ListParams & FilterValues, signal: AbortSignal) => Promise<ListAnswer<Row>>;
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
  /** No answer yet for the page asked for (a refresh of the page shown is not loading). */
  loading: boolean;
  error: unknown;
  /** True once a response (or error) arrived for the current scope: empty states wait for it. */
  settled: boolean;
  /** The status counts the last answer carried, if the list answers them. */
  counts: Partial<Record<string, number>> | null;
  /**
   * The answer the rows shown came with, for a screen of its own layout that shows what else its list
   * answers (the overview's totals of every matching site); null before the first.
   */
  answer: ListAnswer<Row> | null;
  hasMore: boolean;
  setSearch: (search: string) => void;
  /** 1-based. */
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
  setSort: (sort: string | null) => void;
  setFilters: (filters: FilterValues) => void;
  /** The next page, appended (isParamChanged false). */
  loadMore: () => void;
  /** Ask again, e.g. after a mutation or for Retry: every read under `changes` (counts, an open view). */
  reload: () => void;
}

interface Shown<Row> {
  rows: Row[];
  /** The answer the rows are made of. */
  answer: ListAnswer<Row> | null;
  /** The fixed params it was asked with. */
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
  const [shown, setShown] = useState<Shown<Row>>({ rows: [], answer: null, scope: null });

  // Fixed params arrive as a fresh object on every render; compare their content, not their identity.
  const paramsKey = JSON.stringify(options.params ?? {});
  const [scope, setScope] = useState(paramsKey);
  if (scope !== paramsKey) {
    // A new site (or type) is a new list: back to page 1, replacing the rows, decided during render so
    // the old scope's page is never requested.
    setScope(paramsKey);
    dispatch({ type: 'page', page: 1 });
  }

  const params = toListParams(query, JSON.parse(scope) as FilterValues);
  const read = useRead<ListAnswer<Row>>(enabled ? [...options.readKey, 'list', params] : null, (signal) =>
    options.list(params, signal),
  );
  const answer = read.data;
  if (enabled && answer && answer !== shown.answer) {
    // The last row of the last page was deleted: show the page that now is the last one.
    const lastPage = Math.ceil(answer.records / query.limit);
    if (answer.list.length === 0 && answer.records > 0 && lastPage < query.page) {
      dispatch({ type: 'page', page: lastPage });
    } else {
      setShown({ rows: applyListPage(shown.rows, answer.list, query.isParamChanged), answer, scope });
    }
  }

  const changes = useRef(options.changes ?? options.readKey);
  useEffect(() => {
    changes.current = options.changes ?? options.readKey;
  });
  const reload = useCallback(() => {
    // After "Load more" the rows span pages; the reload starts again from the first.
    dispatch({ type: 'reload' });
    invalidate(changes.current);
  }, []);

  const failed = enabled && !read.reading && read.error !== null;
  const visible = enabled ? shown : { rows: [], answer: null };
  const records = visible.answer?.records ?? 0;
  return {
    query,
    rows: visible.rows,
    records,
    // A refresh of the page on screen (after a change, or a reopened list's cached page) keeps it, its
    // empty state and its buttons in place: only a page not yet answered shows as loading.
    loading: enabled && read.loading,
    error: failed ? read.error : null,
    settled: enabled && (shown.scope === scope || failed),
    counts: visible.answer?.counts ?? null,
    answer: visible.answer,
    hasMore: visible.rows.length < records,
    setSearch: useCallback((search: string) => dispatch({ type: 'search', search }), []),
    setPage: useCallback((page: number) => dispatch({ type: 'page', page }), []),
    setLimit: useCallback((limit: number) => dispatch({ type: 'limit', limit }), []),
    setSort: useCallback((sort: string | null) => dispatch({ type: 'sort', sort }), []),
    setFilters: useCallback((filters: FilterValues) => dispatch({ type: 'filters', filters }), []),
    loadMore: useCallback(() => dispatch({ type: 'more' }), []),
    reload,
  };
}

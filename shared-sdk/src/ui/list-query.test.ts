import {
  applyListPage,
  changeListQuery,
  initialListQuery,
  isNarrowed,
  modelFromSort,
  readListQuery,
  sortFromModel,
  toListParams,
  writeListQuery,
  type ListUrlScheme,
} from './list-query.js';
import { addDays, isDay, todayIn } from './days.js';

const row = (id: string) => ({ _id: id, name: `Row ${id}` });

describe('the list query', () => {
  it('starts with the spec defaults: empty search, _id ascending, page 1, limit 10, isParamChanged', () => {
    expect(initialListQuery()).toEqual({
      search: '',
      sort: '_id',
      page: 1,
      limit: 10,
      filters: {},
      isParamChanged: true,
      revision: 0,
    });
  });

  it('asks the next page with isParamChanged false, and goes back to replacing after any other change', () => {
    const first = initialListQuery();
    const more = changeListQuery(first, { type: 'more' }, '_id');
    expect(more).toMatchObject({ page: 2, isParamChanged: false });
    const searched = changeListQuery(more, { type: 'search', search: 'fish' }, '_id');
    expect(searched).toMatchObject({ page: 1, search: 'fish', isParamChanged: true });
  });

  it('starts again at page 1 when search, sort, limit or filters change, but not when paging', () => {
    const onPage3 = { ...initialListQuery(), page: 3 };
    expect(changeListQuery(onPage3, { type: 'sort', sort: '-name' }, '_id')).toMatchObject({
      page: 1,
      sort: '-name',
    });
    expect(changeListQuery(onPage3, { type: 'limit', limit: 25 }, '_id')).toMatchObject({
      page: 1,
      limit: 25,
    });
    expect(changeListQuery(onPage3, { type: 'filters', filters: { type: 'PROB' } }, '_id')).toMatchObject({
      page: 1,
      filters: { type: 'PROB' },
    });
    expect(changeListQuery(onPage3, { type: 'page', page: 4 }, '_id')).toMatchObject({
      page: 4,
      isParamChanged: true,
    });
  });

  it('returns to the default sort when the sort is cleared', () => {
    const sorted = changeListQuery(
      initialListQuery({ sort: 'name' }),
      { type: 'sort', sort: '-email' },
      'name',
    );
    expect(changeListQuery(sorted, { type: 'sort', sort: null }, 'name').sort).toBe('name');
  });

  it('keeps the same query object when nothing changed (no refetch)', () => {
    const query = initialListQuery();
    expect(changeListQuery(query, { type: 'search', search: '' }, '_id')).toBe(query);
    expect(changeListQuery(query, { type: 'page', page: 1 }, '_id')).toBe(query);
  });

  it('reloads the current page in the grid, and from page 1 after "Load more" appended pages', () => {
    const onPage3 = { ...initialListQuery(), page: 3 };
    expect(changeListQuery(onPage3, { type: 'reload' }, '_id')).toMatchObject({ page: 3, revision: 1 });
    const appended = changeListQuery(onPage3, { type: 'more' }, '_id');
    expect(changeListQuery(appended, { type: 'reload' }, '_id')).toMatchObject({
      page: 1,
      isParamChanged: true,
    });
  });
});

describe('applyListPage (spec section 4: isParamChanged)', () => {
  it('appends the page when isParamChanged is false', () => {
    expect(applyListPage([row('1'), row('2')], [row('3')], false).map((r) => r._id)).toEqual(['1', '2', '3']);
  });

  it('replaces the rows when isParamChanged is true', () => {
    expect(applyListPage([row('1'), row('2')], [row('3')], true).map((r) => r._id)).toEqual(['3']);
  });

  it('does not repeat a row that moved onto the next page while paging', () => {
    expect(applyListPage([row('1'), row('2')], [row('2'), row('3')], false).map((r) => r._id)).toEqual([
      '1',
      '2',
      '3',
    ]);
  });
});

describe('wire params and the grid sort model', () => {
  it('sends search, sort, page, limit, fixed params and non-empty filters', () => {
    const query = {
      ...initialListQuery(),
      filters: { startDate: '2026-03-01', endDate: '', type: undefined },
    };
    expect(toListParams(query, { siteID: 'site-1', status: null })).toEqual({
      search: '',
      sort: '_id',
      page: 1,
      limit: 10,
      startDate: '2026-03-01',
      siteID: 'site-1',
    });
  });

  it('maps ascending to `column`, descending to `-column` and an empty model to the default', () => {
    expect(sortFromModel([{ field: 'name', sort: 'asc' }])).toBe('name');
    expect(sortFromModel([{ field: 'name', sort: 'desc' }])).toBe('-name');
    expect(sortFromModel([])).toBeNull();
    expect(modelFromSort('-name', ['name'])).toEqual([{ field: 'name', sort: 'desc' }]);
    // `_id` is not a column: no sort indicator for the default order.
    expect(modelFromSort('_id', ['name'])).toEqual([]);
  });

  it('knows when the user narrowed the list', () => {
    expect(isNarrowed(initialListQuery())).toBe(false);
    expect(isNarrowed({ ...initialListQuery(), search: 'fish' })).toBe(true);
    expect(isNarrowed({ ...initialListQuery(), filters: { type: 'PROB' } })).toBe(true);
  });
});

describe('the list query in the URL', () => {
  const scheme: ListUrlScheme = {
    defaultSort: 'name',
    sortable: ['_id', 'name', 'createdAt'],
    defaultLimit: 10,
    filterNames: ['status', 'day'],
    defaultFilters: { day: '2026-03-30' },
  };
  const read = (search: string) => readListQuery(new URLSearchParams(search), scheme);

  it('reads what the URL says and defaults for what it leaves out', () => {
    expect(read('search=fish&sort=-createdAt&page=3&limit=25&status=PENDING&day=2026-03-29')).toEqual({
      search: 'fish',
      sort: '-createdAt',
      page: 3,
      limit: 25,
      filters: { status: 'PENDING', day: '2026-03-29' },
    });
    expect(read('')).toEqual({
      search: '',
      sort: 'name',
      page: 1,
      limit: 10,
      filters: { status: undefined, day: '2026-03-30' },
    });
  });

  it("ignores what the API would refuse: another list's sort, a page of 0, a limit it does not offer", () => {
    expect(read('sort=supplierName&page=0&limit=7')).toMatchObject({ sort: 'name', page: 1, limit: 10 });
    expect(read('sort=-supplierName&page=abc&limit=1000')).toMatchObject({
      sort: 'name',
      page: 1,
      limit: 10,
    });
  });

  it('writes only what differs from the defaults, and keeps the params of others (tab, modal)', () => {
    const query = {
      ...initialListQuery({ sort: 'name' }),
      search: 'fish',
      page: 2,
      filters: { day: '2026-03-30' },
    };
    const written = writeListQuery(
      new URLSearchParams('tab=types&view=abc&sort=-name&status=DONE'),
      query,
      scheme,
    );
    expect(Object.fromEntries(written)).toEqual({ tab: 'types', view: 'abc', search: 'fish', page: '2' });
  });

  it('round-trips: what it writes reads back as the same query', () => {
    const query = {
      ...initialListQuery({ sort: 'name' }),
      search: 'fish pie',
      sort: '-createdAt',
      page: 4,
      limit: 50,
      filters: { status: 'COMPLETED', day: '2026-01-01' },
    };
    expect(readListQuery(writeListQuery(new URLSearchParams(), query, scheme), scheme)).toEqual({
      search: query.search,
      sort: query.sort,
      page: query.page,
      limit: query.limit,
      filters: query.filters,
    });
  });

  it('leaves the page of "Load more" out, and a restore of the same list changes nothing', () => {
    const first = initialListQuery({ sort: 'name', filters: { day: '2026-03-30' } });
    const more = changeListQuery(first, { type: 'more' }, 'name');
    const written = writeListQuery(new URLSearchParams('page=1'), more, scheme);
    expect(written.get('page')).toBe('1');
    const restored = changeListQuery(
      more,
      { type: 'restore', query: readListQuery(written, scheme) },
      'name',
    );
    expect(restored).toBe(more);
  });
});

describe('site-local days', () => {
  it("reads today in the site's zone, not the browser's", () => {
    const instant = new Date('2026-03-29T23:30:00Z');
    expect(todayIn('Europe/London', instant)).toBe('2026-03-30');
    expect(todayIn('America/New_York', instant)).toBe('2026-03-29');
    expect(todayIn('UTC', instant)).toBe('2026-03-29');
  });

  it('steps calendar days across a DST change, a month end and a leap day', () => {
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', -1)).toBe('2026-10-24');
    expect(addDays('2026-03-31', 1)).toBe('2026-04-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('accepts only real dates', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('30/03/2026')).toBe(false);
  });
});

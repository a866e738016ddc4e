import {
  applyListPage,
  changeListQuery,
  initialListQuery,
  isNarrowed,
  modelFromSort,
  sortFromModel,
  toListParams,
} from './list-query.js';

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

import { Stack } from '@console/shared-sdk/mui';
import type { ReactNode } from 'react';
import type { ReadKey } from '../data/reads.js';
import type {
  CountParams,
  FilterDeclaration,
  FormContext,
  ResourceDefinition,
  StatusFilterDeclaration,
} from './declarations.js';
import { ListFilters, StatusTabs } from './filters.js';
import { toListParams, type FilterValues } from './list-query.js';
import { SearchField } from './SearchField.js';
import type { ResourceList } from './use-resource-list.js';

// A list's search box, declared filters and status tabs (part of useResourceGrid), each reading and
// changing the list's query.

export interface FilterParts {
  /** The search box and filters, or null when there are none. */
  filterBar: ReactNode;
  /** The status tabs, or null when none is declared. */
  statusTabs: ReactNode;
}

/**
 * @param fixed the list's fixed params (the site, the declaration's own), which its counts are for too
 * @param hidden nothing to filter yet (a site-scoped list waiting for a site)
 */
export function listFilterParts<Row>(
  resource: Pick<ResourceDefinition<{ _id: string }>, 'title' | 'search'> & {
    filters?: readonly FilterDeclaration[];
  },
  list: ResourceList<Row>,
  fixed: FilterValues,
  readKey: ReadKey,
  context: FormContext,
  hidden: boolean,
): FilterParts {
  const filters = resource.filters ?? [];
  const countParams: CountParams = { ...toListParams(list.query, fixed), search: list.query.search };
  for (const key of ['page', 'limit', 'sort'] as const) delete countParams[key];
  const statusFilter = filters.find((filter): filter is StatusFilterDeclaration => filter.kind === 'status');
  const statusTabs =
    statusFilter && !hidden ? (
      <StatusTabs
        filter={statusFilter}
        value={list.query.filters[statusFilter.name]}
        onChange={(value) => list.setFilters({ [statusFilter.name]: value })}
        countParams={countParams}
        readKey={readKey}
        listCounts={list.counts}
      />
    ) : null;
  const hasBar = resource.search !== false || filters.some((filter) => filter.kind !== 'status');
  const filterBar =
    !hidden && hasBar ? (
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1, flexWrap: 'wrap', alignItems: { sm: 'center' } }}
      >
        {resource.search !== false && (
          <SearchField
            value={list.query.search}
            onSearch={list.setSearch}
            placeholder={
              typeof resource.search === 'object'
                ? resource.search.placeholder
                : `Search ${resource.title.toLowerCase()}`
            }
          />
        )}
        <ListFilters
          filters={filters}
          values={list.query.filters}
          onChange={list.setFilters}
          context={context}
          countParams={countParams}
        />
      </Stack>
    ) : null;
  return { filterBar, statusTabs };
}

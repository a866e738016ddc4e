import { useSiteFormat } from './site-format.js';
import { Button, Chip, Stack } from '@console/shared-sdk/mui';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useId, useMemo, useState, type ReactNode } from 'react';
import type { Option } from '../contract/index.js';
import type { ReadKey } from '../data/reads.js';
import type {
  CountParams,
  FilterDeclaration,
  FormContext,
  OptionsSource,
  ResourceDefinition,
  SelectFilterDeclaration,
  StatusFilterDeclaration,
} from './declarations.js';
import { dayLabel } from './days.js';
import { asText, FilterControl, StatusTabs } from './filters.js';
import { toListParams, type FilterValues } from './list-query.js';
import { optionLabel, useOptions } from './options.js';
import { SearchField } from './SearchField.js';
import type { ResourceList } from './use-resource-list.js';

// A list's search box, declared filters and status tabs (part of useResourceGrid), each reading and
// changing the list's query. The search and the filters share one toolbar line that wraps; a list with more
// than three filters shows the first two and keeps the rest behind "More filters". Below the line, each
// filter that narrows the list is a chip that clears it, with "Clear all".

export interface FilterParts {
  /** The search box and filters, or null when there are none. */
  filterBar: ReactNode;
  /** The status tabs, or null when none is declared. */
  statusTabs: ReactNode;
}

type BarFilter = Exclude<FilterDeclaration, StatusFilterDeclaration>;

/** Filters a toolbar shows at most; with more, the first ones stay and the rest go under "More filters". */
const mostInline = 3;

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
  const barFilters = filters.filter((filter): filter is BarFilter => filter.kind !== 'status');
  const hasBar = resource.search !== false || barFilters.length > 0;
  const filterBar =
    !hidden && hasBar ? (
      <FilterToolbar
        filters={barFilters}
        search={
          resource.search === false
            ? null
            : typeof resource.search === 'object'
              ? resource.search.placeholder
              : `Search ${resource.title.toLowerCase()}`
        }
        list={list}
        context={context}
      />
    ) : null;
  return { filterBar, statusTabs };
}

interface FilterToolbarProps {
  filters: readonly BarFilter[];
  /** The search box's placeholder, or null for none. */
  search: string | null;
  list: Pick<ResourceList<unknown>, 'query' | 'setSearch' | 'setFilters'>;
  context: FormContext;
}

function FilterToolbar({ filters: declared, search, list, context }: FilterToolbarProps) {
  const panelId = useId();
  const [panelOpen, setPanelOpen] = useState(false);
  // What search-as-you-type filters have named their values, for their chips.
  const [names, setNames] = useState<Readonly<Record<string, Option>>>({});
  // A select's options are loaded once for its control and its chip.
  const filters = useMemo(() => declared.map(loadingOptionsOnce), [declared]);
  const { query, setFilters } = list;
  const values = query.filters;
  const inline = filters.length > mostInline ? mostInline - 1 : mostInline;
  const shown = filters.slice(0, inline);
  const more = filters.slice(inline);
  const active = filters.filter((filter) => narrows(filter, values));
  const activeMore = more.filter((filter) => narrows(filter, values)).length;

  const control = (filter: BarFilter) => (
    <FilterControl
      key={filterKey(filter)}
      filter={filter}
      values={values}
      onChange={setFilters}
      context={context}
      onNamed={(name, option) =>
        setNames((known) => (known[name]?.value === option.value ? known : { ...known, [name]: option }))
      }
    />
  );
  const clear = (filter: BarFilter) => setFilters(cleared(filter));
  const searching = query.search !== '';
  // What the chips show, and nothing else: a day stays where it is.
  const clearAll = () => {
    if (searching) list.setSearch('');
    setFilters(Object.assign({}, ...active.map(cleared)) as FilterValues);
  };

  const chipCount = active.length + (searching ? 1 : 0);
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {search !== null && (
          <SearchField value={query.search} onSearch={list.setSearch} placeholder={search} />
        )}
        {shown.map(control)}
        {more.length > 0 && (
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<FilterListIcon />}
            aria-expanded={panelOpen}
            aria-controls={panelId}
            onClick={() => setPanelOpen((open) => !open)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {activeMore > 0 ? `More filters (${activeMore})` : 'More filters'}
          </Button>
        )}
      </Stack>
      {more.length > 0 && (
        // Kept drawn while closed: its filters name their values for the chips.
        <Stack
          id={panelId}
          role="group"
          aria-label="More filters"
          direction="row"
          sx={{ display: panelOpen ? 'flex' : 'none', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
        >
          {more.map(control)}
        </Stack>
      )}
      {chipCount > 0 && (
        <Stack
          direction="row"
          role="group"
          aria-label="Active filters"
          sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
        >
          {searching && <ClearingChip text={`Search: ${query.search}`} onClear={() => list.setSearch('')} />}
          {active.map((filter) => (
            <FilterChip
              key={filterKey(filter)}
              filter={filter}
              values={values}
              names={names}
              context={context}
              onClear={() => clear(filter)}
            />
          ))}
          {chipCount > 1 && (
            <Button size="small" onClick={clearAll}>
              Clear all
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}

const filterKey = (filter: BarFilter) =>
  filter.kind === 'dateRange' ? `${filter.from}-${filter.to}` : filter.name;

/** The values that take a filter off the list. */
const cleared = (filter: BarFilter): FilterValues =>
  filter.kind === 'dateRange'
    ? { [filter.from]: undefined, [filter.to]: undefined }
    : { [filter.name]: undefined };

/**
 * True when the filter narrows the list: it has a value. A day is always set (it is where the list is, not
 * a narrowing of it), so it has no chip.
 */
function narrows(filter: BarFilter, values: FilterValues): boolean {
  if (filter.kind === 'day') return false;
  if (filter.kind === 'dateRange')
    return asText(values[filter.from]) !== undefined || asText(values[filter.to]) !== undefined;
  return asText(values[filter.name]) !== undefined;
}

/** A select whose options a loader gives, asked once per site and zone for both its control and chip. */
function loadingOptionsOnce(filter: BarFilter): BarFilter {
  if (filter.kind !== 'select' || typeof filter.options !== 'function') return filter;
  const load = filter.options;
  let last: { key: string; answer: ReturnType<typeof load> } | null = null;
  const options: OptionsSource = (context) => {
    const key = `${context.siteID}|${context.timeZone}`;
    if (last?.key !== key) {
      const answer = load(context);
      last = { key, answer };
      // A failure is not kept: the next time asks again.
      answer.catch(() => {
        if (last?.answer === answer) last = null;
      });
    }
    return last.answer;
  };
  return { ...filter, options } satisfies SelectFilterDeclaration;
}

/** A chip that clears what it names: click it, or press Delete or Backspace on it. */
function ClearingChip({ text, onClear }: { text: string; onClear: () => void }) {
  return (
    <Chip
      size="small"
      label={text}
      aria-label={`Clear ${text}`}
      onClick={onClear}
      onDelete={onClear}
      sx={{ maxWidth: '100%' }}
    />
  );
}

function FilterChip({
  filter,
  values,
  names,
  context,
  onClear,
}: {
  filter: BarFilter;
  values: FilterValues;
  names: Readonly<Record<string, Option>>;
  context: FormContext;
  onClear: () => void;
}) {
  const { locale } = useSiteFormat();
  if (filter.kind === 'select')
    return (
      <SelectChip
        filter={filter}
        value={asText(values[filter.name]) ?? ''}
        context={context}
        onClear={onClear}
      />
    );
  return <ClearingChip text={chipText(filter, values, names, locale)} onClear={onClear} />;
}

function SelectChip({
  filter,
  value,
  context,
  onClear,
}: {
  filter: SelectFilterDeclaration;
  value: string;
  context: FormContext;
  onClear: () => void;
}) {
  const { options } = useOptions(filter.options, context);
  return <ClearingChip text={`${filter.label}: ${optionLabel(options, value)}`} onClear={onClear} />;
}

/** A chip's words for any filter but a select (which names its option) and a day (which has none). */
function chipText(
  filter: Exclude<BarFilter, SelectFilterDeclaration>,
  values: FilterValues,
  names: Readonly<Record<string, Option>>,
  locale: string,
): string {
  switch (filter.kind) {
    case 'dateRange': {
      const from = asText(values[filter.from]);
      const to = asText(values[filter.to]);
      const labels = filter.labels ?? { from: 'From', to: 'To' };
      if (from && to) {
        return `${labels.from} – ${labels.to}: ${dayLabel(from, locale)} – ${dayLabel(to, locale)}`;
      }
      return from
        ? `${labels.from}: ${dayLabel(from, locale)}`
        : `${labels.to}: ${dayLabel(to ?? '', locale)}`;
    }
    case 'asyncSelect': {
      const value = asText(values[filter.name]) ?? '';
      const named = names[filter.name];
      return `${filter.label}: ${named?.value === value ? named.label : value}`;
    }
    case 'custom': {
      const value = asText(values[filter.name]) ?? '';
      return filter.chip ? filter.chip(value) : `${filter.label}: ${value}`;
    }
    case 'day':
      return filter.label ?? 'Day';
  }
}

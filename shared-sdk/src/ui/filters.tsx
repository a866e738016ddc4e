import {
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  IconButton,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  Tooltip,
} from '@console/shared-sdk/mui';
import { useEffect, useState } from 'react';
import type { Option } from '../contract/index.js';
import type { ReadKey } from '../data/reads.js';
import { useRead } from '../data/use-read.js';
import { consoleIcons } from '../icons/index.js';
import type {
  AsyncSelectFilterDeclaration,
  CountParams,
  DayFilterDeclaration,
  FilterDeclaration,
  FormContext,
  SelectFilterDeclaration,
  StatusFilterDeclaration,
} from './declarations.js';
import { addDays, dayLabel as dayWords, isDay, todayIn } from './days.js';
import { useSiteFormat } from './site-format.js';
import type { FilterValue, FilterValues } from './list-query.js';
import { optionLabel, useOptions } from './options.js';
import { DateRangeFilter, SitePicker } from './pickers.js';

// The declared filters of a list. Each reads its value from the list query (which the URL holds) and
// changes it through `onChange`; none keeps a value of its own that could disagree with the URL.

export interface FilterControlProps {
  /** Any filter but status tabs, which sit above the list (see StatusTabs). */
  filter: Exclude<FilterDeclaration, StatusFilterDeclaration>;
  values: FilterValues;
  onChange: (values: FilterValues) => void;
  context: FormContext;
  /** Where a search-as-you-type filter says what its value is called, for its chip. */
  onNamed?: (name: string, option: Option) => void;
}

/** Widths of the toolbar's controls: each as wide as it needs; on a phone two share a line. */
const controlWidth = { flex: { xs: '1 1 160px', sm: '0 0 auto' }, minWidth: 160 } as const;

/** One declared filter in the list's toolbar, reading its value from the list query. */
export function FilterControl({ filter, values, onChange, context, onNamed }: FilterControlProps) {
  switch (filter.kind) {
    case 'select':
      return (
        <SelectFilter
          filter={filter}
          value={values[filter.name]}
          onChange={(value) => onChange({ [filter.name]: value })}
          context={context}
        />
      );
    case 'dateRange':
      return (
        <Box sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, width: { sm: 340 } }}>
          <DateRangeFilter
            id={`${filter.from}-${filter.to}`}
            labels={filter.labels}
            value={{ from: asText(values[filter.from]) ?? null, to: asText(values[filter.to]) ?? null }}
            onChange={(range) => onChange({ [filter.from]: range.from, [filter.to]: range.to })}
          />
        </Box>
      );
    case 'day':
      return (
        <DayFilter
          filter={filter}
          value={asText(values[filter.name])}
          onChange={(day) => onChange({ [filter.name]: day })}
          timeZone={context.timeZone}
        />
      );
    case 'asyncSelect':
      return (
        <AsyncSelectFilter
          filter={filter}
          value={asText(values[filter.name])}
          onChange={(value) => onChange({ [filter.name]: value })}
          context={context}
          onNamed={(option) => onNamed?.(filter.name, option)}
        />
      );
    case 'custom':
      return (
        <Stack role="group" aria-label={filter.label} sx={{ justifyContent: 'center' }}>
          {filter.render({
            value: asText(values[filter.name]),
            onChange: (value) => onChange({ [filter.name]: value }),
            context,
          })}
        </Stack>
      );
  }
}

export const asText = (value: FilterValue) =>
  value === undefined || value === null || value === '' ? undefined : String(value);

/** A filter's value before the URL sets one: today for a day, the first status when there is no "All". */
export function filterDefaults(filters: readonly FilterDeclaration[], timeZone: string): FilterValues {
  const defaults: FilterValues = {};
  for (const filter of filters) {
    if (filter.kind === 'day') defaults[filter.name] = todayIn(timeZone);
    if (filter.kind === 'status' && filter.allLabel === false)
      defaults[filter.name] = filter.options[0]?.value;
  }
  return defaults;
}

function SelectFilter({
  filter,
  value,
  onChange,
  context,
}: {
  filter: SelectFilterDeclaration;
  value: unknown;
  onChange: (value: string | undefined) => void;
  context: FormContext;
}) {
  const { options, loading } = useOptions(filter.options, context);
  const selected = typeof value === 'string' ? value : '';
  // A value from the URL while the loader is still answering stands in as its own option, so the select
  // neither blanks it out nor warns about an unknown value (as a form's select does).
  const pending = loading && selected !== '' && !options.some((option) => option.value === selected);
  return (
    <TextField
      select
      size="small"
      label={filter.label}
      value={selected}
      onChange={(event) => onChange(event.target.value || undefined)}
      // The theme makes fields full width: in a toolbar each is as wide as its choice.
      fullWidth={false}
      sx={controlWidth}
      slotProps={{
        select: {
          renderValue: (v: unknown) => (v ? optionLabel(options, String(v)) : (filter.allLabel ?? 'All')),
          displayEmpty: true,
        },
        inputLabel: { shrink: true },
      }}
    >
      <MenuItem value="">{filter.allLabel ?? 'All'}</MenuItem>
      {pending && (
        <MenuItem value={selected} disabled>
          {selected}
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * One site-local day: previous, the day, next, and Today. The day is a button until the user wants to
 * pick another: the date picker (MUI X with luxon, a large download) loads then, not with the list.
 */
function DayFilter({
  filter,
  value,
  onChange,
  timeZone,
}: {
  filter: DayFilterDeclaration;
  value: string | undefined;
  onChange: (day: string) => void;
  timeZone: string;
}) {
  const [picking, setPicking] = useState(false);
  const { locale } = useSiteFormat();
  const today = todayIn(timeZone);
  const day = isDay(value) ? value : today;
  const label = filter.label ?? 'Day';
  const Previous = consoleIcons.previous;
  const Next = consoleIcons.next;
  const Calendar = consoleIcons.today;
  const previous = addDays(day, -1);
  const next = addDays(day, 1);
  const dayLabel = (one: string) => dayWords(one, locale);
  return (
    <Stack direction="row" role="group" aria-label={label} sx={{ alignItems: 'center', gap: 0.5 }}>
      <Tooltip title={`Previous day (${dayLabel(previous)})`}>
        <IconButton aria-label={`Previous day, ${dayLabel(previous)}`} onClick={() => onChange(previous)}>
          <Previous />
        </IconButton>
      </Tooltip>
      <Stack sx={{ width: 170 }}>
        {picking ? (
          <SitePicker
            kind="date"
            id={`day-${filter.name}`}
            label={label}
            value={day}
            onChange={(picked) => {
              if (picked) onChange(picked);
            }}
            sendIncomplete={false}
            size="small"
            autoFocus
          />
        ) : (
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<Calendar />}
            onClick={() => setPicking(true)}
            aria-label={`${label}: ${dayLabel(day)}. Choose another day`}
            sx={{ justifyContent: 'flex-start', whiteSpace: 'nowrap' }}
          >
            {dayLabel(day)}
          </Button>
        )}
      </Stack>
      <Tooltip title={`Next day (${dayLabel(next)})`}>
        <IconButton aria-label={`Next day, ${dayLabel(next)}`} onClick={() => onChange(next)}>
          <Next />
        </IconButton>
      </Tooltip>
      <Button size="small" onClick={() => onChange(today)} disabled={day === today}>
        Today
      </Button>
    </Stack>
  );
}

/** Status tabs with their counts, e.g. "Pending 4". */
export function StatusTabs({
  filter,
  value,
  onChange,
  countParams,
  readKey,
  listCounts,
}: {
  filter: StatusFilterDeclaration;
  value: FilterValue;
  onChange: (value: string | undefined) => void;
  countParams: CountParams;
  /** The list's read key: its counts are read under it, so the list's reload refreshes them too. */
  readKey: ReadKey;
  /** The counts the list's own answer carried, for a filter that declares no `counts`. */
  listCounts: Partial<Record<string, number>> | null;
}) {
  const { counts: load, name } = filter;
  const params: CountParams = { ...countParams, [name]: undefined };
  // A failure leaves the HTTP layer's pop-up; the tabs still work without numbers.
  const read = useRead<Partial<Record<string, number>>>(
    load ? [...readKey, 'counts', params] : null,
    (signal) => (load ? load(params, signal) : Promise.resolve({})),
  );
  const counts = load ? (read.data ?? null) : listCounts;
  const all = filter.allLabel === false ? null : (filter.allLabel ?? 'All');
  const selected = asText(value) ?? (all === null ? (filter.options[0]?.value ?? '') : '');
  const tabLabel = (label: string, count: number | undefined) =>
    count === undefined ? label : `${label} (${count})`;
  const total =
    counts && filter.options.every((option) => counts[option.value] !== undefined)
      ? filter.options.reduce((sum, option) => sum + (counts[option.value] ?? 0), 0)
      : undefined;
  return (
    <Tabs
      value={selected}
      onChange={(_event, next: string) => onChange(next === '' ? undefined : next)}
      aria-label={filter.label}
      variant="scrollable"
      allowScrollButtonsMobile
    >
      {all !== null && <Tab value="" label={tabLabel(all, total)} />}
      {filter.options.map((option) => (
        <Tab key={option.value} value={option.value} label={tabLabel(option.label, counts?.[option.value])} />
      ))}
    </Tabs>
  );
}

/** Search as you type: the options are the loader's for the typed text, asked once typing pauses. */
function AsyncSelectFilter({
  filter,
  value,
  onChange,
  context,
  onNamed,
}: {
  filter: AsyncSelectFilterDeclaration;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  context: FormContext;
  onNamed: (option: Option) => void;
}) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [found, setFound] = useState<{ query: string | null; options: readonly Option[] }>({
    query: null,
    options: [],
  });
  // The option picked here, or the one `resolve` named for a value that came from the URL.
  const [known, setKnown] = useState<Option | null>(null);
  const { search, resolve } = filter;
  const { siteID, timeZone } = context;
  // The box shows the chosen option's name: that is not a search, so opening it lists everything.
  const query = known !== null && text === known.label ? '' : text.trim();

  useEffect(() => {
    if (value === undefined || known?.value === value || !resolve) return;
    let current = true;
    resolve(value, { siteID, timeZone }).then(
      (option) => current && setKnown(option ?? { value, label: value }),
      () => current && setKnown({ value, label: value }),
    );
    return () => {
      current = false;
    };
  }, [value, known, resolve, siteID, timeZone]);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search(query, { siteID, timeZone }, controller.signal).then(
        (options) => !controller.signal.aborted && setFound({ query, options }),
        () => !controller.signal.aborted && setFound({ query, options: [] }),
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, query, search, siteID, timeZone]);

  // Its chip says the name, not the id.
  useEffect(() => {
    if (known) onNamed(known);
    // onNamed is a new function each render; only a new name is news.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [known]);

  const loading = open && found.query !== query;
  const selected =
    value === undefined
      ? null
      : known?.value === value
        ? known
        : // Not named yet (or nothing can name it): the value itself stands in.
          { value, label: resolve ? '…' : value };
  return (
    <Autocomplete<Option>
      size="small"
      sx={{ ...controlWidth, minWidth: 220 }}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={selected}
      onChange={(_event, option) => {
        setKnown(option);
        onChange(option?.value);
      }}
      inputValue={text}
      onInputChange={(_event, typed) => setText(typed)}
      // The server has matched the text already.
      filterOptions={(options) => options}
      options={found.options as Option[]}
      loading={loading}
      isOptionEqualToValue={(option, current) => option.value === current.value}
      getOptionLabel={(option) => option.label}
      noOptionsText={query ? 'No matches' : 'Type to search'}
      renderInput={(params) => (
        <TextField
          {...params}
          label={filter.label}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {loading ? <CircularProgress color="inherit" size={18} aria-label="Searching" /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}

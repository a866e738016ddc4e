import { Button, Stack } from '@console/shared-sdk/mui';
import { useSearchParams } from '@console/shared-sdk/router';
import { addDays, DateRangeFilter, isDay, todayIn, useSiteTimeZone } from '@console/shared-sdk/ui';
import { useCallback, useMemo } from 'react';

// The date range of a log list (issue 11): two local dates in the selected site's zone, sent as the APIs'
// `startDate` and `endDate`, kept in the URL (`?startDate=…&endDate=…`) and left out of it while they are
// the default "last N days", so a shared link without dates always means the recent days at that site.
//
// The kit's `dateRange` filter has no default, and a log list always has a range: so the range is the
// list's fixed `params` (a change starts again at page 1) rather than one of its filters, and the control
// is placed by the screen (ResourceScreen's `children`, or beside a useResourceGrid filter bar).

/** Local dates YYYY-MM-DD in the site's zone, start ≤ end. */
export interface LogDateRange {
  startDate: string;
  endDate: string;
}

/** The last `days` days up to today, in `timeZone`: 7 days is today and the six before it. */
export function lastDays(days: number, timeZone: string, now: Date = new Date()): LogDateRange {
  const endDate = todayIn(timeZone, now);
  return { startDate: addDays(endDate, 1 - days), endDate };
}

/** The range the URL asks for, or `fallback` when it names none or one that cannot be (end before start). */
export function readLogDateRange(params: URLSearchParams, fallback: LogDateRange): LogDateRange {
  const startDate = params.get('startDate');
  const endDate = params.get('endDate');
  const start = isDay(startDate) ? startDate : null;
  const end = isDay(endDate) ? endDate : null;
  if (start && end) return start <= end ? { startDate: start, endDate: end } : fallback;
  // One end from a link: keep it, and give the other its default unless that would cross it.
  if (start) return { startDate: start, endDate: start <= fallback.endDate ? fallback.endDate : start };
  if (end) return { startDate: end >= fallback.startDate ? fallback.startDate : end, endDate: end };
  return fallback;
}

export interface LogDateRangeState {
  range: LogDateRange;
  /** True while the range is the default last days (nothing in the URL). */
  isDefault: boolean;
  setRange: (range: LogDateRange) => void;
  /** Back to the default last days. */
  reset: () => void;
  /** The default, e.g. for an empty state's words. */
  defaultRange: LogDateRange;
}

/**
 * A log list's date range in the URL, defaulting to the last `days` days in the selected site's zone
 * (temperature 7, compliance 30, near misses 90: each API's own default). Pass `range` to the list as
 * params: `params: { ...range }`.
 */
export function useLogDateRange({ days }: { days: number }): LogDateRangeState {
  const timeZone = useSiteTimeZone();
  const [params, setParams] = useSearchParams();
  const today = todayIn(timeZone);
  // Keyed by today's date so the memo does not recompute on every render, yet moves on at midnight.
  const defaultRange = useMemo(() => lastDays(days, timeZone), [days, timeZone, today]); // eslint-disable-line react-hooks/exhaustive-deps
  const startText = params.get('startDate');
  const endText = params.get('endDate');
  const range = useMemo(
    () =>
      readLogDateRange(
        new URLSearchParams({ startDate: startText ?? '', endDate: endText ?? '' }),
        defaultRange,
      ),
    [startText, endText, defaultRange],
  );
  const write = useCallback(
    (next: LogDateRange | null) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.delete('startDate');
          updated.delete('endDate');
          updated.delete('page');
          if (next && (next.startDate !== defaultRange.startDate || next.endDate !== defaultRange.endDate)) {
            updated.set('startDate', next.startDate);
            updated.set('endDate', next.endDate);
          }
          return updated;
        },
        // Like the list's other filters: changing them is not a step Back undoes.
        { replace: true, preventScrollReset: true },
      ),
    [setParams, defaultRange],
  );
  return {
    range,
    isDefault: range.startDate === defaultRange.startDate && range.endDate === defaultRange.endDate,
    setRange: write,
    reset: useCallback(() => write(null), [write]),
    defaultRange,
  };
}

export interface LogDateRangeFilterProps {
  state: LogDateRangeState;
  /** The words of the button back to the default, e.g. "Last 7 days". */
  resetLabel: string;
}

/**
 * The range as two date pickers in the site's zone (the kit's DateRangeFilter, shown as a button with the
 * range until the user asks to change it, so opening a log does not download the pickers) and a button
 * back to the default. A cleared picker keeps the other end and takes the default for its own.
 */
export function LogDateRangeFilter({ state, resetLabel }: LogDateRangeFilterProps) {
  const { range, defaultRange, setRange, reset, isDefault } = state;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' } }}
      role="group"
      aria-label="Dates"
    >
      <DateRangeFilter
        deferred
        id="log-dates"
        value={{ from: range.startDate, to: range.endDate }}
        onChange={(next) => {
          const startDate = next.from ?? defaultRange.startDate;
          const endDate = next.to ?? defaultRange.endDate;
          setRange(startDate <= endDate ? { startDate, endDate } : { startDate, endDate: startDate });
        }}
      />
      <Button size="small" onClick={reset} disabled={isDefault}>
        {resetLabel}
      </Button>
    </Stack>
  );
}

import { Button, Stack } from '@console/shared-sdk/mui';
import { useSearchParams } from '@console/shared-sdk/router';
import { addDays, DateRangeFilter, isDay, todayIn, useSiteTimeZone } from '@console/shared-sdk/ui';
import { useCallback, useMemo } from 'react';

// A screen's range of site-local dates (a log list, a report, a check), kept in the URL so Back and a
// shared link show the same dates: `?days=7` for one of the presets ("last 7 days", up to today), or
// `?startDate=…&endDate=…` for chosen dates; nothing for the screen's default last days, so a link without
// dates always means the recent days. The pickers load only when the user asks to choose dates.

/** Site-local dates YYYY-MM-DD, start ≤ end. */
export interface LocalDateRange {
  startDate: string;
  endDate: string;
}

/** The presets offered unless a screen says otherwise. */
export const dateRangePresets: readonly number[] = [7, 30, 90];

/** The last `days` days up to today in `timeZone`: 7 days is today and the six before it. */
export function lastDays(days: number, timeZone: string, now: Date = new Date()): LocalDateRange {
  const endDate = todayIn(timeZone, now);
  return { startDate: addDays(endDate, 1 - days), endDate };
}

export interface DateRangeOptions {
  /** What a URL without dates means: the last `defaultDays` days. */
  defaultDays: number;
  /** The "last N days" offered (default 7, 30 and 90). */
  presets?: readonly number[];
  /** Whose today ends a preset (default the selected site's zone). */
  timeZone?: string;
}

export interface DateRangeChoice {
  range: LocalDateRange;
  /** The preset the range is, or null for chosen dates. */
  days: number | null;
}

/**
 * The range the URL asks for: chosen dates, or else the preset, or else the default. Chosen dates that
 * cannot be (end before start) give way to the preset; one end alone (an edited link) is kept, with the
 * other taken from the preset unless that would cross it.
 */
export function readDateRange(
  params: URLSearchParams,
  { defaultDays, presets = dateRangePresets, timeZone }: DateRangeOptions & { timeZone: string },
  now: Date = new Date(),
): DateRangeChoice {
  const asked = Number(params.get('days'));
  const days = presets.includes(asked) ? asked : defaultDays;
  const preset = lastDays(days, timeZone, now);
  const startDate = params.get('startDate');
  const endDate = params.get('endDate');
  const start = isDay(startDate) ? startDate : null;
  const end = isDay(endDate) ? endDate : null;
  const chosen = (range: LocalDateRange): DateRangeChoice => ({ range, days: null });
  if (start && end)
    return start <= end ? chosen({ startDate: start, endDate: end }) : { range: preset, days };
  if (start) return chosen({ startDate: start, endDate: start <= preset.endDate ? preset.endDate : start });
  if (end) return chosen({ startDate: end >= preset.startDate ? preset.startDate : end, endDate: end });
  return { range: preset, days };
}

export interface DateRangeState extends DateRangeChoice {
  presets: readonly number[];
  /** The range a URL without dates means. */
  defaultRange: LocalDateRange;
  /** A preset, or chosen dates (left out of the URL when they are the default). */
  setRange: (next: { days: number } | LocalDateRange) => void;
}

/**
 * The URL's range for a screen, in the selected site's zone unless `timeZone` says another. Pass `range`
 * to what the screen asks for (a list's `params`); it keeps its identity until the dates change.
 */
export function useDateRange(options: DateRangeOptions): DateRangeState {
  const { defaultDays, presets = dateRangePresets } = options;
  const siteZone = useSiteTimeZone();
  const timeZone = options.timeZone ?? siteZone;
  const [params, setParams] = useSearchParams();
  const today = todayIn(timeZone);
  const days = params.get('days');
  const startDate = params.get('startDate');
  const endDate = params.get('endDate');
  // Read again when the URL's dates or today change, not on every render.
  const choice = useMemo(
    () =>
      readDateRange(
        new URLSearchParams({ days: days ?? '', startDate: startDate ?? '', endDate: endDate ?? '' }),
        { defaultDays, presets, timeZone },
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `today` moves the presets on at midnight
    [days, startDate, endDate, defaultDays, presets, timeZone, today],
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- as above
  const defaultRange = useMemo(() => lastDays(defaultDays, timeZone), [defaultDays, timeZone, today]);
  const setRange = useCallback(
    (next: { days: number } | LocalDateRange) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          // A new range is a new list: it starts again at its first page.
          for (const name of ['days', 'startDate', 'endDate', 'page']) updated.delete(name);
          if ('days' in next) {
            if (next.days !== defaultDays) updated.set('days', String(next.days));
          } else if (next.startDate !== defaultRange.startDate || next.endDate !== defaultRange.endDate) {
            updated.set('startDate', next.startDate);
            updated.set('endDate', next.endDate);
          }
          return updated;
        },
        // Like the list's filters: changing them is not a step Back undoes.
        { replace: true, preventScrollReset: true },
      ),
    [setParams, defaultDays, defaultRange],
  );
  return { ...choice, presets, defaultRange, setRange };
}

export interface DateRangeChooserProps {
  state: DateRangeState;
  id?: string;
  /**
   * The locale of the site whose dates these are, where it is not the selected site's (a site's own
   * scores); the person's own date format still wins.
   */
  locale?: string | null;
}

/**
 * The presets as buttons ("Last 7 days", pressed while it is the range) and the dates as a button that
 * becomes the kit's two date pickers when pressed: a start picked after the end moves the end to it (and
 * the other way round), and a cleared picker takes the default's end. The dates are written and picked in
 * the selected site's locale unless `locale` names another.
 */
export function DateRangeChooser({ state, id = 'dates', locale }: DateRangeChooserProps) {
  const { range, days, presets, defaultRange, setRange } = state;
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1}
      sx={{ alignItems: { md: 'center' } }}
      role="group"
      aria-label="Dates"
    >
      <Stack direction="row" spacing={1}>
        {presets.map((preset) => (
          <Button
            key={preset}
            size="small"
            variant={days === preset ? 'contained' : 'outlined'}
            aria-pressed={days === preset}
            onClick={() => setRange({ days: preset })}
          >
            Last {preset} days
          </Button>
        ))}
      </Stack>
      <DateRangeFilter
        deferred
        id={id}
        value={{ from: range.startDate, to: range.endDate }}
        defaults={{ from: defaultRange.startDate, to: defaultRange.endDate }}
        locale={locale}
        onChange={({ from, to }) => {
          // Both ends are set: a cleared one took the default's.
          if (from && to) setRange({ startDate: from, endDate: to });
        }}
      />
    </Stack>
  );
}

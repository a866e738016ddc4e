import { useCallback, useMemo } from 'react';
import { Button, Stack } from '@console/shared-sdk/mui';
import { useSearchParams } from '@console/shared-sdk/router';
import { addDays, DateRangeFilter, isDay, todayIn } from '@console/shared-sdk/ui';

// A report's range of local dates, kept in the URL so Back and a shared link show the same report:
// `?days=7` (or 30, 90) for the last days up to today, `?startDate=…&endDate=…` for chosen dates; nothing
// for the report's default.

export const rangePresets = [7, 30, 90] as const;

export interface ReportRange {
  startDate: string;
  endDate: string;
  /** The preset it is, or null for chosen dates. */
  days: number | null;
}

/** The range the URL asks for, in `timeZone` (whose today ends a preset), or the last `defaultDays`. */
export function readReportRange(
  params: URLSearchParams,
  defaultDays: number,
  timeZone: string,
  now = new Date(),
): ReportRange {
  const today = todayIn(timeZone, now);
  const startDate = params.get('startDate');
  const endDate = params.get('endDate');
  if (isDay(startDate) && isDay(endDate) && startDate <= endDate) return { startDate, endDate, days: null };
  const asked = Number(params.get('days'));
  const days = rangePresets.includes(asked as (typeof rangePresets)[number]) ? asked : defaultDays;
  return { startDate: addDays(today, 1 - days), endDate: today, days };
}

export function useReportRange(defaultDays: number, timeZone: string) {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const today = todayIn(timeZone);
  // Recomputed when the URL or the date changes, not on every render.
  const range = useMemo(
    () => readReportRange(new URLSearchParams(key), defaultDays, timeZone),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, defaultDays, timeZone, today],
  );
  const write = useCallback(
    (next: { days: number } | { startDate: string; endDate: string }) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const name of ['days', 'startDate', 'endDate']) updated.delete(name);
          if ('days' in next) {
            if (next.days !== defaultDays) updated.set('days', String(next.days));
          } else {
            updated.set('startDate', next.startDate);
            updated.set('endDate', next.endDate);
          }
          return updated;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams, defaultDays],
  );
  return { range, setRange: write };
}

/** The presets as buttons, and chosen dates with the kit's date pickers. */
export function ReportRangeChooser({
  range,
  onChange,
}: {
  range: ReportRange;
  onChange: (next: { days: number } | { startDate: string; endDate: string }) => void;
}) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1}
      sx={{ alignItems: { md: 'center' } }}
      role="group"
      aria-label="Dates"
    >
      <Stack direction="row" spacing={1}>
        {rangePresets.map((days) => (
          <Button
            key={days}
            size="small"
            variant={range.days === days ? 'contained' : 'outlined'}
            aria-pressed={range.days === days}
            onClick={() => onChange({ days })}
          >
            Last {days} days
          </Button>
        ))}
      </Stack>
      <DateRangeFilter
        deferred
        id="report-dates"
        value={{ from: range.startDate, to: range.endDate }}
        onChange={(next) => {
          const startDate = next.from ?? range.startDate;
          const endDate = next.to ?? range.endDate;
          onChange(startDate <= endDate ? { startDate, endDate } : { startDate, endDate: startDate });
        }}
      />
    </Stack>
  );
}

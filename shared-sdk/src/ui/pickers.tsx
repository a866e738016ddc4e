import { lazy, Suspense, useState } from 'react';
import { Button, Stack, TextField } from '@console/shared-sdk/mui';
import { consoleIcons } from '../icons/index.js';
import { useSiteFormat } from './site-format.js';
import { dayLabel } from './days.js';
import type { DateRangeFilterProps, SitePickerProps } from './SitePickers.js';

// The date and time pickers (MUI X with luxon) are a large download that most list screens never show:
// they load the first time a screen renders one, with a disabled field standing in meanwhile.
const LazySitePicker = lazy(() => import('./SitePickers.js').then((m) => ({ default: m.SitePicker })));
const LazyDateRangeFilter = lazy(() =>
  import('./SitePickers.js').then((m) => ({ default: m.DateRangeFilter })),
);

const Placeholder = ({ label, size }: { label: string; size?: 'small' | 'medium' }) => (
  <TextField label={label} disabled size={size} fullWidth slotProps={{ htmlInput: { 'aria-busy': true } }} />
);

export function SitePicker(props: SitePickerProps) {
  return (
    <Suspense fallback={<Placeholder label={props.label} size={props.size} />}>
      <LazySitePicker {...props} />
    </Suspense>
  );
}

/** "17 Nov 2026 – 23 Nov 2026", or the end that is set, in the site's (or the person's) locale. */
const rangeText = ({ from, to }: DateRangeFilterProps['value'], locale: string) =>
  [from, to].map((day) => (day ? dayLabel(day, locale) : '…')).join(' – ');

export function DateRangeFilter({ deferred = false, ...props }: DateRangeFilterProps) {
  const labels = props.labels ?? { from: 'From', to: 'To' };
  const [picking, setPicking] = useState(!deferred);
  const { locale } = useSiteFormat({ locale: props.locale });
  if (!picking) {
    const Calendar = consoleIcons.today;
    return (
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<Calendar />}
        onClick={() => setPicking(true)}
        aria-label={`${labels.from} – ${labels.to}: ${rangeText(props.value, locale)}. Choose other dates`}
        sx={{ justifyContent: 'flex-start', whiteSpace: 'nowrap' }}
      >
        {rangeText(props.value, locale)}
      </Button>
    );
  }
  return (
    <Suspense
      fallback={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Placeholder label={labels.from} size="small" />
          <Placeholder label={labels.to} size="small" />
        </Stack>
      }
    >
      <LazyDateRangeFilter {...props} autoFocus={deferred || props.autoFocus} />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import { Stack, TextField } from '@console/shared-sdk/mui';
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

export function DateRangeFilter(props: DateRangeFilterProps) {
  const labels = props.labels ?? { from: 'From', to: 'To' };
  return (
    <Suspense
      fallback={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Placeholder label={labels.from} size="small" />
          <Placeholder label={labels.to} size="small" />
        </Stack>
      }
    >
      <LazyDateRangeFilter {...props} />
    </Suspense>
  );
}

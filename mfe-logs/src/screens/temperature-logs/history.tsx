import {
  limitsText,
  temperatureLogApi,
  type TemperatureLog,
  type TemperatureLogSnapshot,
} from '@console/shared-sdk/logs';
import type { SiteFormat } from '@console/shared-sdk/ui';
import { useMemo } from 'react';
import { RecordHistory, type HistoryField } from '../shared/history';
import { useRecordFormat } from '../shared/site-writing';
import { resultLabel } from './status';

// A reading's history in its view: who recorded, corrected or deleted it, when, what changed and why, its
// temperatures in its site's unit. Loaded with the view's other sections, not with the list.

function historyFields(format: SiteFormat): readonly HistoryField<TemperatureLogSnapshot>[] {
  return [
    {
      key: 'celsius',
      label: 'Reading',
      format: (value) => (typeof value === 'number' ? format.temperature(value) : 'none'),
    },
    {
      key: 'result',
      label: 'Result',
      format: (value) =>
        value === 'PASS' || value === 'WARN' || value === 'FAIL' ? resultLabel(value) : 'none',
    },
    { key: 'correctiveAction', label: 'Corrective action' },
    { key: 'note', label: 'Note' },
    {
      key: 'limits',
      label: 'Limits',
      format: (value) =>
        typeof value === 'object' && value !== null
          ? limitsText(value as TemperatureLogSnapshot['limits'], format.unit)
          : 'none',
    },
  ];
}

export function TemperatureHistory({ reading }: { reading: TemperatureLog }) {
  const format = useRecordFormat(reading);
  const fields = useMemo(() => historyFields(format), [format]);
  return (
    <RecordHistory
      recordID={reading._id}
      load={temperatureLogApi.history}
      timeZone={reading.timeZoneId}
      siteID={reading.siteID}
      fields={fields}
    />
  );
}

import {
  celsiusText,
  limitsText,
  temperatureLogApi,
  type TemperatureLogSnapshot,
} from '@console/shared-sdk/logs';
import { RecordHistory, type HistoryField } from '../shared/history';
import { resultLabel } from './status';

// A reading's history in its view: who recorded, corrected or deleted it, when, what changed and why.
// Loaded with the view's other sections, not with the list.

const fields: readonly HistoryField<TemperatureLogSnapshot>[] = [
  {
    key: 'celsius',
    label: 'Reading',
    format: (value) => (typeof value === 'number' ? celsiusText(value) : 'none'),
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
        ? limitsText(value as TemperatureLogSnapshot['limits'])
        : 'none',
  },
];

export function TemperatureHistory({ readingID, timeZone }: { readingID: string; timeZone: string }) {
  return (
    <RecordHistory
      recordID={readingID}
      load={temperatureLogApi.history}
      timeZone={timeZone}
      fields={fields}
    />
  );
}

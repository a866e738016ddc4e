import { logTypeSchema, useSelectedSite, type LogType } from '@console/shared-sdk';
import { readingSourceLabels, readingSources, type TemperatureUnit } from '@console/shared-sdk/contract';
import {
  checkOf,
  failureOf,
  limitsText,
  temperatureLogApi,
  temperatureLogSortColumns,
  temperatureLogUpdateSchema,
  temperatureStandards,
  type TemperatureLimits,
  type TemperatureLog,
  type TemperatureLogSortColumn,
  type TemperatureLogUpdate,
  type TemperatureReadableItem,
} from '@console/shared-sdk/logs';
import { Alert, Box, Skeleton, Stack, TextField, Typography, alpha } from '@console/shared-sdk/mui';
import { DateRangeChooser, useDateRange, type LocalDateRange } from '@console/shared-sdk/report-kit';
import {
  celsiusToSend,
  defineResource,
  ResourceScreen,
  TemperatureInput,
  useModalLocation,
  useSiteFormat,
  type CustomFieldProps,
  type FormContext,
  type ResourceScreenProps,
  type SiteFormat,
} from '@console/shared-sdk/ui';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { reasonField } from '../shared/words';
import { useRecordFormats, type RecordFormats } from '../shared/site-writing';
import { ChartItemButton, ExportToExcelButton } from './toolbar';
import {
  AboveLegalLimitChip,
  BackFilledChip,
  itemLabel,
  ResultChip,
  SensorChip,
  resultColor,
  resultOptions,
} from './status';
import { useAskedDialog, type Ask as AskOf } from '../shared/asked-dialog';

// /dashboard/temperatureLog (issue 11, DOMAIN.md "Temperature checks"): the selected site's readings over
// a range of its local dates, filtered by type, item, result and back-filling; a failed reading stands out
// with its corrective action. A reading is corrected or deleted only with a reason (its history keeps
// both), exported to Excel as the list is filtered, and one item's readings are charted against its limits.

/** The API's default range, which a URL without dates means. */
const defaultDays = 7;

// Dialogs and sections that most visits never open are downloads of their own.
const ReasonDialog = lazy(() => import('../shared/reason').then((m) => ({ default: m.ReasonDialog })));
const TemperatureChartDialog = lazy(() =>
  import('./chart').then((m) => ({ default: m.TemperatureChartDialog })),
);
const TemperatureHistory = lazy(() => import('./history').then((m) => ({ default: m.TemperatureHistory })));
const RecordCorrectiveActions = lazy(() =>
  import('../shared/corrective-actions').then((m) => ({ default: m.RecordCorrectiveActions })),
);

const logTypeLabel = (logType: LogType) => temperatureStandards[logType].label;

const logTypeOptions = logTypeSchema.options.map((value) => ({ value, label: logTypeLabel(value) }));

const sourceOptions = readingSources.map((value) => ({ value, label: readingSourceLabels[value] }));

/** The items of the selected site for the item filter: the ones staff can read, named as the list names them. */
export async function itemOptions(context: FormContext) {
  if (!context.siteID) return [];
  const items: TemperatureReadableItem[] = await temperatureLogApi.itemList(context.siteID);
  return items
    .map((item) => ({ value: item._id, label: itemLabel(item) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** What a dialog asked for by a row action is; the action's promise settles when the dialog closes. */
type Asked =
  | { kind: 'delete'; reading: TemperatureLog }
  /** `label` names the item until the chart's answer does (from the item filter, only its id is known). */
  | { kind: 'chart'; itemID: string; label: string | null };
type Ask = AskOf<Asked>;

/**
 * The check in words, with what it says of follow-up checks (issue 24): when a cooked-core reading began
 * cooling (its cooling check is due 90 minutes on), and a hot-holding reading that ended the hold.
 */
function checkWords(reading: TemperatureLog, format: SiteFormat): string {
  const check = `${logTypeLabel(reading.logType)}: ${reading.checkLabel}`;
  if (reading.coolingStartedAt) {
    return `${check}, cooling began ${format.instant(reading.coolingStartedAt)}`;
  }
  return reading.hotHoldEnded ? `${check}, hot holding ended` : check;
}

// ---- the edit form ------------------------------------------------------------------------------------

interface CorrectionForm {
  /**
   * The reading as typed, in its site's unit (sent in °C). Named like the body's `celsius`, so the
   * contract's messages and the server's show under it.
   */
  celsius: number | null;
  correctiveAction: string;
  note: string;
  reason: string;
  /** The reading as stored, in °C (not a field): sent back as it is while the typed value reads the same. */
  storedCelsius: number | null;
  /** The unit its site shows temperatures in (not a field). */
  unit: TemperatureUnit;
  /** The limits the reading was taken under (not a field): the corrective action's hint is judged by them. */
  limits: TemperatureLimits;
}

/** The reading, typed in its site's unit, with the contract's messages in that unit too. */
function ReadingField({
  id,
  label,
  required,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  values,
}: CustomFieldProps<number | null, CorrectionForm>) {
  return (
    <TemperatureInput
      id={id}
      label={label}
      required={required}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      disabled={disabled}
      unit={values.unit}
    />
  );
}

/**
 * The corrective action, saying while the reading is typed whether it will fail by the limits it was
 * taken under, and so whether an action is required (the API refuses a failing reading without one).
 */
function CorrectiveActionField({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  values,
}: CustomFieldProps<string, CorrectionForm>) {
  const { celsius, storedCelsius, limits, unit } = values;
  const format = useSiteFormat({ unit });
  const sent = celsiusToSend(celsius, storedCelsius, format);
  const failure = sent === null || Number.isNaN(sent) ? null : failureOf(sent, limits, unit);
  return (
    <Stack spacing={1}>
      {failure && (
        <Alert severity="error" id={`${id}-why`}>
          {failure}: this reading fails, so say what was done about it.
        </Alert>
      )}
      <TextField
        id={id}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        multiline
        minRows={2}
        fullWidth
        required={failure !== null}
        disabled={disabled}
        error={error !== undefined}
        helperText={error ?? 'e.g. Moved the stock to the walk-in fridge and called the engineer'}
        slotProps={{ htmlInput: { 'aria-describedby': failure ? `${id}-why` : undefined } }}
      />
    </Stack>
  );
}

// ---- the view -----------------------------------------------------------------------------------------

/** The legal maximum a reading above it broke, in its site's unit, where it is known. */
function legalMaximumText(reading: TemperatureLog, format: SiteFormat): string | undefined {
  const maximum =
    reading.limits.legalMaximum ??
    checkOf(reading.logType, reading.checkKind, reading.jurisdiction)?.limits.legalMaximum;
  return maximum === undefined ? undefined : format.temperature(maximum);
}

function ReadingResult({ reading, format }: { reading: TemperatureLog; format: SiteFormat }) {
  const failure = failureOf(reading.celsius, reading.limits, format.unit);
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <ResultChip result={reading.result} />
      {reading.aboveLegalLimit && <AboveLegalLimitChip legalMaximum={legalMaximumText(reading, format)} />}
      {failure && <Typography variant="body2">{failure}</Typography>}
      {reading.result === 'WARN' && (
        <Typography variant="body2">
          {reading.aboveLegalLimit
            ? 'Within the limit set for this item, but above the legal maximum'
            : 'Above the limit but within the legal maximum'}
        </Typography>
      )}
    </Stack>
  );
}

function Received({ reading, format }: { reading: TemperatureLog; format: SiteFormat }) {
  return (
    <Stack direction="row" component="span" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <time dateTime={reading.receivedAt}>{format.instant(reading.receivedAt)}</time>
      {reading.backFilled && <BackFilledChip />}
    </Stack>
  );
}

function SectionLoading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Skeleton variant="rounded" height={72} role="progressbar" aria-label="Loading the section" />
      }
    >
      {children}
    </Suspense>
  );
}

// ---- the declaration ----------------------------------------------------------------------------------

const readAtCell = (reading: TemperatureLog, format: SiteFormat) => (
  <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
    {/* A date and time read as one: the chip wraps under it, never the time under the date. */}
    <time dateTime={reading.readAt} style={{ whiteSpace: 'nowrap' }}>
      {format.instant(reading.readAt)}
    </time>
    {reading.backFilled && <BackFilledChip />}
  </Stack>
);

function ResultChips({ reading, format }: { reading: TemperatureLog; format: SiteFormat }) {
  return (
    <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <ResultChip result={reading.result} />
      {reading.aboveLegalLimit && <AboveLegalLimitChip legalMaximum={legalMaximumText(reading, format)} />}
    </Stack>
  );
}

/** Who read it; a sensor's reading names the sensor, marked so it is not taken for a person. */
function ReadBy({ reading }: { reading: TemperatureLog }) {
  return (
    <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <span>{reading.readBy.name}</span>
      {reading.source === 'SENSOR' && <SensorChip />}
    </Stack>
  );
}

/**
 * The readings of the selected site between the range's dates; `ask` opens the delete and chart dialogs,
 * and `formatOf` writes each reading as its own site does.
 */
export function temperatureLogs(range: LocalDateRange, ask: Ask, formatOf: RecordFormats) {
  return defineResource({
    title: 'Temperature logs',
    name: 'reading',
    subject: 'TemperatureLog',
    api: { list: temperatureLogApi.list, get: temperatureLogApi.get, update: temperatureLogApi.update },
    params: { startDate: range.startDate, endDate: range.endDate },
    recordLabel: (reading: TemperatureLog) =>
      `${itemLabel(reading.item)}, ${formatOf(reading).instant(reading.readAt)}`,
    sortable: temperatureLogSortColumns,
    defaultSort: '-readAt',
    search: { placeholder: 'Search items' },
    emptyMessage: 'No readings between these dates. Choose other dates, or check the filters.',
    filters: [
      { kind: 'select', name: 'type', label: 'Type', options: logTypeOptions },
      { kind: 'select', name: 'itemID', label: 'Item', options: itemOptions },
      { kind: 'select', name: 'result', label: 'Result', options: resultOptions },
      {
        kind: 'select',
        name: 'backFilled',
        label: 'Back-filled',
        options: [
          { value: 'true', label: 'Back-filled only' },
          { value: 'false', label: 'Not back-filled' },
        ],
      },
      { kind: 'select', name: 'source', label: 'Source', options: sourceOptions },
    ],
    // Columns without flex are as wide as their widest cell (the kit sizes them); those with flex share
    // the rest and wrap, a chip going under its date, name or result, so the grid fits its card.
    columns: [
      {
        field: 'readAt',
        headerName: 'Read at',
        flex: 0.8,
        // An American site's "Nov 29, 2026, 12:45 AM" is the longest the column writes.
        minWidth: 195,
        renderCell: ({ row }) => readAtCell(row, formatOf(row)),
      },
      {
        field: 'item',
        headerName: 'Item',
        flex: 1.3,
        minWidth: 130,
        sortable: false,
        valueGetter: (_value, reading) => itemLabel(reading.item),
      },
      {
        field: 'logType',
        headerName: 'Check',
        valueGetter: (_value, reading) => reading.checkLabel,
      },
      {
        field: 'celsius',
        headerName: 'Reading',
        valueGetter: (_value, reading) => formatOf(reading).temperature(reading.celsius),
      },
      {
        field: 'limits',
        headerName: 'Limits',
        flex: 1,
        minWidth: 150,
        sortable: false,
        valueGetter: (_value, reading) => limitsText(reading.limits, formatOf(reading).unit),
      },
      {
        field: 'result',
        headerName: 'Result',
        flex: 0.6,
        minWidth: 100,
        renderCell: ({ row }) => <ResultChips reading={row} format={formatOf(row)} />,
      },
      {
        field: 'correctiveAction',
        headerName: 'Corrective action',
        flex: 1.2,
        minWidth: 120,
        sortable: false,
        valueGetter: (_value, reading) => reading.correctiveAction ?? '',
      },
      {
        field: 'readBy',
        headerName: 'Read by',
        flex: 0.8,
        minWidth: 120,
        sortable: false,
        valueGetter: (_value, reading) => reading.readBy.name,
        renderCell: ({ row }) => <ReadBy reading={row} />,
      },
    ],
    // A phone's card: the reading and its verdict; the card's title names the item and the time.
    card: [
      {
        label: 'Result',
        render: (reading) => <ResultChips reading={reading} format={formatOf(reading)} />,
      },
      { label: 'Reading', render: (reading) => formatOf(reading).temperature(reading.celsius) },
      { label: 'Check', render: (reading) => reading.checkLabel },
      { label: 'Read by', render: (reading) => <ReadBy reading={reading} /> },
    ],
    view: [
      {
        label: 'Result',
        render: (reading) => <ReadingResult reading={reading} format={formatOf(reading)} />,
      },
      { label: 'Reading', render: (reading) => formatOf(reading).temperature(reading.celsius) },
      {
        label: 'Limits in force',
        render: (reading) => limitsText(reading.limits, formatOf(reading).unit),
      },
      { label: 'Item', render: (reading) => itemLabel(reading.item) },
      { label: 'Check', render: (reading) => checkWords(reading, formatOf(reading)) },
      { label: 'Site', field: 'siteName' },
      {
        label: 'Read',
        render: (reading) => (
          <time dateTime={reading.readAt}>{formatOf(reading).instant(reading.readAt)}</time>
        ),
      },
      { label: 'Received', render: (reading) => <Received reading={reading} format={formatOf(reading)} /> },
      { label: 'Read by', render: (reading) => reading.readBy.name },
      { label: 'Source', render: (reading) => readingSourceLabels[reading.source] },
      { label: 'Corrective action', render: (reading) => reading.correctiveAction ?? 'None' },
      { label: 'Note', render: (reading) => reading.note ?? 'None' },
    ],
    detail: {
      width: 'md',
      sections: [
        {
          title: 'Corrective actions',
          render: (reading) => (
            <SectionLoading>
              <RecordCorrectiveActions subject="TemperatureLog" recordID={reading._id} />
            </SectionLoading>
          ),
        },
        {
          title: 'History',
          render: (reading) => (
            <SectionLoading>
              <TemperatureHistory reading={reading} />
            </SectionLoading>
          ),
        },
      ],
    },
    rowActions: [
      {
        label: 'Chart this item',
        icon: 'reports',
        ability: { action: 'read' },
        run: (reading) => ask({ kind: 'chart', itemID: reading.item._id, label: itemLabel(reading.item) }),
      },
      {
        label: 'Delete',
        icon: 'delete',
        ability: { action: 'delete' },
        run: (reading) => ask({ kind: 'delete', reading }),
      },
    ],
    form: {
      schema: temperatureLogUpdateSchema,
      updateSchema: temperatureLogUpdateSchema,
      fields: [
        {
          kind: 'custom',
          name: 'celsius',
          label: 'Reading',
          required: true,
          render: (props) => <ReadingField {...props} />,
        },
        {
          kind: 'custom',
          name: 'correctiveAction',
          label: 'Corrective action',
          render: (props) => <CorrectiveActionField {...props} />,
        },
        { kind: 'multiline', name: 'note', label: 'Note' },
        reasonField,
      ],
      emptyForm: (): CorrectionForm => ({
        celsius: null,
        correctiveAction: '',
        note: '',
        reason: '',
        storedCelsius: null,
        unit: 'C',
        limits: { lowerLimit: null, upperLimit: null, warnUpTo: null },
      }),
      toForm: (reading: TemperatureLog): CorrectionForm => {
        const format = formatOf(reading);
        return {
          celsius: format.toShown(reading.celsius),
          correctiveAction: reading.correctiveAction ?? '',
          note: reading.note ?? '',
          reason: '',
          storedCelsius: reading.celsius,
          unit: format.unit,
          limits: reading.limits,
        };
      },
      // Readings are recorded on the mobile app (the staff call): the console only corrects them.
      toInput: () => {
        throw new Error('Readings are not created in the console');
      },
      toUpdate: (form: CorrectionForm, reading: TemperatureLog): TemperatureLogUpdate => ({
        _id: reading._id,
        // A cleared reading is sent as it is, so the contract's own message names the field.
        celsius: celsiusToSend(form.celsius, form.storedCelsius, formatOf(reading)) as number,
        correctiveAction: form.correctiveAction,
        note: form.note,
        reason: form.reason,
      }),
    },
  });
}

/** Failed rows red-edged and tinted, warnings amber: seen at a glance, with the chip saying which. */
const rowTones = {
  '& .reading-FAIL': {
    bgcolor: alpha(resultColor('FAIL'), 0.08),
    boxShadow: `inset 4px 0 ${resultColor('FAIL')}`,
  },
  '& .reading-WARN': {
    bgcolor: alpha(resultColor('WARN'), 0.1),
    boxShadow: `inset 4px 0 ${resultColor('WARN')}`,
  },
} as const;

export type TemperatureLogsScreenProps = Pick<
  ResourceScreenProps<
    TemperatureLog,
    CorrectionForm,
    never,
    TemperatureLogUpdate,
    object,
    TemperatureLogSortColumn
  >,
  'gridProps'
>;

/** The temperature log of the selected site. */
export function TemperatureLogsScreen({ gridProps }: TemperatureLogsScreenProps) {
  const dates = useDateRange({ defaultDays });
  const siteID = useSelectedSite((s) => s.selectedSiteID);
  const modal = useModalLocation();
  const { asked, ask } = useAskedDialog<Asked>();
  const { range } = dates;
  const formatOf = useRecordFormats();
  const resource = useMemo(() => temperatureLogs(range, ask, formatOf), [range, ask, formatOf]);
  const askedWhat = asked?.what;
  const askedFormat = askedWhat?.kind === 'delete' ? formatOf(askedWhat.reading) : null;

  return (
    <>
      <ResourceScreen
        resource={resource}
        gridProps={{
          getRowClassName: ({ row }) => `reading-${row.result}`,
          sx: rowTones,
          ...gridProps,
        }}
      >
        {siteID && (
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            sx={{ gap: 1, justifyContent: 'space-between', alignItems: { md: 'center' } }}
          >
            <DateRangeChooser state={dates} id="log-dates" />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <ChartItemButton
                onChart={(itemID) => void ask({ kind: 'chart', itemID, label: null }).catch(() => undefined)}
              />
              <ExportToExcelButton siteID={siteID} range={range} />
            </Box>
          </Stack>
        )}
      </ResourceScreen>
      {asked && askedWhat?.kind === 'delete' && askedFormat && (
        <Suspense fallback={null}>
          <ReasonDialog
            open
            title={`Delete the reading of ${itemLabel(askedWhat.reading.item)}?`}
            message={`${askedFormat.temperature(askedWhat.reading.celsius)} read ${askedFormat.instant(
              askedWhat.reading.readAt,
            )}. It leaves the list and the export; its history keeps it with your reason.`}
            confirmLabel="Delete"
            onConfirm={async (reason) => {
              await temperatureLogApi.removeWithReason(askedWhat.reading._id, reason);
              // A reading deleted from its own view: the view has nothing left to show.
              if (modal.target?.kind === 'view' && modal.target.id === askedWhat.reading._id) modal.close();
              asked.settle(true);
            }}
            onClose={() => asked.settle(false)}
          />
        </Suspense>
      )}
      {asked && askedWhat?.kind === 'chart' && siteID && (
        <Suspense fallback={null}>
          <TemperatureChartDialog
            siteID={siteID}
            itemID={askedWhat.itemID}
            itemLabel={askedWhat.label}
            range={range}
            onClose={() => asked.settle(false)}
          />
        </Suspense>
      )}
    </>
  );
}

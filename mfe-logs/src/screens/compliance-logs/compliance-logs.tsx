import {
  complianceLogDefaultDays,
  complianceLogResource,
  complianceLogSortColumns,
  complianceLogWorkflow,
  logStatusSchema,
  type ComplianceLog,
  type ComplianceLogFilters,
  type ComplianceLogSortColumn,
} from '@console/shared-sdk/logs';
import { complianceResultLabels } from '@console/shared-sdk/contract';
import { Skeleton, Stack } from '@console/shared-sdk/mui';
import { DateRangeChooser, useDateRange, type LocalDateRange } from '@console/shared-sdk/report-kit';
import {
  defineResource,
  ResourceScreen,
  type DetailHelpers,
  type ResourceScreenProps,
} from '@console/shared-sdk/ui';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useRecordFormats, type RecordFormats } from '../shared/site-writing';
import { BackFilledChip, failedRowsStandOut, LogStatusChip, ResultChip } from './status';
import { logTypeLabel, logTypeOptions } from './words';

// /dashboard/complianceLog: the selected site's compliance logs over a date range (default the last 30
// days in the site's zone), failed ones standing out; the view shows the answers with the failed lines
// marked, the review (status and note) and the history. Logs come from the mobile app, so there is no Add.

// The view's sections (forms, the history) load when a log is first opened, not with the list.
const ComplianceAnswers = lazy(() => import('./detail').then((m) => ({ default: m.ComplianceAnswers })));
const ComplianceReview = lazy(() => import('./detail').then((m) => ({ default: m.ComplianceReview })));
const ComplianceHistory = lazy(() => import('./detail').then((m) => ({ default: m.ComplianceHistory })));
const RecordCorrectiveActions = lazy(() =>
  import('../shared/corrective-actions').then((m) => ({ default: m.RecordCorrectiveActions })),
);

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

const section = (render: (log: ComplianceLog, helpers: DetailHelpers) => ReactNode) => ({
  render: (log: ComplianceLog, helpers: DetailHelpers) => (
    <SectionLoading>{render(log, helpers)}</SectionLoading>
  ),
});

function Submitted({ log, formatOf }: { log: ComplianceLog; formatOf: RecordFormats }) {
  return (
    <Stack
      direction="row"
      component="span"
      sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', height: '100%' }}
    >
      <time dateTime={log.submittedAt}>{formatOf(log).instant(log.submittedAt)}</time>
      {log.backFilled && <BackFilledChip record={log} />}
    </Stack>
  );
}

const reviewed = (log: ComplianceLog, formatOf: RecordFormats) =>
  log.reviewedAt
    ? `${log.reviewedBy ? `${log.reviewedBy.name}, ` : ''}${formatOf(log).instant(log.reviewedAt)}`
    : 'Not yet';

/**
 * The declaration for one date range (the list's fixed params: a new range starts again at page 1);
 * `formatOf` writes each log's dates as its site does.
 */
export function complianceLogs(range: LocalDateRange, formatOf: RecordFormats) {
  return defineResource({
    title: 'Compliance logs',
    name: 'compliance log',
    subject: 'ComplianceLog',
    api: complianceLogResource,
    params: { ...range } satisfies Partial<ComplianceLogFilters>,
    recordLabel: (log: ComplianceLog) => `${log.logID} ${log.title}`,
    sortable: complianceLogSortColumns,
    defaultSort: '-submittedAt',
    search: { placeholder: 'Search title or log ID' },
    emptyMessage: 'No compliance logs in these dates. Staff submit them from the mobile app.',
    filters: [
      { kind: 'select', name: 'type', label: 'Type', options: logTypeOptions, allLabel: 'All types' },
      {
        kind: 'select',
        name: 'status',
        label: 'Status',
        allLabel: 'Any status',
        options: logStatusSchema.options.map((status) => ({
          value: status,
          label: complianceLogWorkflow.labels[status],
        })),
      },
      {
        kind: 'select',
        name: 'result',
        label: 'Result',
        allLabel: 'Any result',
        options: (['FAIL', 'PASS'] as const).map((result) => ({
          value: result,
          label: complianceResultLabels[result],
        })),
      },
    ],
    columns: [
      { field: 'logID', headerName: 'Log', width: 100 },
      { field: 'title', headerName: 'Title', flex: 1.4, minWidth: 160 },
      {
        field: 'logType',
        headerName: 'Type',
        flex: 0.8,
        minWidth: 110,
        valueGetter: (_value, log) => logTypeLabel(log.logType),
      },
      {
        field: 'result',
        headerName: 'Result',
        width: 170,
        renderCell: ({ row }) => <ResultChip result={row.result} failedCount={row.failedCount} />,
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 170,
        renderCell: ({ row }) => <LogStatusChip workflow={complianceLogWorkflow} status={row.status} />,
      },
      {
        field: 'submittedBy',
        headerName: 'Submitted by',
        sortable: false,
        valueGetter: (_value, log) => log.submittedBy.name,
      },
      {
        field: 'submittedAt',
        headerName: 'Submitted',
        flex: 1.1,
        minWidth: 180,
        renderCell: ({ row }) => <Submitted log={row} formatOf={formatOf} />,
      },
    ],
    view: [
      { label: 'Type', render: (log) => logTypeLabel(log.logType) },
      { label: 'Result', render: (log) => <ResultChip result={log.result} failedCount={log.failedCount} /> },
      {
        label: 'Status',
        render: (log) => <LogStatusChip workflow={complianceLogWorkflow} status={log.status} />,
      },
      { label: 'Site', field: 'siteName' },
      { label: 'Submitted by', render: (log) => log.submittedBy.name },
      { label: 'Submitted', render: (log) => <Submitted log={log} formatOf={formatOf} /> },
      { label: 'Received', render: (log) => formatOf(log).instant(log.receivedAt) },
      { label: 'Note', render: (log) => log.note || 'None' },
      { label: 'Reviewed', render: (log) => reviewed(log, formatOf) },
      { label: 'Review note', render: (log) => log.reviewNote || 'None' },
    ],
    detail: {
      width: 'md',
      sections: [
        {
          title: 'Answers',
          ...section((log, helpers) => <ComplianceAnswers log={log} helpers={helpers} />),
        },
        {
          title: 'Review',
          ...section((log, helpers) => <ComplianceReview log={log} helpers={helpers} />),
        },
        {
          title: 'Corrective actions',
          ...section((log) => <RecordCorrectiveActions subject="ComplianceLog" recordID={log._id} />),
        },
        { title: 'History', ...section((log) => <ComplianceHistory log={log} />) },
      ],
    },
  });
}

export type ComplianceLogsScreenProps = Pick<
  ResourceScreenProps<ComplianceLog, never, never, never, ComplianceLogFilters, ComplianceLogSortColumn>,
  'gridProps'
>;

const failedRows = failedRowsStandOut((log) => (log as ComplianceLog).result === 'FAIL');

export function ComplianceLogsScreen({ gridProps }: ComplianceLogsScreenProps) {
  const dates = useDateRange({ defaultDays: complianceLogDefaultDays });
  const formatOf = useRecordFormats();
  const resource = useMemo(() => complianceLogs(dates.range, formatOf), [dates.range, formatOf]);
  return (
    <ResourceScreen resource={resource} gridProps={{ ...failedRows, ...gridProps }}>
      <DateRangeChooser state={dates} id="log-dates" />
    </ResourceScreen>
  );
}

import { nearMissCategorySchema, type Option } from '@console/shared-sdk';
import {
  logStatusSchema,
  nearMissCategoryLabels,
  nearMissDefaultDays,
  nearMissResource,
  nearMissSortColumns,
  nearMissWorkflow,
  type NearMiss,
  type NearMissFilters,
  type NearMissSortColumn,
} from '@console/shared-sdk/logs';
import { Skeleton, Stack } from '@console/shared-sdk/mui';
import { DateRangeChooser, useDateRange, type LocalDateRange } from '@console/shared-sdk/report-kit';
import { defineResource, ResourceScreen, type ResourceScreenProps } from '@console/shared-sdk/ui';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { BackFilledChip, LogStatusChip } from '../compliance-logs/status';
import { useRecordFormats, type RecordFormats } from '../shared/site-writing';
import { nearMissForm, nearMissFormSchema, nearMissUpdate, type NearMissForm } from './form-model';

// /dashboard/nearMiss: the selected site's near misses and incidents over a date range (default the last
// 90 days in the site's zone); a detail view with the follow-up actions, the photos and the history; and
// the edit form that follows the workflow (reported, under investigation, closed with an outcome) and asks
// a reason for changing what staff reported. Reports come from the mobile app, so there is no Add.

// The view's sections and the form's own fields load when they are first shown, not with the list. The
// form's fields have no loading state of their own: they hold the form's (the dialog's) until they are
// there, so the dialog puts the focus on the first field, the status, not on the next one already shown.
const FollowUps = lazy(() => import('./detail').then((m) => ({ default: m.NearMissFollowUps })));
const Photos = lazy(() => import('./detail').then((m) => ({ default: m.NearMissPhotos })));
const History = lazy(() => import('./detail').then((m) => ({ default: m.NearMissHistory })));
const CorrectiveActions = lazy(() =>
  import('../shared/corrective-actions').then((m) => ({ default: m.RecordCorrectiveActions })),
);
const StatusField = lazy(() => import('./fields').then((m) => ({ default: m.StatusField })));
const OccurredAtField = lazy(() => import('./fields').then((m) => ({ default: m.OccurredAtField })));
const ReasonForChange = lazy(() => import('./fields').then((m) => ({ default: m.ReasonForChange })));
const FollowUpsField = lazy(() => import('./fields').then((m) => ({ default: m.FollowUpsField })));

function Loading({ children, height = 72 }: { children: ReactNode; height?: number }) {
  return (
    <Suspense
      fallback={<Skeleton variant="rounded" height={height} role="progressbar" aria-label="Loading" />}
    >
      {children}
    </Suspense>
  );
}

const categoryOptions: readonly Option[] = nearMissCategorySchema.options.map((category) => ({
  value: category,
  label: nearMissCategoryLabels[category],
}));

const statusOptions: readonly Option[] = logStatusSchema.options.map((status) => ({
  value: status,
  label: nearMissWorkflow.labels[status],
}));

function Reported({ report, formatOf }: { report: NearMiss; formatOf: RecordFormats }) {
  return (
    <Stack direction="row" component="span" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <span>
        {report.reportedBy.name},{' '}
        <time dateTime={report.reportedAt}>{formatOf(report).instant(report.reportedAt)}</time>
      </span>
      {report.backFilled && <BackFilledChip record={report} />}
    </Stack>
  );
}

const followUpWords = (report: NearMiss) => {
  if (report.followUps.length === 0) return 'None';
  if (report.openFollowUps === 0) return 'All done';
  return `${report.openFollowUps} of ${report.followUps.length} open`;
};

const orNone = (text: string | null) => (text && text.trim() !== '' ? text : 'None');

/**
 * The declaration for one date range (the list's fixed params: a new range starts again at page 1);
 * `formatOf` writes each report's dates as its site does.
 */
export function nearMisses(range: LocalDateRange, formatOf: RecordFormats) {
  const occurred = (report: NearMiss) => formatOf(report).instant(report.occurredAt);
  return defineResource({
    title: 'Near misses',
    name: 'near miss',
    subject: 'NearMiss',
    api: nearMissResource,
    params: { ...range } satisfies Partial<NearMissFilters>,
    recordLabel: (report: NearMiss) => `${report.logID} ${report.title}`,
    sortable: nearMissSortColumns,
    defaultSort: '-occurredAt',
    search: { placeholder: 'Search what happened, where, or log ID' },
    emptyMessage: 'No near misses in these dates. Staff report them from the mobile app.',
    filters: [
      {
        kind: 'select',
        name: 'category',
        label: 'Category',
        options: categoryOptions,
        allLabel: 'All categories',
      },
      { kind: 'select', name: 'status', label: 'Status', options: statusOptions, allLabel: 'Any status' },
    ],
    columns: [
      { field: 'logID', headerName: 'Report', width: 100 },
      { field: 'title', headerName: 'Title', flex: 1.4, minWidth: 160 },
      {
        field: 'category',
        headerName: 'Category',
        flex: 0.8,
        minWidth: 120,
        valueGetter: (_value, report) => nearMissCategoryLabels[report.category],
      },
      {
        field: 'occurredAt',
        headerName: 'When',
        valueGetter: (_value, report) => occurred(report),
      },
      { field: 'location', headerName: 'Where', flex: 0.8, minWidth: 110, sortable: false },
      {
        field: 'status',
        headerName: 'Status',
        width: 190,
        renderCell: ({ row }) => <LogStatusChip workflow={nearMissWorkflow} status={row.status} />,
      },
      {
        field: 'openFollowUps',
        headerName: 'Follow-ups',
        width: 110,
        sortable: false,
        valueGetter: (_value, report) => followUpWords(report),
      },
    ],
    view: [
      { label: 'Category', render: (report) => nearMissCategoryLabels[report.category] },
      {
        label: 'Status',
        render: (report) => <LogStatusChip workflow={nearMissWorkflow} status={report.status} />,
      },
      { label: 'When it happened', render: occurred },
      { label: 'Where', field: 'location' },
      { label: 'What happened', render: (report) => report.whatHappened },
      { label: 'Who was involved', render: (report) => orNone(report.peopleInvolved) },
      { label: 'Injuries', render: (report) => orNone(report.injuries) },
      { label: 'Immediate action', render: (report) => orNone(report.immediateAction) },
      { label: 'Outcome', render: (report) => orNone(report.outcome) },
      { label: 'Reported by', render: (report) => <Reported report={report} formatOf={formatOf} /> },
      { label: 'Received', render: (report) => formatOf(report).instant(report.receivedAt) },
      {
        label: 'Closed',
        render: (report) => (report.closedAt ? formatOf(report).instant(report.closedAt) : 'Not yet'),
      },
    ],
    detail: {
      width: 'md',
      sections: [
        {
          title: 'Follow-up actions',
          render: (report) => (
            <Loading>
              <FollowUps report={report} />
            </Loading>
          ),
        },
        {
          title: 'Photos',
          render: (report) => (
            <Loading>
              <Photos report={report} />
            </Loading>
          ),
        },
        {
          title: 'Corrective actions',
          render: (report) => (
            <Loading>
              <CorrectiveActions subject="NearMiss" recordID={report._id} />
            </Loading>
          ),
        },
        {
          title: 'History',
          render: (report) => (
            <Loading>
              <History report={report} />
            </Loading>
          ),
        },
      ],
    },
    form: {
      width: 'md',
      // Only the edit form exists (no create): the schema and the update schema are the same.
      schema: nearMissFormSchema,
      fields: [
        {
          kind: 'custom',
          name: 'status',
          label: 'Status',
          render: (props) => <StatusField {...props} />,
        },
        {
          kind: 'multiline',
          name: 'outcome',
          label: 'Outcome',
          rows: 2,
          helperText: 'What the investigation found and what changed. Needed to close the report.',
        },
        {
          kind: 'custom',
          name: 'followUps',
          label: 'Follow-up actions',
          render: (props) => <FollowUpsField {...props} />,
        },
        { kind: 'text', name: 'title', label: 'Title', required: true },
        { kind: 'select', name: 'category', label: 'Category', required: true, options: categoryOptions },
        {
          kind: 'custom',
          name: 'occurredAt',
          label: 'When it happened',
          render: (props) => <OccurredAtField {...props} />,
        },
        { kind: 'text', name: 'location', label: 'Where', required: true },
        { kind: 'multiline', name: 'whatHappened', label: 'What happened', required: true },
        { kind: 'multiline', name: 'peopleInvolved', label: 'Who was involved', rows: 2 },
        { kind: 'multiline', name: 'injuries', label: 'Injuries', rows: 2 },
        { kind: 'multiline', name: 'immediateAction', label: 'Immediate action', rows: 2 },
        {
          kind: 'custom',
          name: 'reason',
          label: 'Reason for the change',
          render: (props) => <ReasonForChange {...props} />,
        },
      ],
      // Reports are made on the mobile app; the console only edits them (create is turned off below).
      emptyForm: (): NearMissForm => {
        throw new Error('Near misses are reported from the mobile app');
      },
      toForm: nearMissForm,
      toInput: (): never => {
        throw new Error('Near misses are reported from the mobile app');
      },
      toUpdate: (form: NearMissForm, report: NearMiss) => nearMissUpdate(form, report._id),
    },
    actions: { create: false },
  });
}

export type NearMissesScreenProps = Pick<
  ResourceScreenProps<NearMiss, NearMissForm, never, never, NearMissFilters, NearMissSortColumn>,
  'gridProps'
>;

export function NearMissesScreen({ gridProps }: NearMissesScreenProps) {
  const dates = useDateRange({ defaultDays: nearMissDefaultDays });
  const formatOf = useRecordFormats();
  const resource = useMemo(() => nearMisses(dates.range, formatOf), [dates.range, formatOf]);
  return (
    <ResourceScreen resource={resource} gridProps={gridProps}>
      <DateRangeChooser state={dates} id="log-dates" />
    </ResourceScreen>
  );
}

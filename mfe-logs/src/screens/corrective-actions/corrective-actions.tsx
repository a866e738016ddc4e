import {
  useSelectedSite,
  useSession,
  type CallOptions,
  type ListParams,
  type Option,
} from '@console/shared-sdk';
import {
  correctiveActionApi,
  correctiveActionDefaultDays,
  correctiveActionKindLabels,
  correctiveActionKinds,
  correctiveActionSortColumns,
  correctiveActionStateLabels,
  correctiveActionStates,
  correctiveCheckTypeLabels,
  correctiveCheckTypes,
  type CorrectiveAction,
  type CorrectiveActionFilters,
  type CorrectiveActionState,
} from '@console/shared-sdk/logs';
import { FormControlLabel, Link, Skeleton, Stack, Switch } from '@console/shared-sdk/mui';
import { DateRangeChooser, useDateRange, type LocalDateRange } from '@console/shared-sdk/report-kit';
import { Link as RouterLink } from '@console/shared-sdk/router';
import {
  defineResource,
  ResourceScreen,
  type CustomFilterProps,
  type ResourceScreenProps,
} from '@console/shared-sdk/ui';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { CorrectiveActionStateChip, OverdueChip } from '../shared/corrective-action-state';
import { useRecordFormats, type RecordFormats } from '../shared/site-writing';
import { sourceLink } from './links';
import { useAskedDialog, type Ask as AskOf } from '../shared/asked-dialog';

// /dashboard/correctiveAction: what was done about each deviation (HACCP principles 5 and 6). Every failed
// reading, failed checklist line, missed task or follow-up check, sensor excursion and near miss opens an
// action; someone records what was done, and a site admin or above who did not record it verifies it with
// their password typed again. The tabs follow that order, the first (awaiting action) being the one to work
// through. The list covers a range of the deviations' dates (default the last 90 days in the site's zone).

// The view's sections and the three forms load when they are first shown, not with the list.
const ActionTaken = lazy(() => import('./detail').then((m) => ({ default: m.ActionTaken })));
const Verification = lazy(() => import('./detail').then((m) => ({ default: m.Verification })));
const ActionHistory = lazy(() => import('./detail').then((m) => ({ default: m.ActionHistory })));
const RecordActionDialog = lazy(() => import('./dialogs').then((m) => ({ default: m.RecordActionDialog })));
const VerifyDialog = lazy(() => import('./dialogs').then((m) => ({ default: m.VerifyDialog })));
const ReopenDialog = lazy(() => import('./dialogs').then((m) => ({ default: m.ReopenDialog })));

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={72} role="progressbar" aria-label="Loading" />}>
      {children}
    </Suspense>
  );
}

/** The tab of every state: not a state the API knows, so it is not sent. */
const everyState = 'ALL';

/**
 * The list's query as the screen keeps it: the tabs' `state` (with "All" a tab of its own, last), and
 * `overdue` as the URL holds it.
 */
type ScreenFilters = Omit<CorrectiveActionFilters, 'state' | 'overdue'> & {
  state?: CorrectiveActionState | typeof everyState;
  overdue?: string;
};

/** The calls the kit makes, in the action API's terms. Actions change only through their own forms. */
const correctiveActionResource = {
  list: ({ state, overdue, ...params }: ListParams & ScreenFilters, options?: CallOptions) =>
    correctiveActionApi.list(
      {
        ...params,
        ...(state && state !== everyState ? { state } : {}),
        ...(overdue === 'true' ? { overdue: true } : {}),
      },
      options,
    ),
  get: correctiveActionApi.get,
};

const stateTabs: readonly Option[] = [
  ...correctiveActionStates.map((state) => ({ value: state, label: correctiveActionStateLabels[state] })),
  { value: everyState, label: 'All' },
];

const kindOptions: readonly Option[] = correctiveActionKinds.map((kind) => ({
  value: kind,
  label: correctiveActionKindLabels[kind],
}));

const checkTypeOptions: readonly Option[] = correctiveCheckTypes.map((checkType) => ({
  value: checkType,
  label: correctiveCheckTypeLabels[checkType],
}));

const overdueLabel = 'Overdue only';

/** The "Overdue only" switch: sets `overdue=true`, or clears it. */
function OverdueFilter({ value, onChange }: CustomFilterProps) {
  return (
    <FormControlLabel
      label={overdueLabel}
      control={
        <Switch
          checked={value === 'true'}
          onChange={(event) => onChange(event.target.checked ? 'true' : undefined)}
        />
      }
    />
  );
}

function SourceRecord({ action }: { action: CorrectiveAction }) {
  const link = sourceLink(action.source);
  return (
    <Link component={RouterLink} to={link.to}>
      {link.label}
    </Link>
  );
}

/**
 * When it is due on its site's clock, marked once it is late; the list shows it only while the action is
 * open (`always`: the view shows when a done one was due too).
 */
function Due({
  action,
  formatOf,
  always = false,
}: {
  action: CorrectiveAction;
  formatOf: RecordFormats;
  always?: boolean;
}) {
  if (action.state !== 'OPEN' && !always) return null;
  return (
    <Stack direction="row" component="span" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <time dateTime={action.dueAt} style={{ whiteSpace: 'nowrap' }}>
        {formatOf(action).instant(action.dueAt)}
      </time>
      {action.state === 'OPEN' && action.overdue && <OverdueChip />}
    </Stack>
  );
}

function StateCell({ action }: { action: CorrectiveAction }) {
  return (
    <Stack direction="row" component="span" sx={{ gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <CorrectiveActionStateChip state={action.state} />
      {action.state === 'OPEN' && action.overdue && <OverdueChip />}
    </Stack>
  );
}

type Asked = { kind: 'record' | 'verify' | 'reopen'; action: CorrectiveAction };
type Ask = AskOf<Asked>;

export interface CorrectiveActionsOptions {
  range: LocalDateRange;
  formatOf: RecordFormats;
  /** Opens a form; resolves once its change is saved. */
  ask: Ask;
  /** The signed-in user, who may not verify what they recorded. */
  userID: string | undefined;
  /** No site is selected: every site's actions, each with its site. */
  allSites: boolean;
}

/** The declaration for one date range (the list's fixed params: a new range starts again at page 1). */
export function correctiveActions({ range, formatOf, ask, userID, allSites }: CorrectiveActionsOptions) {
  const occurred = (action: CorrectiveAction) => formatOf(action).instant(action.occurredAt);
  return defineResource({
    title: 'Corrective actions',
    name: 'corrective action',
    subject: 'CorrectiveAction',
    api: correctiveActionResource,
    // With no site selected, the list is every site's the user may see rather than none.
    ...(allSites ? { siteScoped: false } : {}),
    params: { ...range } satisfies Partial<ScreenFilters>,
    recordLabel: (action: CorrectiveAction) => `${action.ref} ${correctiveActionKindLabels[action.kind]}`,
    sortable: correctiveActionSortColumns,
    defaultSort: '-occurredAt',
    search: { placeholder: 'Search what went wrong, or the reference' },
    emptyMessage:
      'No corrective actions here. Each failed reading or checklist line, missed task or check, sensor ' +
      'excursion and near miss opens one: try another tab, other dates or fewer filters.',
    filters: [
      {
        kind: 'status',
        name: 'state',
        label: 'Corrective action state',
        options: stateTabs,
        // "All" is a tab of its own, after the states in the order an action goes through them.
        allLabel: false,
      },
      { kind: 'select', name: 'kind', label: 'Kind', options: kindOptions, allLabel: 'All kinds' },
      {
        kind: 'select',
        name: 'checkType',
        label: 'Check',
        options: checkTypeOptions,
        allLabel: 'All checks',
      },
      {
        kind: 'custom',
        name: 'overdue',
        label: overdueLabel,
        render: (props) => <OverdueFilter {...props} />,
        chip: () => overdueLabel,
      },
    ],
    columns: [
      { field: 'ref', headerName: 'Ref', width: 100 },
      { field: 'deviation', headerName: 'What went wrong', flex: 1.6, minWidth: 200 },
      {
        field: 'kind',
        headerName: 'Kind',
        flex: 0.8,
        minWidth: 120,
        valueGetter: (_value, action) => correctiveActionKindLabels[action.kind],
      },
      ...(allSites ? [{ field: 'siteName', headerName: 'Site', sortable: false }] : []),
      { field: 'occurredAt', headerName: 'When', valueGetter: (_value, action) => occurred(action) },
      {
        field: 'state',
        headerName: 'State',
        width: 190,
        renderCell: ({ row }) => <CorrectiveActionStateChip state={row.state} />,
      },
      {
        field: 'dueAt',
        headerName: 'Due',
        width: 200,
        renderCell: ({ row }) => <Due action={row} formatOf={formatOf} />,
      },
      {
        field: 'recordedBy',
        headerName: 'Recorded by',
        valueGetter: (_value, action) => action.recordedBy?.name ?? '',
      },
      {
        field: 'verifiedBy',
        headerName: 'Verified by',
        valueGetter: (_value, action) => action.verifiedBy?.name ?? '',
      },
    ],
    card: [
      { label: 'State', render: (action) => <StateCell action={action} /> },
      { label: 'What went wrong', render: (action) => action.deviation },
      { label: 'When', render: occurred },
    ],
    view: [
      { label: 'What went wrong', render: (action) => action.deviation },
      { label: 'Kind', render: (action) => correctiveActionKindLabels[action.kind] },
      { label: 'Check', render: (action) => correctiveCheckTypeLabels[action.checkType] },
      { label: 'Site', field: 'siteName' },
      { label: 'When it happened', render: occurred },
      { label: 'State', render: (action) => <StateCell action={action} /> },
      { label: 'Due', render: (action) => <Due action={action} formatOf={formatOf} always /> },
      { label: 'Record', render: (action) => <SourceRecord action={action} /> },
    ],
    detail: {
      width: 'md',
      sections: [
        {
          title: 'Action taken',
          render: (action) => (
            <Loading>
              <ActionTaken action={action} />
            </Loading>
          ),
        },
        {
          title: 'Verification',
          render: (action) => (
            <Loading>
              <Verification action={action} />
            </Loading>
          ),
        },
        {
          title: 'History',
          render: (action) => (
            <Loading>
              {/* Read again for each version of the action, so a change made here shows in it. */}
              <ActionHistory key={action.updatedAt} action={action} />
            </Loading>
          ),
        },
      ],
    },
    rowActions: [
      {
        label: 'Record action',
        icon: 'checklist',
        ability: { action: 'update' },
        available: (action) => action.state === 'OPEN',
        run: (action) => ask({ kind: 'record', action }),
      },
      {
        label: 'Verify',
        icon: 'approve',
        ability: { action: 'verify' },
        // Verifying is a second person's check: never the recorder's own.
        available: (action) => action.state === 'ACTION_RECORDED' && action.recordedBy?._id !== userID,
        run: (action) => ask({ kind: 'verify', action }),
      },
      {
        label: 'Reopen',
        icon: 'history',
        ability: { action: 'verify' },
        available: (action) => action.state !== 'OPEN',
        run: (action) => ask({ kind: 'reopen', action }),
      },
    ],
    actions: { create: false, edit: false, delete: false },
  });
}

export type CorrectiveActionsScreenProps = Pick<
  ResourceScreenProps<CorrectiveAction, never, never, never, ScreenFilters>,
  'gridProps'
>;

export function CorrectiveActionsScreen({ gridProps }: CorrectiveActionsScreenProps) {
  const dates = useDateRange({ defaultDays: correctiveActionDefaultDays });
  const formatOf = useRecordFormats();
  const userID = useSession((state) => state.userData?.userID);
  const allSites = useSelectedSite((s) => s.selectedSiteID) === null;
  const { asked, ask } = useAskedDialog<Asked>();
  const { range } = dates;
  const resource = useMemo(
    () => correctiveActions({ range, formatOf, ask, userID, allSites }),
    [range, formatOf, ask, userID, allSites],
  );
  const dialog = asked && {
    action: asked.what.action,
    onDone: () => asked.settle(true),
    onClose: () => asked.settle(false),
  };
  return (
    <>
      <ResourceScreen resource={resource} gridProps={gridProps}>
        <DateRangeChooser state={dates} id="log-dates" />
      </ResourceScreen>
      {asked && dialog && (
        <Suspense fallback={null}>
          {asked.what.kind === 'record' && <RecordActionDialog {...dialog} />}
          {asked.what.kind === 'verify' && <VerifyDialog {...dialog} />}
          {asked.what.kind === 'reopen' && <ReopenDialog {...dialog} />}
        </Suspense>
      )}
    </>
  );
}

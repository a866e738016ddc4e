import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogTitle,
  Divider,
  Paper,
  Stack,
  Typography,
} from '@console/shared-sdk/mui';
import { useCallback, useId, useMemo, type ReactNode } from 'react';
import { asSubject, type Action, type SubjectName } from '../ability/index.js';
import { invalidate, type ReadKey } from '../data/reads.js';
import { useRead } from '../data/use-read.js';
import { isApiError } from '../http/errors.js';
import { iconFor } from '../icons/index.js';
import { useAbility } from '../session/ability.js';
import { useSelectedSite } from '../site/store.js';
import { confirmationFor, useActionRunner } from './actions.js';
import type {
  ActionAbility,
  DetailHelpers,
  FormContext,
  ResourceDefinition,
  RowActionDeclaration,
  RowBase,
} from './declarations.js';
import { EntryList, ScrollableContent, displayValue, type ViewEntry } from './dialogs.js';
import { useSiteTimeZone } from './site-dates.js';
import { ErrorState } from './states.js';

// The detail of one record: what find-one returns (not the list row, which may leave fields out), the
// declared fields, sections for sub-resources and the declared actions. The same body is the view modal of
// a list and a page of its own.

/** What a declaration shows of a record: its `view` fields, or else its columns. */
export function viewEntries<Row extends RowBase>(
  resource: Pick<ResourceDefinition<Row>, 'view' | 'columns'>,
  row: Row,
): ViewEntry[] {
  return resource.view
    ? resource.view.map((field) => ({
        label: field.label,
        value: field.render ? field.render(row) : displayValue(field.field ? row[field.field] : undefined),
      }))
    : resource.columns
        .filter((column) => column.type !== 'actions')
        .map((column) => ({
          label: column.headerName ?? column.field,
          value: displayValue(Reflect.get(row, column.field)),
        }));
}

export interface LoadedRecord<Row> {
  record: Row | null;
  /** The record is being read (again: a reload keeps showing the last one). */
  loading: boolean;
  error: unknown;
  reload: () => void;
}

/**
 * The key a declaration's reads are under: its list, its counts and its records. A change invalidates its
 * subject, the first part, so whatever else reads that subject (another declaration of it, a dashboard,
 * a history) reads again too.
 */
export const readKeyOf = (resource: Pick<DetailResource<RowBase>, 'subject' | 'name'>): ReadKey => [
  resource.subject,
  resource.name,
];

/**
 * One record of a declaration through its api's find-one. Without a find-one, the list's row
 * (`fallback`) is all there is. A failure is shown where the record would be, so the HTTP layer is asked
 * to stay quiet.
 */
export function useDeclaredRecord<Row extends RowBase>(
  resource: Pick<DetailResource<Row>, 'subject' | 'name' | 'api'>,
  id: string,
  fallback?: Row,
): LoadedRecord<Row> {
  const { get } = resource.api;
  const read = useRead(get ? [...readKeyOf(resource), 'record', id] : null, (signal) =>
    get ? get(id, { quiet: true, signal }) : Promise.reject(new Error('No find-one')),
  );
  if (!get) {
    return fallback
      ? { record: fallback, loading: false, error: null, reload: read.reload }
      : {
          record: null,
          loading: false,
          error: new Error('This record is not on the current page.'),
          reload: read.reload,
        };
  }
  return {
    record: read.data ?? null,
    loading: read.reading,
    error: read.reading ? null : read.error,
    reload: read.reload,
  };
}

/** The ability check of declared actions, against the record they act on. */
export function useActionAbility(subject: SubjectName) {
  const ability = useAbility();
  return useCallback(
    (allowed: ActionAbility, record: object) =>
      ability.can(allowed.action, asSubject(allowed.subject ?? subject, { ...record })),
    [ability, subject],
  );
}

function useFormContext(): FormContext {
  const siteID = useSelectedSite((s) => s.selectedSiteID);
  const timeZone = useSiteTimeZone();
  return useMemo(() => ({ siteID, timeZone }), [siteID, timeZone]);
}

const errorMessage = (error: unknown) =>
  isApiError(error) && error.status === 404
    ? 'This record no longer exists.'
    : error instanceof Error && error.message
      ? error.message
      : 'Could not load this record.';

interface DetailBodyProps<Row extends RowBase> {
  resource: DetailResource<Row>;
  loaded: LoadedRecord<Row>;
  helpers: DetailHelpers;
  headingLevel: 'h2' | 'h3';
}

function DetailBody<Row extends RowBase>({ resource, loaded, helpers, headingLevel }: DetailBodyProps<Row>) {
  const { record, loading, error } = loaded;
  if (loading && !record)
    return (
      <Stack role="status" sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress aria-label={`Loading ${resource.name}`} />
      </Stack>
    );
  if (error || !record) return <ErrorState message={errorMessage(error)} onRetry={loaded.reload} />;
  return (
    <Stack spacing={2} aria-busy={loading}>
      <EntryList entries={viewEntries(resource, record)} />
      {resource.detail?.sections?.map((section) => (
        <Box component="section" key={section.title} aria-label={section.title}>
          <Divider sx={{ mb: 1.5 }} />
          <Typography variant="subtitle1" component={headingLevel} gutterBottom>
            {section.title}
          </Typography>
          {section.render(record, helpers)}
        </Box>
      ))}
    </Stack>
  );
}

/** The declared row actions a record allows, as buttons; they run through `start` (confirm, run, reload). */
export function RowActionButtons<Row extends RowBase>({
  actions,
  row,
  recordLabel,
  allowed,
  start,
  size,
}: {
  actions: readonly RowActionDeclaration<Row>[];
  row: Row;
  recordLabel: string;
  allowed: (ability: ActionAbility, row: Row) => boolean;
  start: (label: string, confirm: ReturnType<typeof confirmationFor>, run: () => Promise<unknown>) => void;
  size?: 'small' | 'medium';
}) {
  return actions
    .filter((action) => (action.available?.(row) ?? true) && allowed(action.ability, row))
    .map((action) => {
      const Icon = action.icon ? iconFor(action.icon) : null;
      return (
        <Button
          key={action.label}
          size={size}
          startIcon={Icon ? <Icon /> : undefined}
          aria-label={`${action.label} ${recordLabel}`}
          onClick={() => start(action.label, confirmationFor(action.confirm, row), () => action.run(row))}
        >
          {action.label}
        </Button>
      );
    });
}

export interface ResourceDetailProps<Row extends RowBase> {
  // Only the parts a detail reads; any declaration fits whatever its form and filters are.
  resource: DetailResource<Row>;
  id: string;
  /** The list's row, shown when the api has no find-one. */
  row?: Row;
  /** After a declared action ran (the list reloads). */
  onChanged?: () => void;
  /** More buttons, e.g. Edit. */
  actions?: (record: Row) => ReactNode;
}

/** The parts of a declaration the detail reads. */
export type DetailResource<Row extends RowBase> = Pick<
  ResourceDefinition<Row, never, never, never, never>,
  'title' | 'name' | 'subject' | 'recordLabel' | 'view' | 'columns' | 'detail' | 'rowActions'
> & { api: { get?: (id: string, options?: { quiet?: boolean; signal?: AbortSignal }) => Promise<Row> } };

function useDetail<Row extends RowBase>({ resource, id, row, onChanged }: ResourceDetailProps<Row>) {
  const loaded = useDeclaredRecord(resource, id, row);
  const context = useFormContext();
  const ability = useAbility();
  const allowed = useActionAbility(resource.subject);
  // A change made here shows everywhere its subject is read: this record, the list, its counts.
  const changed = () => {
    invalidate([resource.subject]);
    onChanged?.();
  };
  const runner = useActionRunner(changed);
  const record = loaded.record;
  const helpers: DetailHelpers = {
    reload: changed,
    can: (action: Action, subject?: SubjectName) =>
      ability.can(action, asSubject(subject ?? resource.subject, { ...(record ?? {}) })),
    context,
  };
  const buttons = record ? (
    <RowActionButtons
      actions={resource.rowActions ?? []}
      row={record}
      recordLabel={resource.recordLabel(record)}
      allowed={allowed}
      start={runner.start}
    />
  ) : null;
  return { loaded, helpers, buttons, runner };
}

/** One record as a page of its own: heading, fields, sections and actions. */
export function ResourceDetail<Row extends RowBase>(props: ResourceDetailProps<Row>) {
  const { resource } = props;
  const { loaded, helpers, buttons, runner } = useDetail(props);
  const title = loaded.record ? resource.recordLabel(loaded.record) : resource.name;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
            {title}
          </Typography>
          {buttons}
          {loaded.record && props.actions?.(loaded.record)}
        </Stack>
        <DetailBody resource={resource} loaded={loaded} helpers={helpers} headingLevel="h2" />
      </Stack>
      {runner.dialog}
    </Paper>
  );
}

/** The view modal: the same detail in a dialog. */
export function DetailDialog<Row extends RowBase>(props: ResourceDetailProps<Row> & { onClose: () => void }) {
  const { resource } = props;
  const titleId = useId();
  const { loaded, helpers, buttons, runner } = useDetail(props);
  const title = loaded.record
    ? resource.recordLabel(loaded.record)
    : props.row && resource.recordLabel(props.row);
  return (
    <Dialog
      open
      onClose={props.onClose}
      aria-labelledby={titleId}
      maxWidth={resource.detail?.width ?? 'sm'}
      fullWidth
    >
      <DialogTitle id={titleId}>
        {title ?? `${resource.name[0]?.toUpperCase()}${resource.name.slice(1)}`}
      </DialogTitle>
      <ScrollableContent labelledBy={titleId}>
        <DetailBody resource={resource} loaded={loaded} helpers={helpers} headingLevel="h3" />
      </ScrollableContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        {buttons}
        {loaded.record && props.actions?.(loaded.record)}
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
      {runner.dialog}
    </Dialog>
  );
}

import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { asSubject, type Action } from '../ability/index.js';
import { consoleIcons, iconFor } from '../icons/index.js';
import { useAbility } from '../session/ability.js';
import { confirmationFor, type ActionRunner } from './actions.js';
import {
  resourceActions,
  type ResourceAction,
  type ResourceDefinition,
  type RowBase,
} from './declarations.js';
import { actionsField, CompactActions, inlineCount, type OfferedAction } from './compact-actions.js';
import { ConfirmDelete } from './ResourceFormDialog.js';
import { useActionAbility } from './ResourceDetail.js';
import type { ModalLocation } from './use-modal-location.js';

// A list's actions on one row (part of useResourceGrid): view, edit and delete, and the declared ones,
// each only where the declaration has it and the signed-in user's ability allows it on that row; as the
// grid's actions column and as buttons for the cards, the same compact set in both: up to three buttons,
// or two and a "More actions" menu with the rest. Delete asks first.

/** Just what the actions read of a declaration, whatever its form and filters are. */
type ActionsResource<Row extends RowBase> = Pick<
  ResourceDefinition<Row>,
  'subject' | 'name' | 'recordLabel' | 'rowActions' | 'actions'
> & {
  form?: unknown;
  api: { create?: unknown; update?: unknown; remove?: (id: string) => Promise<unknown> };
};

const abilityAction = {
  view: 'read',
  create: 'create',
  edit: 'update',
  delete: 'delete',
} as const satisfies Record<ResourceAction, Action>;

export interface ResourceAbility {
  /** The actions the declaration has, before the ability decides per record. */
  available: Record<ResourceAction, boolean>;
  /** The declaration has `kind` and the ability allows it on `record`. Stable while neither changes. */
  allowed: (kind: ResourceAction, record: object) => boolean;
}

export function useResourceAbility<Row extends RowBase>(resource: ActionsResource<Row>): ResourceAbility {
  const ability = useAbility();
  const available = useMemo(() => resourceActions(resource), [resource]);
  const { subject } = resource;
  const allowed = useCallback(
    (kind: ResourceAction, record: object) =>
      available[kind] && ability.can(abilityAction[kind], asSubject(subject, { ...record })),
    [available, ability, subject],
  );
  return { available, allowed };
}

const builtInActions = [
  { kind: 'view', label: 'View', Icon: consoleIcons.view },
  { kind: 'edit', label: 'Edit', Icon: consoleIcons.edit },
  { kind: 'delete', label: 'Delete', Icon: consoleIcons.delete },
] as const;

type BuiltIn = (typeof builtInActions)[number]['kind'];

export interface RowActions<Row extends RowBase> {
  /** The grid's actions column, or null when the declaration has no action on a row. */
  column: GridColDef<Row> | null;
  /** One row's actions for its card: the same compact set as the grid's (checkbox aside). */
  buttons: (row: Row) => ReactNode[];
  /** The delete confirmation, while one is asked. */
  dialog: ReactNode;
}

/**
 * @param rowId the key a row goes by in the URL and for `api.remove`
 * @param open opens a row's view or edit modal
 * @param runner runs the declared actions (confirm, run, reload)
 * @param onDeleted after a delete
 */
export function useRowActions<Row extends RowBase>(
  resource: ActionsResource<Row>,
  { available, allowed }: ResourceAbility,
  rowId: (row: Row) => string,
  open: ModalLocation['open'],
  runner: ActionRunner,
  onDeleted: () => void,
): RowActions<Row> {
  const [deleting, setDeleting] = useState<Row | null>(null);
  const actionAllowed = useActionAbility(resource.subject);
  const declared = resource.rowActions ?? [];

  const openBuiltIn = (kind: BuiltIn, row: Row) =>
    kind === 'delete' ? setDeleting(row) : open({ kind, id: rowId(row) });
  // View and Edit first, the declared actions next, Delete last: the most used stay in view when the
  // rest go under "More actions".
  const offered = (row: Row): OfferedAction[] => {
    const record = resource.recordLabel(row);
    const builtIn = (kind: BuiltIn): OfferedAction[] =>
      builtInActions
        .filter((action) => action.kind === kind && allowed(kind, row))
        .map(({ label, Icon }) => ({
          key: kind,
          label,
          name: `${label} ${record}`,
          Icon,
          run: () => openBuiltIn(kind, row),
        }));
    return [
      ...builtIn('view'),
      ...builtIn('edit'),
      ...declared
        .filter((action) => (action.available?.(row) ?? true) && actionAllowed(action.ability, row))
        .map((action) => ({
          key: `declared:${action.label}`,
          label: action.label,
          name: `${action.label} ${record}`,
          Icon: iconFor(action.icon ?? 'approve'),
          run: () => runner.start(action.label, confirmationFor(action.confirm, row), () => action.run(row)),
        })),
      ...builtIn('delete'),
    ];
  };
  // Decided for the whole list, so the buttons line up from row to row whatever each row offers.
  const most = Number(available.view) + Number(available.edit) + Number(available.delete) + declared.length;
  const inline = inlineCount(most);

  const hasActions = most > 0;
  const column = useMemo(
    (): GridColDef<Row> | null =>
      hasActions
        ? {
            field: actionsField,
            type: 'actions',
            // Shown, and counted when the column is sized: a header with no text is an empty one to a
            // screen reader.
            headerName: 'Actions',
            // A first guess: the grid sizes the column to its buttons once the rows are drawn.
            width: 40 * Math.min(most, inline + 1) + 24,
            getActions: ({ row }) =>
              offered(row).map((action, index) =>
                index < inline ? (
                  <GridActionsCellItem
                    key={action.key}
                    icon={<action.Icon />}
                    label={action.name}
                    title={action.label}
                    onClick={action.run}
                  />
                ) : (
                  <GridActionsCellItem
                    key={action.key}
                    showInMenu
                    icon={<action.Icon fontSize="small" />}
                    label={action.label}
                    aria-label={action.name}
                    onClick={action.run}
                  />
                ),
              ),
          }
        : null,
    // offered, openBuiltIn and the runner are new closures each render, but all they read is the
    // declaration, the ability and the URL's modal setter; a new column each render would make the grid
    // measure its columns again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [resource, allowed, actionAllowed, open],
  );

  const buttons = (row: Row) => [
    <CompactActions
      key="actions"
      actions={offered(row)}
      inline={inline}
      moreName={`More actions for ${resource.recordLabel(row)}`}
    />,
  ];

  const { remove } = resource.api;
  const dialog =
    deleting && remove ? (
      <ConfirmDelete
        title={`Delete ${resource.name} "${resource.recordLabel(deleting)}"?`}
        remove={() => remove(rowId(deleting))}
        onDone={onDeleted}
        onClose={() => setDeleting(null)}
      />
    ) : null;

  return { column, buttons, dialog };
}

import { Button } from '@console/shared-sdk/mui';
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
import { ConfirmDelete } from './ResourceFormDialog.js';
import { RowActionButtons, useActionAbility } from './ResourceDetail.js';
import type { ModalLocation } from './use-modal-location.js';

// A list's actions on one row (part of useResourceGrid): view, edit and delete, and the declared ones,
// each only where the declaration has it and the signed-in user's ability allows it on that row; as the
// grid's actions column and as buttons for the cards. Delete asks first.

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
  /** One row's actions as buttons (cards). */
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
  const builtIns = (row: Row) =>
    builtInActions
      .filter((action) => allowed(action.kind, row))
      .map((action) => ({ ...action, name: `${action.label} ${resource.recordLabel(row)}` }));

  const hasActions = available.view || available.edit || available.delete || declared.length > 0;
  const column = useMemo(
    (): GridColDef<Row> | null =>
      hasActions
        ? {
            field: '__actions',
            type: 'actions',
            headerName: 'Actions',
            width: 136 + 40 * declared.length,
            getActions: ({ row }) => [
              ...builtIns(row).map(({ kind, name, Icon }) => (
                <GridActionsCellItem
                  key={kind}
                  icon={<Icon />}
                  label={name}
                  onClick={() => openBuiltIn(kind, row)}
                />
              )),
              ...declared
                .filter((action) => (action.available?.(row) ?? true) && actionAllowed(action.ability, row))
                .map((action) => {
                  const Icon = iconFor(action.icon ?? 'approve');
                  return (
                    <GridActionsCellItem
                      key={action.label}
                      icon={<Icon />}
                      label={`${action.label} ${resource.recordLabel(row)}`}
                      onClick={() =>
                        runner.start(action.label, confirmationFor(action.confirm, row), () =>
                          action.run(row),
                        )
                      }
                    />
                  );
                }),
            ],
          }
        : null,
    // builtIns, openBuiltIn and the runner are new closures each render, but all they read is the
    // declaration, the ability and the URL's modal setter; a new column each render would make the grid
    // measure its columns again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [resource, allowed, actionAllowed, open],
  );

  const buttons = (row: Row) => [
    ...builtIns(row).map(({ kind, label, name }) => (
      <Button key={kind} size="small" onClick={() => openBuiltIn(kind, row)} aria-label={name}>
        {label}
      </Button>
    )),
    <RowActionButtons
      key="declared"
      actions={declared}
      row={row}
      recordLabel={resource.recordLabel(row)}
      allowed={actionAllowed}
      start={runner.start}
      size="small"
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

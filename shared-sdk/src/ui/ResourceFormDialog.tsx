import { CircularProgress, Dialog, DialogContent, DialogTitle, Stack } from '@console/shared-sdk/mui';
import { useId, useState } from 'react';
import type {
  AnyFieldDeclaration,
  FormContext,
  ResourceDefinition,
  ResourceForm,
  RowBase,
} from './declarations.js';
import { ConfirmDialog, FormDialog } from './dialogs.js';
import { useDeclaredRecord } from './ResourceDetail.js';
import { ErrorState } from './states.js';
import { formErrorStatuses, issuesToErrors } from './use-modal-form.js';

interface FormModalProps<
  Row extends RowBase,
  Form extends object,
  CreateInput,
  UpdateInput,
  Filters,
  Sort extends string,
> {
  resource: ResourceDefinition<Row, Form, CreateInput, UpdateInput, Filters, Sort>;
  form: ResourceForm<Row, Form, CreateInput, UpdateInput>;
  /** The record belongs to a site: the kit sets its `siteID`. */
  siteScoped: boolean;
  target: { kind: 'create' } | { kind: 'edit'; id: string };
  /** The record when it is on the list's page; otherwise it is loaded with find-one. */
  row: Row | undefined;
  context: FormContext;
  /** The ability's word on editing the record once it is known. */
  mayEdit: (row: Row) => boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** The create or edit modal of a list; `?edit=ID` for a record not on the page loads it first. */
export function FormModal<
  Row extends RowBase,
  Form extends object,
  CreateInput,
  UpdateInput,
  Filters,
  Sort extends string,
>(props: FormModalProps<Row, Form, CreateInput, UpdateInput, Filters, Sort>) {
  if (props.target.kind === 'create' || props.row) {
    if (props.row && !props.mayEdit(props.row)) return null;
    return <ResourceFormDialog {...props} row={props.row ?? null} />;
  }
  return <LoadThenEdit {...props} id={props.target.id} />;
}

function LoadThenEdit<
  Row extends RowBase,
  Form extends object,
  CreateInput,
  UpdateInput,
  Filters,
  Sort extends string,
>(props: FormModalProps<Row, Form, CreateInput, UpdateInput, Filters, Sort> & { id: string }) {
  const loaded = useDeclaredRecord(props.resource, props.id);
  const titleId = useId();
  // The form starts from the record as it is now, not from a copy kept since it was last shown.
  if (loaded.record && !loaded.loading) {
    if (!props.mayEdit(loaded.record)) return null;
    return <ResourceFormDialog {...props} row={loaded.record} />;
  }
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Edit {props.resource.name}</DialogTitle>
      <DialogContent>
        {loaded.loading ? (
          <Stack role="status" sx={{ alignItems: 'center', py: 4 }}>
            <CircularProgress aria-label={`Loading ${props.resource.name}`} />
          </Stack>
        ) : (
          <ErrorState message={`Could not load this ${props.resource.name}.`} onRetry={loaded.reload} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The site a site-scoped record belongs to: the selected one for a new record, its own when editing. */
const siteOf = (row: RowBase | null, context: FormContext) => {
  const own = row ? Reflect.get(row, 'siteID') : undefined;
  return typeof own === 'string' ? own : (context.siteID ?? '');
};

/** Binds a declaration's form to the create/edit modal: mapping, derived site, schema and the api call. */
function ResourceFormDialog<
  Row extends RowBase,
  Form extends object,
  CreateInput,
  UpdateInput,
  Filters,
  Sort extends string,
>({
  resource,
  form,
  siteScoped,
  row,
  context,
  onClose,
  onSaved,
}: Omit<FormModalProps<Row, Form, CreateInput, UpdateInput, Filters, Sort>, 'row'> & { row: Row | null }) {
  const { api } = resource;
  const [initial] = useState(() => (row ? form.toForm(row) : form.emptyForm(context)));
  const site = (current: Row | null) => (siteScoped ? { siteID: siteOf(current, context) } : {});

  // `toInput` leaves `siteID` out of a site-scoped record; with it, this is the contract's create body.
  const createBody = (values: Form) => ({ ...form.toInput(values, context), ...site(null) }) as CreateInput;
  const updateBody = (values: Form, current: Row): UpdateInput =>
    ({
      ...(form.toUpdate
        ? form.toUpdate(values, current, context)
        : // The declaration's type lets `toUpdate` be left out only when the create body plus `_id` is an
          // update body; TypeScript cannot carry that through the generic.
          { ...form.toInput(values, context), _id: current._id }),
      ...site(current),
    }) as UpdateInput;
  const schema = row ? (form.updateSchema ?? form.schema) : form.schema;

  return (
    <FormDialog
      title={row ? `Edit ${resource.name}` : (resource.createLabel ?? `Add ${resource.name}`)}
      // Each declared field edits a key of Form; the renderer reads them by name at run time.
      fields={form.fields as readonly AnyFieldDeclaration[]}
      initial={initial}
      validate={(values) => {
        const result = schema.safeParse(row ? updateBody(values, row) : createBody(values));
        return result.success ? {} : issuesToErrors(result.error.issues);
      }}
      save={async (values) => {
        // The form shows these failures itself (under the fields), so no pop-up on top of it.
        const quiet = { quietFor: formErrorStatuses };
        if (row) await api.update?.(updateBody(values, row), quiet);
        else await api.create?.(createBody(values), quiet);
      }}
      onSaved={onSaved}
      onClose={onClose}
      context={context}
      editing={row !== null}
      width={form.width}
    />
  );
}

/** The delete confirmation, naming the record. */
export function ConfirmDelete({
  title,
  remove,
  onDone,
  onClose,
}: {
  title: string;
  remove: () => Promise<unknown>;
  onDone: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open
      title={title}
      onConfirm={async () => {
        await remove();
        onDone();
      }}
      onClose={onClose}
    />
  );
}

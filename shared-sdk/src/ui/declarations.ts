import type { ReactNode } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import type { z } from 'zod';
import type { Action, SubjectName } from '../ability/index.js';
import type { ResourceApi } from '../api/resource.js';
import type { Option, UploadedFile } from '../contract/index.js';
import type { ConsoleIcon, IconName } from '../icons/index.js';
import type { FilterValues, pageSizeOptions } from './list-query.js';

// What a screen declares. Everything here is data (plus small mapping functions), so a list screen is a
// value passed to <ResourceScreen>, not a component written again for every resource.

/**
 * Every row the kit lists. A type literal rather than an interface: MUI X requires rows to be indexable,
 * which TypeScript grants to type literals only.
 */
export type RowBase = { _id: string };

/** What forms and option loaders know about where they run. */
export interface FormContext {
  /** The selected site, or null when none is chosen. */
  siteID: string | null;
  /** The selected site's IANA zone (the browser's when no site is chosen). */
  timeZone: string;
}

/** Static options, or a loader run when the form or filter opens. */
export type OptionsSource = readonly Option[] | ((context: FormContext) => Promise<readonly Option[]>);

// ---- form fields ----------------------------------------------------------------------------------------

interface FieldBase<Name extends string> {
  name: Name;
  label: string;
  required?: boolean;
  /** Shown under the field while it has no error. */
  helperText?: string;
  /** Only when creating, e.g. a type that cannot change later. */
  createOnly?: boolean;
}

export interface TextFieldDeclaration<Name extends string = string> extends FieldBase<Name> {
  kind: 'text' | 'multiline' | 'email' | 'tel' | 'password';
  /** The browser's autofill hint, e.g. 'current-password', 'new-password'. */
  autoComplete?: string;
  placeholder?: string;
  /** Visible rows of a multiline field (default 3). */
  rows?: number;
}

export interface NumberFieldDeclaration<Name extends string = string> extends FieldBase<Name> {
  kind: 'number';
  /** Shown after the value, e.g. °C. */
  unit?: string;
}

export interface SelectFieldDeclaration<Name extends string = string> extends FieldBase<Name> {
  kind: 'select';
  options: OptionsSource;
}

export interface MultiSelectFieldDeclaration<Name extends string = string> extends FieldBase<Name> {
  kind: 'multiselect';
  options: OptionsSource;
}

export interface SwitchFieldDeclaration<Name extends string = string> extends FieldBase<Name> {
  kind: 'switch';
}

/** A local calendar date (YYYY-MM-DD) or wall-clock time (HH:mm) in the selected site's zone. */
export interface DateTimeFieldDeclaration<Name extends string = string> extends FieldBase<Name> {
  kind: 'date' | 'time';
}

/** An editable list of objects, one row of sub-fields each (fridge temperature items). */
export interface ListFieldDeclaration<
  Name extends string = string,
  Item extends object = object,
> extends FieldBase<Name> {
  kind: 'list';
  fields: readonly FieldDeclaration<Item>[];
  /** A blank item for "Add". */
  newItem(): Item;
  /** Names one item for screen readers and the remove button, e.g. "Temperature item". */
  itemLabel: string;
}

/** A file already stored by the API's upload route, as a record keeps it. */
export type StoredFile = UploadedFile;

/**
 * A file field's value: files chosen in this form (uploaded when it is saved) and files stored before
 * (an edit form's existing photos). After a save the kit has replaced every `File` by its `StoredFile`.
 */
export type FileFieldValue = readonly (File | StoredFile)[];

/**
 * Files or images: a button (and drop zone) to choose them, a thumbnail per image, remove per file. Files
 * of another type or over `maxBytes` are refused with a message and never enter the value.
 */
export interface FileFieldDeclaration<Name extends string = string> extends FieldBase<Name> {
  /** 'image' shows thumbnails and accepts images unless `accept` says otherwise. */
  kind: 'file' | 'image';
  /** MIME types ('image/png', 'image/*') or extensions ('.pdf'); default any type the API stores. */
  accept?: readonly string[];
  /** Per file; default the API's limit (10 MiB). */
  maxBytes?: number;
  /** Several files (default false: choosing one replaces the other). */
  multiple?: boolean;
  /** With `multiple`: at most this many. */
  maxFiles?: number;
}

/**
 * What a custom field is given. `Form` is the values of the form it is in (a declaration's fields get their
 * form's own), so a field that reads or fills others names them with their types; a field that needs no
 * other field leaves it out and sees no values.
 */
export interface CustomFieldProps<Value, Form = object> {
  id: string;
  label: string;
  required: boolean;
  value: Value;
  onChange(value: Value): void;
  onBlur(): void;
  /** This field's own message. */
  error: string | undefined;
  /** Messages for paths inside the value, relative to it: `0.name` for `items.0.name`. */
  errors: Readonly<Record<string, string>>;
  disabled: boolean;
  /** The whole form's values, for fields that depend on others (time zones of the chosen country). */
  values: Readonly<Form>;
  /** Sets another field, for fields that fill others (a place search filling the address). */
  setField<Field extends keyof Form & string>(name: Field, value: Form[Field]): void;
}

export interface CustomFieldDeclaration<
  Name extends string = string,
  Value = unknown,
  Form = object,
> extends FieldBase<Name> {
  kind: 'custom';
  // Method syntax on purpose: it lets a declaration for one value and form type stand in the kit's list of
  // fields of any (the kit only ever hands back what the field gave it, and its form's own values).
  render(props: CustomFieldProps<Value, Form>): ReactNode;
}

type Present<T> = NonNullable<T>;

/** The kinds of field that can edit a value of this type: a number gets a number field, and so on. */
type FieldFor<Form, Name extends keyof Form & string> =
  | CustomFieldDeclaration<Name, Form[Name], Form>
  | ([Present<Form[Name]>] extends [string]
      ? TextFieldDeclaration<Name> | SelectFieldDeclaration<Name> | DateTimeFieldDeclaration<Name>
      : never)
  | ([Present<Form[Name]>] extends [number] ? NumberFieldDeclaration<Name> : never)
  | ([Present<Form[Name]>] extends [boolean] ? SwitchFieldDeclaration<Name> : never)
  | ([Present<Form[Name]>] extends [readonly string[]] ? MultiSelectFieldDeclaration<Name> : never)
  | ([Present<Form[Name]>] extends [readonly (infer Item extends object)[]]
      ? ListFieldDeclaration<Name, Item>
      : never)
  | ([Present<Form[Name]>] extends [FileFieldValue] ? FileFieldDeclaration<Name> : never);

/** One field of a form whose values are `Form`. */
export type FieldDeclaration<Form> = { [Name in keyof Form & string]: FieldFor<Form, Name> }[keyof Form &
  string];

/** A list field as the renderer sees it: items of any shape. */
export interface AnyListFieldDeclaration extends FieldBase<string> {
  kind: 'list';
  fields: readonly AnyFieldDeclaration[];
  newItem(): object;
  itemLabel: string;
}

/** Any field, as the renderer sees it. */
export type AnyFieldDeclaration =
  | TextFieldDeclaration
  | NumberFieldDeclaration
  | SelectFieldDeclaration
  | MultiSelectFieldDeclaration
  | SwitchFieldDeclaration
  | DateTimeFieldDeclaration
  | AnyListFieldDeclaration
  | FileFieldDeclaration
  | CustomFieldDeclaration;

// ---- forms ----------------------------------------------------------------------------------------------

interface ResourceFormBase<Row, Form, CreateInput> {
  // Not a place to infer the form from: a custom field's own `Form` (a shared field's `object`) would win
  // over what `emptyForm` and `toForm` say.
  fields: readonly FieldDeclaration<NoInfer<Form>>[];
  emptyForm(context: FormContext): Form;
  toForm(row: Row): Form;
  /**
   * The request body for create. The kit validates what this returns with `schema`, the contract's
   * schema the API validates with, so client and server report the same paths (`temperatureItems.0.name`)
   * and a form field named like the body key shows both sides' messages.
   */
  toInput(form: Form, context: FormContext): WithoutSite<CreateInput>;
  /** The contract's create schema. */
  schema: z.ZodType;
  /** The contract's update schema (default `schema`). */
  updateSchema?: z.ZodType;
  /** Dialog width (default 'sm'; 'md' for forms with a list field). */
  width?: 'xs' | 'sm' | 'md' | 'lg';
}

/**
 * A create body as a declaration writes it: for a `siteScoped` resource the kit sets `siteID` to the
 * selected site (and keeps the record's own site on update), so the declaration leaves it out.
 */
export type WithoutSite<Input> = Input extends { siteID: infer Site }
  ? Omit<Input, 'siteID'> & { siteID?: Site }
  : Input;

type UpdateMapping<Row, Form, CreateInput, UpdateInput> = [UpdateInput] extends [never]
  ? { toUpdate?: never }
  : [CreateInput & { _id: string }] extends [UpdateInput]
    ? {
        /** Default: the create body plus the row's `_id`. */
        toUpdate?(form: Form, row: Row, context: FormContext): UpdateInput;
      }
    : { toUpdate(form: Form, row: Row, context: FormContext): UpdateInput };

export type ResourceForm<Row, Form, CreateInput, UpdateInput> = ResourceFormBase<Row, Form, CreateInput> &
  UpdateMapping<Row, Form, CreateInput, UpdateInput>;

// ---- filters, view, actions -----------------------------------------------------------------------------

export interface SelectFilterDeclaration<Key extends string = string> {
  kind: 'select';
  name: Key;
  label: string;
  options: OptionsSource;
  /** The label of "no filter" (default "All"). */
  allLabel?: string;
}

/** Two site-local dates (YYYY-MM-DD), start ≤ end, sent as two params. */
export interface DateRangeFilterDeclaration<Key extends string = string> {
  kind: 'dateRange';
  from: Key;
  to: Key;
  labels?: { from: string; to: string };
}

/**
 * One site-local day (YYYY-MM-DD) with previous / today / next and a date picker, in the selected site's
 * zone. Always set: it starts at today in that zone.
 */
export interface DayFilterDeclaration<Key extends string = string> {
  kind: 'day';
  name: Key;
  /** Default "Day". */
  label?: string;
}

/** The list params a status filter's counts are for: the list's own, without the status itself. */
export type CountParams = FilterValues & { search: string };

/**
 * Status tabs with a count on each: PENDING (4), COMPLETED (12). The counts are for what the rest of the
 * query selects (the day, the search), so switching tabs does not change them.
 */
export interface StatusFilterDeclaration<Key extends string = string> {
  kind: 'status';
  name: Key;
  /** Names the tab list for screen readers. */
  label: string;
  options: readonly Option[];
  /** A first tab for every status with this label (default "All"); false for none (then the first one). */
  allLabel?: string | false;
  /** The count of each status, e.g. from a `counts` endpoint; a status it leaves out shows none. */
  counts?: (params: CountParams, signal: AbortSignal) => Promise<Partial<Record<string, number>>>;
}

/** A search-as-you-type select: its options come from a loader given the typed text (a staff member). */
export interface AsyncSelectFilterDeclaration<Key extends string = string> {
  kind: 'asyncSelect';
  name: Key;
  label: string;
  /** The options matching what was typed ('' when nothing is). */
  search: (text: string, context: FormContext, signal: AbortSignal) => Promise<readonly Option[]>;
  /** The option of a value that came from the URL, so a shared link shows a name and not an id. */
  resolve?: (value: string, context: FormContext) => Promise<Option | null>;
}

export interface CustomFilterProps {
  /** This filter's value on the query (from the URL, so a string or nothing). */
  value: string | undefined;
  onChange(value: string | undefined): void;
  context: FormContext;
}

/** Any other filter: the kit keeps its value in the list query and the URL, the component shows it. */
export interface CustomFilterDeclaration<Key extends string = string> {
  kind: 'custom';
  name: Key;
  label: string;
  render(props: CustomFilterProps): ReactNode;
  /** The words of its chip while it is set (default "label: value"), e.g. a switch's own label. */
  chip?: (value: string) => string;
}

export type FilterDeclaration<Key extends string = string> =
  | SelectFilterDeclaration<Key>
  | DateRangeFilterDeclaration<Key>
  | DayFilterDeclaration<Key>
  | StatusFilterDeclaration<Key>
  | AsyncSelectFilterDeclaration<Key>
  | CustomFilterDeclaration<Key>;

/** The query params a filter sets. */
export const filterKeys = (filter: FilterDeclaration): string[] =>
  filter.kind === 'dateRange' ? [filter.from, filter.to] : [filter.name];

// ---- row actions, bulk actions, the detail view ---------------------------------------------------------

/** The words of a confirmation asked before an action runs. */
export interface ConfirmText {
  title: string;
  message?: string;
}

/** Who may run an action: the ability's action on the declaration's subject (or `subject`), per row. */
export interface ActionAbility {
  action: Action;
  subject?: SubjectName;
}

interface ActionBase {
  /** The button's words ("Complete"); with the record's label it names the button for screen readers. */
  label: string;
  icon?: IconName | ConsoleIcon;
  ability: ActionAbility;
}

/** An action on one record, beside view, edit and delete: in the grid, on the cards and in the detail. */
export interface RowActionDeclaration<Row> extends ActionBase {
  /** Asked first when given. */
  confirm?: ConfirmText | ((row: Row) => ConfirmText);
  /** Shown only for rows it suits (e.g. only pending tasks can be completed). */
  available?: (row: Row) => boolean;
  /** Runs it; the list reloads afterwards. A thrown error keeps the confirmation open. */
  run(row: Row): Promise<unknown>;
}

/** An action on the selected records. It runs on those the ability allows it for. */
export interface BulkActionDeclaration<Row> extends ActionBase {
  confirm?: ConfirmText | ((rows: readonly Row[]) => ConfirmText);
  run(rows: readonly Row[]): Promise<unknown>;
}

/** What a detail section can do besides showing the record. */
export interface DetailHelpers {
  /** Loads the record again (after a section changed it). */
  reload(): void;
  /** True when the signed-in user may do `action` on the record (or on `subject`). */
  can(action: Action, subject?: SubjectName): boolean;
  context: FormContext;
}

/** A part of the detail view for a sub-resource: comments, images, checklist items, change history. */
export interface DetailSection<Row> {
  title: string;
  /** A component that loads its own data may be returned here too. */
  render(record: Row, helpers: DetailHelpers): ReactNode;
}

export interface DetailDeclaration<Row> {
  /** Shown below the fields, each under its title. */
  sections?: readonly DetailSection<Row>[];
  /** Dialog width (default 'sm'). */
  width?: 'sm' | 'md' | 'lg';
}

export interface ViewField<Row> {
  label: string;
  /** The row's value, shown as text. */
  field?: keyof Row & string;
  /** Or anything else. */
  render?: (row: Row) => ReactNode;
}

export type ResourceAction = 'view' | 'create' | 'edit' | 'delete';

export interface ResourceDefinition<
  Row extends RowBase,
  Form = never,
  CreateInput = never,
  UpdateInput = never,
  Filters = object,
  Sort extends string = string,
> {
  /** Plural, for the heading: "Suppliers". */
  title: string;
  /** Singular, lower case, for buttons and messages: "supplier". */
  name: string;
  /**
   * The add button's words and the new record dialog's title, where the domain has its own verb ("Enrol a
   * tablet"); default "Add <name>".
   */
  createLabel?: string;
  /** The CASL subject that decides which actions show. */
  subject: SubjectName;
  api: ResourceApi<Row, CreateInput, UpdateInput, Filters>;
  columns: readonly GridColDef<Row>[];
  /** How a record is named in messages ('Delete supplier "Fresh Fish Ltd"?'). */
  recordLabel: (row: Row) => string;
  /**
   * The key a record goes by in the grid, the selection and the URL (`?view=KEY`), and what `api.get` and
   * `api.remove` are given: default its `_id`. For records whose find-one needs more than their own id (a
   * day's task: its master task's too), so the rows stay as the API sent them.
   */
  getRowId?: (row: Row) => string;
  /**
   * The columns the API sorts by: the contract's list (`supplierSortColumns`). Only these grid columns
   * offer sorting, and a sort in the URL that is not one of them is ignored.
   */
  sortable?: readonly Sort[];
  /** `column` or `-column`, one of `sortable`; default `_id` (creation order). */
  defaultSort?: NoInfer<Sort> | `-${NoInfer<Sort>}`;
  /** Rows a page starts with, one of the page sizes (default 10): a dense list of many rows asks for more. */
  defaultLimit?: (typeof pageSizeOptions)[number];
  /** Show a search box (default true). */
  search?: boolean | { placeholder: string };
  filters?: readonly FilterDeclaration<Extract<keyof Filters, string>>[];
  /** Lists the selected site's records (sent as `siteID`) and reloads when the site changes. */
  siteScoped?: boolean;
  /** Fixed list params, e.g. `{ type: 'PROB' }`. */
  params?: Partial<Filters> & FilterValues;
  form?: ResourceForm<Row, Form, CreateInput, UpdateInput>;
  /** What the view modal shows; default the columns. */
  view?: readonly ViewField<Row>[];
  /**
   * What a record's card shows under its name on a phone (below `sm`, where cards replace the grid): a
   * few short facts, the rest being a tap away in the view. Default the `view` fields (or the columns).
   */
  card?: readonly ViewField<Row>[];
  /** The view modal (and detail page): sub-resource sections. It loads the record with `api.get`. */
  detail?: DetailDeclaration<Row>;
  /** Actions beside view, edit and delete, each allowed per row by its ability. */
  rowActions?: readonly RowActionDeclaration<Row>[];
  /** Actions on the selected rows; declaring one turns on row selection. */
  bulkActions?: readonly BulkActionDeclaration<Row>[];
  /**
   * Turns actions off. By default an action exists when the API and form support it: view always,
   * create with `api.create` and a form, edit with `api.update` and a form, delete with `api.remove`.
   */
  actions?: Partial<Record<ResourceAction, boolean>>;
  /** The empty state's words (default 'No suppliers yet.'). */
  emptyMessage?: string;
  /** What to do about it, shown to those who may add (default 'Add the first one.'). */
  emptyHint?: string;
}

/**
 * Infers the types of a declaration so mistakes in it are caught where it is written, and checks what the
 * types cannot: the default sort is one the API accepts.
 */
export function defineResource<
  Row extends RowBase,
  Form = never,
  CreateInput = never,
  UpdateInput = never,
  Filters = object,
  Sort extends string = string,
>(
  definition: ResourceDefinition<Row, Form, CreateInput, UpdateInput, Filters, Sort>,
): ResourceDefinition<Row, Form, CreateInput, UpdateInput, Filters, Sort> {
  const { sortable, defaultSort } = definition;
  if (sortable && defaultSort !== undefined && !isSortable(defaultSort, sortable))
    throw new Error(
      `${definition.title}: the default sort "${defaultSort}" is not one of ${sortable.join(', ')}`,
    );
  return definition;
}

/** True when the API sorts by `sort` (`column` or `-column`); any sort when the columns are not declared. */
export function isSortable(sort: string, sortable: readonly string[] | undefined): boolean {
  return sortable === undefined || sortable.includes(sort.replace(/^-/, ''));
}

/** Which actions a declaration has (before the ability decides per row). */
export function resourceActions(definition: {
  api: { create?: unknown; update?: unknown; remove?: unknown };
  form?: unknown;
  actions?: Partial<Record<ResourceAction, boolean>>;
}): Record<ResourceAction, boolean> {
  const off = definition.actions ?? {};
  const hasForm = definition.form !== undefined;
  return {
    view: off.view !== false,
    create: off.create !== false && hasForm && definition.api.create !== undefined,
    edit: off.edit !== false && hasForm && definition.api.update !== undefined,
    delete: off.delete !== false && definition.api.remove !== undefined,
  };
}

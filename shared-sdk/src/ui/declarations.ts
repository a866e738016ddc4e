import type { ReactNode } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import type { z } from 'zod';
import type { SubjectName } from '../ability/index.js';
import type { ResourceApi } from '../api/resource.js';
import type { Option } from '../contract/index.js';
import type { FilterValues } from './list-query.js';

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

export interface CustomFieldProps<Value> {
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
  values: Readonly<Record<string, unknown>>;
  /** Sets another field, for fields that fill others (a place search filling the address). */
  setField(name: string, value: unknown): void;
}

export interface CustomFieldDeclaration<
  Name extends string = string,
  Value = unknown,
> extends FieldBase<Name> {
  kind: 'custom';
  // Method syntax on purpose: it lets a declaration for one value type stand in the kit's list of fields
  // of any value type (the kit only ever hands back what the field gave it).
  render(props: CustomFieldProps<Value>): ReactNode;
}

type Present<T> = NonNullable<T>;

/** The kinds of field that can edit a value of this type: a number gets a number field, and so on. */
type FieldFor<Form, Name extends keyof Form & string> =
  | CustomFieldDeclaration<Name, Form[Name]>
  | ([Present<Form[Name]>] extends [string]
      ? TextFieldDeclaration<Name> | SelectFieldDeclaration<Name> | DateTimeFieldDeclaration<Name>
      : never)
  | ([Present<Form[Name]>] extends [number] ? NumberFieldDeclaration<Name> : never)
  | ([Present<Form[Name]>] extends [boolean] ? SwitchFieldDeclaration<Name> : never)
  | ([Present<Form[Name]>] extends [readonly string[]] ? MultiSelectFieldDeclaration<Name> : never)
  | ([Present<Form[Name]>] extends [readonly (infer Item extends object)[]]
      ? ListFieldDeclaration<Name, Item>
      : never);

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
  | CustomFieldDeclaration;

// ---- forms ----------------------------------------------------------------------------------------------

interface ResourceFormBase<Row, Form, CreateInput> {
  fields: readonly FieldDeclaration<Form>[];
  emptyForm(context: FormContext): Form;
  toForm(row: Row): Form;
  /**
   * The request body for create. The kit validates what this returns with `schema`, the contract's
   * schema the API validates with, so client and server report the same paths (`temperatureItems.0.name`)
   * and a form field named like the body key shows both sides' messages.
   */
  toInput(form: Form, context: FormContext): CreateInput;
  /** The contract's create schema. */
  schema: z.ZodType;
  /** The contract's update schema (default `schema`). */
  updateSchema?: z.ZodType;
  /** Dialog width (default 'sm'; 'md' for forms with a list field). */
  width?: 'xs' | 'sm' | 'md' | 'lg';
}

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

export type FilterDeclaration<Key extends string = string> =
  SelectFilterDeclaration<Key> | DateRangeFilterDeclaration<Key>;

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
> {
  /** Plural, for the heading: "Suppliers". */
  title: string;
  /** Singular, lower case, for buttons and messages: "supplier". */
  name: string;
  /** The CASL subject that decides which actions show. */
  subject: SubjectName;
  api: ResourceApi<Row, CreateInput, UpdateInput, Filters>;
  columns: readonly GridColDef<Row>[];
  /** How a record is named in messages ('Delete supplier "Fresh Fish Ltd"?'). */
  recordLabel: (row: Row) => string;
  /** `column` or `-column`; default `_id` (creation order). */
  defaultSort?: string;
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
   * Turns actions off. By default an action exists when the API and form support it: view always,
   * create with `api.create` and a form, edit with `api.update` and a form, delete with `api.remove`.
   */
  actions?: Partial<Record<ResourceAction, boolean>>;
  /** The empty state's words (default 'No suppliers yet.'). */
  emptyMessage?: string;
  /** What to do about it, shown to those who may add (default 'Add the first one.'). */
  emptyHint?: string;
}

/** Infers the types of a declaration so mistakes in it are caught where it is written. */
export function defineResource<
  Row extends RowBase,
  Form = never,
  CreateInput = never,
  UpdateInput = never,
  Filters = object,
>(
  definition: ResourceDefinition<Row, Form, CreateInput, UpdateInput, Filters>,
): ResourceDefinition<Row, Form, CreateInput, UpdateInput, Filters> {
  return definition;
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

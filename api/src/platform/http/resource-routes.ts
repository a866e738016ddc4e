import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Action, SubjectName } from '@console/shared-sdk/ability';
import {
  envelope,
  idParamSchema,
  listData,
  messageOnlySchema,
  siteQuerySchema,
  type UploadContentType,
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../db/client.js';
import { allow, assertCan, authOf, orgOf } from '../auth/guard.js';
import { acknowledgeEventsOf } from '../events/raise.js';
import { fieldError, notFound } from './errors.js';
import { clientIdWords, writeOnce } from './client-writes.js';
import {
  actorOf,
  historyEntryDto,
  historyOf,
  isNoChange,
  recordHistory,
  type HistoryEntryInput,
} from '../history/history.js';
import {
  parseFormFields,
  readFormFiles,
  storeFiles,
  type ReceivedFiles,
  type StoredFiles,
} from '../files/uploads.js';
import { listOf } from './list.js';
import { ok } from './respond.js';
import type { Change, RecordScope } from './repository.js';
import {
  assertRecordAccess,
  assertSiteAccess,
  siteAfterUpdate,
  siteListScope,
  type SitePlace,
  type SiteScopedRow,
  type SiteListScope,
  type SiteScopedSubject,
} from './site-scope.js';

// The spec gives every record resource the same five calls (web-app-list, create-new-one, update-one,
// delete-one/{id}, find-one/{id}), and its logs a history (log-history-list/{id}). A resource declares what
// differs (schemas, repository, DTO, words, tenancy, a form with files, the order of its calls) and this
// file writes the routes, so each new domain gets the same gates, transactions, history and envelopes
// without copying them; extra calls a resource has are registered beside the declaration or, where the
// OpenAPI document lists them between standard ones, in its `calls`.

/**
 * Who may touch a resource's records and where they live: `onSites` or `inOrganisation`. The first four
 * parameters are the least the gates read from rows and bodies (`siteID` for site-scoped resources), so a
 * resource's own row and body types fit; the last two are what the gates hand the repository: a new
 * record's place, and where an edited record ends up. A list's scope is a `RecordScope`, which the
 * repository turns into SQL.
 */
export interface Tenancy<RowBase, ListBase, CreateBase, UpdateBase, Place, Target> {
  subject: SubjectName;
  where: (request: FastifyRequest, query: ListBase) => Promise<SiteListScope>;
  /**
   * Checks a create needs before the transaction; what it returns runs inside it. Split because a site
   * must be checked on the transaction's connection, while the catalogue check reads no row and so
   * should not open a transaction only to refuse.
   */
  admit: (request: FastifyRequest, body: CreateBase) => (tx: Tx) => Promise<Place>;
  /** The gate for one loaded record: missing is 404 ("<what> not found"), not the caller's is 403. */
  record: <Row extends RowBase>(
    request: FastifyRequest,
    action: Action,
    what: string,
    row: Row | undefined,
  ) => Row;
  target: (request: FastifyRequest, current: RowBase, body: UpdateBase, tx: Tx) => Promise<Target>;
}

/** Records that belong to one site: the gates of platform/http/site-scope.ts. */
export function onSites(
  subject: SiteScopedSubject,
): Tenancy<
  SiteScopedRow,
  { siteID?: string | undefined },
  { siteID: string },
  { siteID?: string | undefined },
  SitePlace,
  string
> {
  return {
    subject,
    where: (request, query) => siteListScope(request, subject, query.siteID),
    admit: (request, body) => (tx) => assertSiteAccess(request, 'create', subject, body.siteID, tx),
    record: (request, action, what, row) => assertRecordAccess(request, action, subject, what, row),
    target: (request, current, body, tx) => siteAfterUpdate(request, subject, current, body.siteID, tx),
  };
}

/**
 * Site records that stay on the site they were made on (logs, readings): an update names no site, so the
 * record's own is where it ends up.
 */
export function keptOnSite(
  subject: SiteScopedSubject,
): Tenancy<SiteScopedRow, { siteID?: string | undefined }, { siteID: string }, object, SitePlace, string> {
  return { ...onSites(subject), target: async (_request, current) => current.siteId };
}

/** The organisation the request acts in, once the caller may `action` the catalogue `subject` in it. */
export function catalogueOf(request: FastifyRequest, subject: SubjectName, action: Action): string {
  const orgId = orgOf(request);
  assertCan(request, action, subject, { orgId });
  return orgId;
}

/**
 * One catalogue for the whole organisation (supplier types): a record never moves, so the place of a new
 * one and the target of an edit are both the organisation.
 */
export function inOrganisation(
  subject: SubjectName,
): Tenancy<{ orgId: string }, object, object, object, string, string> {
  return {
    subject,
    where: async (request) => ({ orgId: catalogueOf(request, subject, 'read') }),
    admit: (request) => {
      const orgId = catalogueOf(request, subject, 'create');
      return async () => orgId;
    },
    record: (request, action, what, row) => {
      if (!row) throw notFound(what);
      assertCan(request, action, subject, { orgId: row.orgId });
      return row;
    },
    target: async (_request, current) => current.orgId,
  };
}

/**
 * A validated request part as its schema outputs it. Fastify types it `[T] extends [undefined] ? unknown
 * : T`, which TypeScript cannot resolve while T is a type parameter; the validator has already replaced
 * the part with the schema's output, and every schema here is an object, so it is T.
 */
function parsed<T extends object>(part: [T] extends [undefined] ? unknown : T): T {
  return part as T;
}

/**
 * `_id` names the record, `siteID` places it and `clientId` names the write (client-writes.ts); the
 * repository gets the rest.
 */
type Fields<Body> = Omit<Body, '_id' | 'siteID' | 'clientId'>;

function fieldsOf<Body extends { _id?: unknown; siteID?: unknown; clientId?: unknown }>(
  body: Body,
): Fields<Body> {
  const { _id, siteID: _siteID, clientId: _clientId, ...fields } = body;
  return fields;
}

/** The client's id of a write, where its body has one. */
const clientIdOf = (body: object): string | undefined =>
  'clientId' in body && typeof body.clientId === 'string' ? body.clientId : undefined;

/** The site a call's query names (`siteID`), which a resource's `view` may read its answers from. */
function siteOfQuery(query: unknown): string | undefined {
  return typeof query === 'object' && query !== null && 'siteID' in query && typeof query.siteID === 'string'
    ? query.siteID
    : undefined;
}

/** One live record of the organisation by id; another organisation's is not found (undefined). */
export type FindRecord<Row> = (
  db: Database | Tx,
  orgId: string,
  id: string,
  options?: { forUpdate?: boolean },
) => Promise<Row | undefined>;

/** A page of a list's answers, and how many match in all. */
interface Page<Item> {
  list: Item[];
  total: number;
}

export interface ResourceRepository<Row, Query, Create, Update, Place, Target, View> {
  /**
   * A page of rows in `scope` and how many match in all. A list that reads its answers in one joined
   * statement declares `list.page` instead.
   */
  list?: (
    db: Database,
    scope: RecordScope,
    query: Query,
    view: View,
  ) => Promise<{ rows: Row[]; total: number }>;
  find: FindRecord<Row>;
  /** Adds a record; a resource without create-new-one (its records are made elsewhere) has none. */
  insert?: (tx: Tx, place: Place, fields: Fields<Create>, now: Date, change: Change) => Promise<Row>;
  /** Changes a record; a resource whose records change only through calls of its own has none. */
  update?: (
    tx: Tx,
    current: Row,
    target: Target,
    fields: Fields<Update>,
    now: Date,
    change: Change,
  ) => Promise<Row>;
  /**
   * Deletes (soft, where logs name the record) by id; a resource without delete-one has none. `removal`
   * says who deletes it and the reason the body gave, for what the deletion brings with it. A deletion
   * that changes other records too (an area's sites leave it) answers the words that say so, in place of
   * "<label> deleted".
   */
  remove?: (tx: Tx, id: string, now: Date, removal: Removal) => Promise<void | { message: string }>;
}

/** Who deletes a record in which organisation, and the reason the delete's body gave (null without one). */
export interface Removal {
  orgId: string;
  by: string;
  reason: string | null;
}

/** A path parameter holding the record id; the spec names it `masterTypeID` on fridges, else `id`. */
export interface IdParam<Name extends string> {
  name: Name;
  schema: z.ZodType<Record<Name, string>>;
}

/**
 * The calls the factory writes: the spec's web-app-list, create-new-one, update-one, delete-one/{id} and
 * find-one/{id}, and a record's history.
 */
export type StandardCall = 'list' | 'create' | 'update' | 'delete' | 'findOne' | 'history';

/** A create or update sent as a multipart form: its text fields go through the call's schema. */
export interface FormFiles {
  maxFiles: number;
  /** The 400 when a form carries more than `maxFiles`. */
  tooMany: string;
  /** Set when a create needs at least one file: the 400 on `files` when it has none. */
  required?: string;
  /** Types narrower than every accepted upload (photos only), and the 415 that says so. */
  accept?: { types: readonly UploadContentType[]; message: string };
}

export interface ResourceDeclaration<
  Row,
  Item,
  Query,
  Create,
  Update,
  Place,
  Target,
  Param extends string,
  View,
  DeleteBody,
> {
  tenancy: Tenancy<Row, Query, Create, Update, Place, Target>;
  tags: string[];
  /** Names the record in "<what> not found". */
  what: string;
  /** Starts the success messages ("Supplier created"); by row where the type names it ("Freezer"). */
  label: string | ((row: Row) => string);
  /** The verbs after the label where the spec's words differ ("Near miss reported"). */
  verbs?: { create?: string; update?: string; delete?: string };
  /** One for each call the resource registers. */
  summaries: Partial<Record<StandardCall, string>>;
  descriptions?: Partial<Record<StandardCall, string>>;
  schemas: {
    listQuery: z.ZodType<Query>;
    /**
     * A JSON body, or a multipart form's text fields when `forms.create` is declared; needed only where
     * the resource registers create-new-one (or update-one).
     */
    create?: z.ZodType<Create>;
    update?: z.ZodType<Update>;
    item: z.ZodType<Item>;
    /** The query of find-one, create-new-one and update-one; default `siteQuerySchema`. */
    readQuery?: z.ZodType;
    /** A JSON body delete-one takes (a reason the history keeps). */
    delete?: z.ZodType<DeleteBody>;
  };
  repository: ResourceRepository<Row, Query, Create, Update, Place, Target, View>;
  /** Rows to what the API answers; takes a page at once so related rows load in one query. */
  toDtos: (db: Database | Tx, rows: readonly Row[], view: View) => Item[] | Promise<Item[]>;
  /**
   * What a resource's answers are read against, worked out once a call has passed its gates (documents:
   * the zone of the site the caller looks from, the query's `siteID`). A resource without one reads
   * `undefined`.
   */
  view?: (request: FastifyRequest, siteID: string | undefined) => Promise<View>;
  list?: {
    /** The list's path where the spec names it otherwise ('/web-app-list-for-web'). */
    url?: string;
    /**
     * A page read with the names it shows in one statement, answered as items: takes the place of
     * `repository.list` and `toDtos`.
     */
    page?: (db: Database, scope: RecordScope, query: Query, view: View) => Promise<Page<Item>>;
    /** Writes the total onto the page's first record too, where the spec reads it there. */
    carryTotal?: (first: Item, total: number) => void;
  };
  /** Creates or updates sent as multipart forms with files (`Change.files`), stored all or none. */
  forms?: { create?: FormFiles; update?: FormFiles };
  /**
   * create-new-one takes the client's id of the write (`clientId` in the create schema): a copy sent
   * again writes nothing and answers the record the first one made (client-writes.ts).
   */
  clientWrites?: boolean;
  /** Rules on a create's body alone, answered before any record is read (a device's time). */
  beforeCreate?: (body: Create, now: Date) => void;
  /** Work once a create's reply has gone out (an e-mail), which cannot fail the create. */
  afterCreate?: { what: string; run: (item: Item) => Promise<void> };
  deleteParam?: IdParam<Param>;
  /**
   * Standard calls the resource does not take from the factory because the spec gives it its own call of
   * that name (master tasks: web-app-list is a day's occurrences, delete-one takes a date).
   */
  without?: readonly ('web-app-list' | 'delete-one')[];
  /**
   * The calls in the order they are registered, which is the order the OpenAPI document lists them in; a
   * function registers a call of the resource's own at that place. Default: list, create, update, delete,
   * findOne, then history when it has a route (less `without`).
   */
  calls?: readonly (StandardCall | (() => void))[];
  /**
   * Keep the record's history (platform/history/history.ts): every create, update and delete appends an entry in the
   * same transaction as the change.
   */
  history?: HistoryDeclaration<Row, Item, Create | Update | DeleteBody>;
}

/** What a resource's history keeps and where its records live. */
export interface HistoryDeclaration<Row, Item, Body> {
  /** Default: the row's own `orgId` and `siteId` (none for an organisation's record), as recordsOf writes them. */
  place?: (row: Row) => { orgId: string; siteId: string | null };
  /** What an entry keeps of the record, taken from its answer (e.g. without its timestamps). */
  snapshot: (item: Item) => unknown;
  /** The reason a request gave for its change, if any; default the body's `reason`, where it has one. */
  reason?: (body: Body) => string | null | undefined;
  /** The call that answers the history (summary `summaries.history`); default `/log-history-list/:id`. */
  route?: { reply: z.ZodType; url?: string; param?: IdParam<string> };
}

/** Where a record lives, from the columns every record table has (platform/http/repository.ts). */
function placeOfRow(row: object): { orgId: string; siteId: string | null } {
  const orgId = 'orgId' in row ? row.orgId : undefined;
  const siteId = 'siteId' in row ? row.siteId : null;
  if (typeof orgId !== 'string' || (siteId !== null && typeof siteId !== 'string')) {
    throw new Error('a record without orgId (or with a siteId that is not one) declares history.place');
  }
  return { orgId, siteId };
}

/** The reason a change's body gives, where it has a `reason` field. */
const reasonOfBody = (body: object): string | null =>
  'reason' in body && typeof body.reason === 'string' ? body.reason : null;

/**
 * A create's or update's body: a multipart form's text fields through `schema` (with its files), or the
 * JSON body, which the validator has already replaced with `schema`'s output.
 */
async function bodyOf<Body>(
  request: FastifyRequest,
  schema: z.ZodType<Body>,
  form: FormFiles | undefined,
): Promise<{ body: Body; received?: ReceivedFiles }> {
  if (!form) return { body: request.body as Body };
  const received = await readFormFiles(request, form.maxFiles, form.tooMany);
  return { body: parseFormFields(schema, received.fields), received };
}

/** Files stored for a change, none: what a JSON body brings. */
const noFiles: StoredFiles = { stored: [], discard: async () => undefined };

/** Runs `change`; when it fails, the files stored for it are removed again. */
async function keepingFiles<T>(files: StoredFiles, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    await files.discard();
    throw error;
  }
}

/**
 * Registers the standard calls a resource declares (by default web-app-list, create-new-one, update-one,
 * delete-one/{id} and find-one/{id}) and, with `history.route`, its history.
 */
export function resourceRoutes<
  Row extends { id: string },
  Item,
  Query extends { page: number; limit: number },
  Create extends object,
  Update extends { _id: string },
  Place,
  Target,
  Param extends string = 'id',
  View = undefined,
  DeleteBody extends object = never,
>(
  app: FastifyInstance,
  declaration: ResourceDeclaration<Row, Item, Query, Create, Update, Place, Target, Param, View, DeleteBody>,
): RecordRoutes<Row> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { tenancy, tags, what, schemas, repository, history, forms } = declaration;
  const { subject } = tenancy;
  const gate: RecordGate<Row> = { subject, what, tags, find: repository.find, record: tenancy.record };
  const summaryOf = (call: StandardCall) => {
    const summary = declaration.summaries[call];
    if (summary === undefined) throw new Error(`${what}: the ${call} call needs a summary`);
    return summary;
  };
  /** The summary and, where there is one, the description of a call. */
  const wordsOf = (call: StandardCall) => {
    const description = declaration.descriptions?.[call];
    return { summary: summaryOf(call), ...(description === undefined ? {} : { description }) };
  };
  const messageOf = (row: Row, call: 'create' | 'update' | 'delete') => {
    const label = typeof declaration.label === 'string' ? declaration.label : declaration.label(row);
    const verb =
      declaration.verbs?.[call] ?? { create: 'created', update: 'updated', delete: 'deleted' }[call];
    return `${label} ${verb}`;
  };
  const viewOf = async (request: FastifyRequest, query: unknown): Promise<View> =>
    // Without `view` the declaration's View is its default, undefined.
    declaration.view ? declaration.view(request, siteOfQuery(query)) : (undefined as View);
  const dtoOf = async (db: Database | Tx, row: Row, view: View): Promise<Item> => {
    const [dto] = await declaration.toDtos(db, [row], view);
    if (!dto) throw new Error(`no DTO for a loaded ${what}`);
    return dto;
  };
  const readQuery = schemas.readQuery ?? siteQuerySchema;
  /** A form's files, stored for the caller's organisation once the change passed its gates. */
  const storeFormFiles = (
    request: FastifyRequest,
    form: ReceivedFiles | undefined,
    accept?: FormFiles['accept'],
  ) =>
    form
      ? storeFiles(deps, { orgId: orgOf(request), userId: authOf(request).user.id }, form.files, accept)
      : noFiles;
  const changeBy = (request: FastifyRequest, files: StoredFiles): Change => ({
    by: authOf(request).user.id,
    files: files.stored.map((file) => file.id),
  });

  /** The summary and description of a change, which says how a create takes the client's id of the write. */
  const changeWords = (call: 'create' | 'update') => {
    const words = wordsOf(call);
    if (call !== 'create' || !declaration.clientWrites) return words;
    const where = forms?.create ? 'a text field of the form' : 'in the body';
    return {
      ...words,
      description: [words.description, clientIdWords(where)].filter(Boolean).join(' '),
    };
  };

  /** create-new-one's or update-one's schema: a JSON body, or a multipart form read by the handler. */
  const changeSchema = (call: 'create' | 'update', body: z.ZodType) => ({
    tags,
    ...changeWords(call),
    ...(forms?.[call] ? { consumes: ['multipart/form-data'] } : { body }),
    querystring: readQuery,
    response: { 200: envelope(schemas.item) },
  });

  const placeOf = (row: Row) => (history?.place ? history.place(row) : placeOfRow(row));
  /** Appends the change to the record's history, when the resource keeps one. */
  const keepHistory = async (
    tx: Tx,
    request: FastifyRequest,
    change: Pick<HistoryEntryInput, 'action' | 'at'> & { row: Row; before: Item | null; after: Item | null },
    body?: Create | Update | DeleteBody,
  ) => {
    if (!history) return;
    const entry: HistoryEntryInput = {
      ...placeOf(change.row),
      subject,
      recordId: change.row.id,
      action: change.action,
      before: change.before && history.snapshot(change.before),
      after: change.after && history.snapshot(change.after),
      reason: (body && (history.reason ? history.reason(body) : reasonOfBody(body))) ?? null,
      actor: actorOf(request),
      at: change.at,
    };
    if (change.action === 'update' && isNoChange(entry)) return;
    await recordHistory(tx, entry);
  };

  /** One page of items in `scope`; an empty one still has to tell a site with nothing from a missing one. */
  const pageOfItems = (): ((scope: SiteListScope, query: Query, view: View) => Promise<Page<Item>>) => {
    const { page } = declaration.list ?? {};
    const rowsOf = repository.list;
    if (page) {
      return async (scope, query, view) => {
        const found = await page(deps.db, scope, query, view);
        if (found.list.length === 0) await scope.confirmSite?.();
        return found;
      };
    }
    if (!rowsOf) throw new Error(`${what}: a list needs repository.list or list.page`);
    return async (scope, query, view) => {
      const { rows, total } = await rowsOf(deps.db, scope, query, view);
      if (rows.length === 0) await scope.confirmSite?.();
      return { list: await declaration.toDtos(deps.db, rows, view), total };
    };
  };

  const list = () => {
    const read = pageOfItems();
    r.get(
      declaration.list?.url ?? '/web-app-list',
      {
        schema: {
          tags,
          ...wordsOf('list'),
          querystring: schemas.listQuery,
          response: { 200: envelope(listData(schemas.item)) },
        },
        onRequest: allow('read', subject),
      },
      async (request) => {
        const query = parsed(request.query);
        const scope = await tenancy.where(request, query);
        const { list: items, total } = await read(scope, query, await viewOf(request, query));
        const [first] = items;
        if (first) declaration.list?.carryTotal?.(first, total);
        return ok(listOf(items, total, query));
      },
    );
  };

  const create = () => {
    const { insert } = repository;
    const createSchema = schemas.create;
    if (!insert || !createSchema) {
      throw new Error(`${what}: create-new-one needs schemas.create and repository.insert`);
    }
    r.post(
      '/create-new-one',
      {
        schema: changeSchema('create', createSchema),
        onRequest: allow('create', subject),
      },
      async (request, reply) => {
        const form = forms?.create;
        const { body, received } = await bodyOf(request, createSchema, form);
        const clientId = declaration.clientWrites ? clientIdOf(body) : undefined;
        return writeOnce(
          request,
          deps,
          clientId,
          async (claim) => {
            declaration.beforeCreate?.(body, deps.clock.now());
            const placeIn = tenancy.admit(request, body);
            // A form's files are stored only where the caller may create, and before the change's
            // transaction (a store cannot roll back), so its place passes the gate first, in a transaction
            // of its own.
            const admitted = received ? { place: await deps.db.transaction(placeIn) } : undefined;
            if (form?.required && received?.files.length === 0) throw fieldError('files', form.required);
            const view = await viewOf(request, request.query);
            const files = await storeFormFiles(request, received, form?.accept);
            const { row, dto } = await keepingFiles(files, () =>
              deps.db.transaction(async (tx) => {
                const place = admitted ? admitted.place : await placeIn(tx);
                const at = deps.clock.now();
                const change = changeBy(request, files);
                const inserted = await insert(tx, place, fieldsOf(body), at, change);
                await claim(tx, inserted.id);
                const after = await dtoOf(tx, inserted, view);
                await keepHistory(
                  tx,
                  request,
                  { action: 'create', at, row: inserted, before: null, after },
                  body,
                );
                return { row: inserted, dto: after };
              }),
            );
            const { afterCreate } = declaration;
            if (afterCreate) app.afterReply.run(reply, afterCreate.what, () => afterCreate.run(dto));
            return ok(dto, messageOf(row, 'create'));
          },
          async (recordId) => {
            const found = await repository.find(deps.db, orgOf(request), recordId);
            const row = tenancy.record(request, 'create', what, found);
            const item = await dtoOf(deps.db, row, await viewOf(request, request.query));
            return ok(item, messageOf(row, 'create'));
          },
        );
      },
    );
  };

  const update = () => {
    const change = repository.update;
    const updateSchema = schemas.update;
    if (!change || !updateSchema) {
      throw new Error(`${what}: update-one needs schemas.update and repository.update`);
    }
    r.put(
      '/update-one',
      {
        schema: changeSchema('update', updateSchema),
        onRequest: allow('update', subject),
      },
      async (request) => {
        const form = forms?.update;
        const { body, received } = await bodyOf(request, updateSchema, form);
        /** The record, loaded and gated, and where it ends up. */
        const admit = async (tx: Tx, forUpdate: boolean) => {
          const found = await repository.find(tx, orgOf(request), body._id, { forUpdate });
          const current = tenancy.record(request, 'update', what, found);
          return { current, target: await tenancy.target(request, current, body, tx) };
        };
        // Files are stored only for a caller who may make the change; the change's transaction checks again.
        if (received && received.files.length > 0) await deps.db.transaction((tx) => admit(tx, false));
        const view = await viewOf(request, request.query);
        const files = await storeFormFiles(request, received, form?.accept);
        const { row, dto } = await keepingFiles(files, () =>
          deps.db.transaction(async (tx) => {
            const { current, target } = await admit(tx, true);
            const before = history ? await dtoOf(tx, current, view) : null;
            const at = deps.clock.now();
            const by = changeBy(request, files);
            const updated = await change(tx, current, target, fieldsOf(body), at, by);
            const after = await dtoOf(tx, updated, view);
            await keepHistory(tx, request, { action: 'update', at, row: updated, before, after }, body);
            return { row: updated, dto: after };
          }),
        );
        return ok(dto, messageOf(row, 'update'));
      },
    );
  };

  const deleteOne = <Name extends string>(param: IdParam<Name>) => {
    const { remove } = repository;
    if (!remove) throw new Error(`${what}: delete-one needs repository.remove`);
    r.delete(
      `/delete-one/:${param.name}`,
      {
        schema: {
          tags,
          ...wordsOf('delete'),
          params: param.schema,
          querystring: siteQuerySchema,
          ...(schemas.delete ? { body: schemas.delete } : {}),
          response: { 200: messageOnlySchema },
        },
        onRequest: allow('delete', subject),
      },
      async (request) => {
        // The validator has replaced the body with `schemas.delete`'s output (or there is none).
        const body = schemas.delete ? (request.body as DeleteBody) : undefined;
        const view = await viewOf(request, request.query);
        const { row, removed } = await deps.db.transaction(async (tx) => {
          const found = await repository.find(tx, orgOf(request), parsed(request.params)[param.name], {
            forUpdate: true,
          });
          const current = tenancy.record(request, 'delete', what, found);
          const before = history ? await dtoOf(tx, current, view) : null;
          const at = deps.clock.now();
          const result = await remove(tx, current.id, at, {
            orgId: orgOf(request),
            by: authOf(request).user.id,
            reason: body ? reasonOfBody(body) : null,
          });
          await keepHistory(tx, request, { action: 'delete', at, row: current, before, after: null }, body);
          return { row: current, removed: result };
        });
        return ok(null, removed ? removed.message : messageOf(row, 'delete'));
      },
    );
  };

  const findOne = () =>
    r.get(
      '/find-one/:id',
      {
        schema: {
          tags,
          ...wordsOf('findOne'),
          params: idParamSchema,
          querystring: readQuery,
          response: { 200: envelope(schemas.item) },
        },
        onRequest: allow('read', subject),
      },
      async (request) => {
        const found = await repository.find(deps.db, orgOf(request), request.params.id);
        const row = tenancy.record(request, 'read', what, found);
        // An admin opening a record in the console has seen what its alerts are about (issue 24): they
        // are acknowledged, and do not escalate.
        const { user, audience } = authOf(request);
        if (audience === 'web' && (user.role === 'ORGANIZATION_ADMIN' || user.role === 'SITE_ADMIN')) {
          await acknowledgeEventsOf(deps.db, orgOf(request), row.id, user.id, deps.clock.now());
        }
        return ok(await dtoOf(deps.db, row, await viewOf(request, request.query)));
      },
    );

  const historyRoute = () => {
    const route = history?.route;
    if (!route) throw new Error(`${what}: the history call needs history.route`);
    recordRoute(app, gate, {
      method: 'GET',
      url: route.url ?? '/log-history-list/:id',
      param: route.param ?? { name: 'id', schema: idParamSchema },
      action: 'read',
      summary: summaryOf('history'),
      reply: route.reply,
      handler: async (row, db) => {
        const entries = await historyOf(db, placeOf(row).orgId, subject, row.id);
        // The snapshots are JSON this resource wrote; reading them through the contract types them.
        return { data: route.reply.parse(entries.map(historyEntryDto)) };
      },
    });
  };

  const register: Record<StandardCall, () => void> = {
    list,
    create,
    update,
    delete: () =>
      declaration.deleteParam
        ? deleteOne(declaration.deleteParam)
        : deleteOne({ name: 'id', schema: idParamSchema }),
    findOne,
    history: historyRoute,
  };
  const without = declaration.without ?? [];
  const calls = declaration.calls ?? [
    ...(without.includes('web-app-list') ? [] : (['list'] as const)),
    'create',
    'update',
    ...(without.includes('delete-one') ? [] : (['delete'] as const)),
    'findOne',
    ...(history?.route ? (['history'] as const) : []),
  ];
  for (const call of calls) {
    if (typeof call === 'function') call();
    else register[call]();
  }

  return { recordRoute: (route) => recordRoute(app, gate, route) };
}

/** How a call on one record finds it and lets the caller at it: the resource's find and tenancy gate. */
export interface RecordGate<Row> {
  subject: SubjectName;
  what: string;
  tags: string[];
  find: FindRecord<Row>;
  record: (request: FastifyRequest, action: Action, what: string, row: Row | undefined) => Row;
}

/** A call on one record beside the five: its history, comments, checklist items, a status change. */
export interface RecordRouteDeclaration<Row, Name extends string, Body, Reply> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Holds `:<param.name>`, e.g. `/history/:masterTypeID`. */
  url: string;
  param: IdParam<Name>;
  /** What the caller must be allowed on the record; anything but `read` runs in a transaction. */
  action: Action;
  summary: string;
  body?: z.ZodType<Body>;
  reply: z.ZodType<Reply>;
  /**
   * Runs once the record passed the gate: for a read on the database, for a change inside a transaction
   * that loaded the record FOR UPDATE (so two changes to one record run one after the other).
   */
  handler: (
    record: Row,
    db: Database | Tx,
    request: FastifyRequest,
    body: Body,
  ) => Promise<{ data: Reply; message?: string }>;
}

export interface RecordRoutes<Row> {
  recordRoute: <Name extends string, Body = undefined, Reply = unknown>(
    route: RecordRouteDeclaration<Row, Name, Body, Reply>,
  ) => void;
}

/**
 * Registers a call on one record through the record gate: authentication and the subject's ability first,
 * then the record loaded by its id in the caller's organisation (another's is 404, like a missing one) and
 * checked against the caller's rules for `action` (403), and only then the handler. A sub-resource cannot
 * skip the gate by being written beside the resource.
 */
export function recordRoute<Row, Name extends string, Body, Reply>(
  app: FastifyInstance,
  gate: RecordGate<Row>,
  route: RecordRouteDeclaration<Row, Name, Body, Reply>,
): void {
  const { deps } = app;
  const load = async (request: FastifyRequest, db: Database | Tx, forUpdate: boolean) => {
    // Validated by `param.schema`, which holds the id under `param.name`.
    const id = (request.params as Record<Name, string>)[route.param.name];
    const found = await gate.find(db, orgOf(request), id, { forUpdate });
    return gate.record(request, route.action, gate.what, found);
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: route.url,
    schema: {
      tags: gate.tags,
      summary: route.summary,
      params: route.param.schema,
      querystring: siteQuerySchema,
      ...(route.body ? { body: route.body } : {}),
      response: { 200: envelope(route.reply) },
    },
    onRequest: allow(route.action, gate.subject),
    handler: async (request) => {
      // The validator has replaced the body with `route.body`'s output (or there is none: Body undefined).
      const body = request.body as Body;
      const { data, message } =
        route.action === 'read'
          ? await route.handler(await load(request, deps.db, false), deps.db, request, body)
          : await deps.db.transaction(async (tx) =>
              route.handler(await load(request, tx, true), tx, request, body),
            );
      return ok(data, message);
    },
  });
}

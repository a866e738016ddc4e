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
} from '@console/shared-sdk/contract';
import type { Database, Tx } from '../db/client.js';
import { allow, assertCan, orgOf } from '../auth/guard.js';
import { notFound } from './errors.js';
import { actorOf, isNoChange, recordHistory, type HistoryEntryInput } from '../history/history.js';
import { listOf } from './list.js';
import { ok } from './respond.js';
import type { RecordScope } from './repository.js';
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
// delete-one/{id}, find-one/{id}). A resource declares what differs (schemas, repository, DTO, words,
// tenancy) and this file writes the routes, so each new domain gets the same gates, transactions and
// envelopes without copying them; extra calls a resource has are registered beside the declaration.

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

/** `_id` names the record and `siteID` places it; the repository gets the rest. */
type Fields<Body> = Omit<Body, '_id' | 'siteID'>;

function fieldsOf<Body extends { _id?: unknown; siteID?: unknown }>(body: Body): Fields<Body> {
  const { _id, siteID: _siteID, ...fields } = body;
  return fields;
}

/** One live record of the organisation by id; another organisation's is not found (undefined). */
export type FindRecord<Row> = (
  db: Database | Tx,
  orgId: string,
  id: string,
  options?: { forUpdate?: boolean },
) => Promise<Row | undefined>;

export interface ResourceRepository<Row, Query, Create, Update, Place, Target> {
  list: (db: Database, scope: RecordScope, query: Query) => Promise<{ rows: Row[]; total: number }>;
  find: FindRecord<Row>;
  insert: (tx: Tx, place: Place, fields: Fields<Create>, now: Date) => Promise<Row>;
  update: (tx: Tx, current: Row, target: Target, fields: Fields<Update>, now: Date) => Promise<Row>;
  /** Deletes (soft, where logs name the record) by id. */
  remove: (tx: Tx, id: string, now: Date) => Promise<void>;
}

/** A path parameter holding the record id; the spec names it `masterTypeID` on fridges, else `id`. */
export interface IdParam<Name extends string> {
  name: Name;
  schema: z.ZodType<Record<Name, string>>;
}

export interface ResourceDeclaration<Row, Item, Query, Create, Update, Place, Target, Param extends string> {
  tenancy: Tenancy<Row, Query, Create, Update, Place, Target>;
  tags: string[];
  /** Names the record in "<what> not found". */
  what: string;
  /** Starts the success messages ("Supplier created"); by row where the type names it ("Freezer"). */
  label: string | ((row: Row) => string);
  summaries: { list: string; create: string; update: string; delete: string; findOne: string };
  schemas: {
    listQuery: z.ZodType<Query>;
    create: z.ZodType<Create>;
    update: z.ZodType<Update>;
    item: z.ZodType<Item>;
  };
  repository: ResourceRepository<Row, Query, Create, Update, Place, Target>;
  /** Rows to what the API answers; takes a page at once so related rows load in one query. */
  toDtos: (db: Database | Tx, rows: readonly Row[]) => Item[] | Promise<Item[]>;
  deleteParam?: IdParam<Param>;
  /**
   * Standard calls the resource does not take from the factory because the spec gives it its own call of
   * that name (master tasks: web-app-list is a day's occurrences, delete-one takes a date).
   */
  without?: readonly ('web-app-list' | 'delete-one')[];
  /**
   * Keep the record's history (platform/history/history.ts): every create, update and delete appends an entry in the
   * same transaction as the change.
   */
  history?: HistoryDeclaration<Row, Item, Create | Update>;
}

/** What a resource's history keeps and where its records live. */
export interface HistoryDeclaration<Row, Item, Body> {
  place: (row: Row) => { orgId: string; siteId: string | null };
  /** What an entry keeps of the record, taken from its answer (e.g. without its timestamps). */
  snapshot: (item: Item) => unknown;
  /** The reason a request gave for its change, if any. */
  reason?: (body: Body) => string | null | undefined;
}

/** Registers web-app-list, create-new-one, update-one, delete-one/{id} and find-one/{id}. */
export function resourceRoutes<
  Row extends { id: string },
  Item,
  Query extends { page: number; limit: number },
  Create extends object,
  Update extends { _id: string },
  Place,
  Target,
  Param extends string = 'id',
>(
  app: FastifyInstance,
  declaration: ResourceDeclaration<Row, Item, Query, Create, Update, Place, Target, Param>,
): RecordRoutes<Row> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { tenancy, tags, what, summaries, schemas, repository } = declaration;
  const { subject } = tenancy;
  const label = (row: Row) =>
    typeof declaration.label === 'string' ? declaration.label : declaration.label(row);
  const dtoOf = async (db: Database | Tx, row: Row): Promise<Item> => {
    const [dto] = await declaration.toDtos(db, [row]);
    if (!dto) throw new Error(`no DTO for a loaded ${what}`);
    return dto;
  };
  const { history } = declaration;
  /** Appends the change to the record's history, when the resource keeps one. */
  const keepHistory = async (
    tx: Tx,
    request: FastifyRequest,
    change: Pick<HistoryEntryInput, 'action' | 'at'> & { row: Row; before: Item | null; after: Item | null },
    body?: Create | Update,
  ) => {
    if (!history) return;
    const entry: HistoryEntryInput = {
      ...history.place(change.row),
      subject,
      recordId: change.row.id,
      action: change.action,
      before: change.before && history.snapshot(change.before),
      after: change.after && history.snapshot(change.after),
      reason: (body && history.reason?.(body)) ?? null,
      actor: actorOf(request),
      at: change.at,
    };
    if (change.action === 'update' && isNoChange(entry)) return;
    await recordHistory(tx, entry);
  };

  const registers = (call: 'web-app-list' | 'delete-one') => !declaration.without?.includes(call);

  if (registers('web-app-list'))
    r.get(
      '/web-app-list',
      {
        schema: {
          tags,
          summary: summaries.list,
          querystring: schemas.listQuery,
          response: { 200: envelope(listData(schemas.item)) },
        },
        onRequest: allow('read', subject),
      },
      async (request) => {
        const query = parsed(request.query);
        const scope = await tenancy.where(request, query);
        const { rows, total } = await repository.list(deps.db, scope, query);
        if (rows.length === 0) await scope.confirmSite?.();
        return ok(listOf(await declaration.toDtos(deps.db, rows), total, query));
      },
    );

  r.post(
    '/create-new-one',
    {
      schema: {
        tags,
        summary: summaries.create,
        querystring: siteQuerySchema,
        body: schemas.create,
        response: { 200: envelope(schemas.item) },
      },
      onRequest: allow('create', subject),
    },
    async (request) => {
      const body = parsed(request.body);
      const placeIn = tenancy.admit(request, body);
      const { row, dto } = await deps.db.transaction(async (tx) => {
        const place = await placeIn(tx);
        const at = deps.clock.now();
        const inserted = await repository.insert(tx, place, fieldsOf(body), at);
        const after = await dtoOf(tx, inserted);
        await keepHistory(tx, request, { action: 'create', at, row: inserted, before: null, after }, body);
        return { row: inserted, dto: after };
      });
      return ok(dto, `${label(row)} created`);
    },
  );

  r.put(
    '/update-one',
    {
      schema: {
        tags,
        summary: summaries.update,
        querystring: siteQuerySchema,
        body: schemas.update,
        response: { 200: envelope(schemas.item) },
      },
      onRequest: allow('update', subject),
    },
    async (request) => {
      const body = parsed(request.body);
      const { row, dto } = await deps.db.transaction(async (tx) => {
        const found = await repository.find(tx, orgOf(request), body._id, { forUpdate: true });
        const current = tenancy.record(request, 'update', what, found);
        const target = await tenancy.target(request, current, body, tx);
        const before = history ? await dtoOf(tx, current) : null;
        const at = deps.clock.now();
        const updated = await repository.update(tx, current, target, fieldsOf(body), at);
        const after = await dtoOf(tx, updated);
        await keepHistory(tx, request, { action: 'update', at, row: updated, before, after }, body);
        return { row: updated, dto: after };
      });
      return ok(dto, `${label(row)} updated`);
    },
  );

  const deleteOne = <Name extends string>(param: IdParam<Name>) =>
    r.delete(
      `/delete-one/:${param.name}`,
      {
        schema: {
          tags,
          summary: summaries.delete,
          params: param.schema,
          querystring: siteQuerySchema,
          response: { 200: messageOnlySchema },
        },
        onRequest: allow('delete', subject),
      },
      async (request) => {
        const row = await deps.db.transaction(async (tx) => {
          const found = await repository.find(tx, orgOf(request), parsed(request.params)[param.name], {
            forUpdate: true,
          });
          const current = tenancy.record(request, 'delete', what, found);
          const before = history ? await dtoOf(tx, current) : null;
          const at = deps.clock.now();
          await repository.remove(tx, current.id, at);
          await keepHistory(tx, request, { action: 'delete', at, row: current, before, after: null });
          return current;
        });
        return ok(null, `${label(row)} deleted`);
      },
    );
  if (registers('delete-one')) {
    if (declaration.deleteParam) deleteOne(declaration.deleteParam);
    else deleteOne({ name: 'id', schema: idParamSchema });
  }

  r.get(
    '/find-one/:id',
    {
      schema: {
        tags,
        summary: summaries.findOne,
        params: idParamSchema,
        querystring: siteQuerySchema,
        response: { 200: envelope(schemas.item) },
      },
      onRequest: allow('read', subject),
    },
    async (request) => {
      const found = await repository.find(deps.db, orgOf(request), request.params.id);
      return ok(await dtoOf(deps.db, tenancy.record(request, 'read', what, found)));
    },
  );

  return {
    recordRoute: (route) =>
      recordRoute(app, { subject, what, tags, find: repository.find, record: tenancy.record }, route),
  };
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

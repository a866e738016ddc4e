import {
  and,
  eq,
  getTableColumns,
  inArray,
  isNull,
  ne,
  or,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { PgDialect, type AnyPgColumn, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { normalizeText, type ListQuery } from '@console/shared-sdk/contract';
import type { Database, Tx } from '../db/client.js';
import { conflict } from './errors.js';
import { newId } from '../db/ids.js';
import { PreparedQueries } from '../db/prepared.js';
import {
  likePattern,
  listIsPrepared,
  orderBy,
  pageOf,
  pageOfPrepared,
  preparedPage,
  type PreparedPage,
} from './list.js';
import { searchWhere } from './records.js';
import { liveSiteIds, type RecordScope } from './site-scope.js';

export type { RecordScope };

// Every organisation record (supplier types, suppliers, food items, fridges, and the people, task and log
// records that follow) is read and written through one of these repositories, declared from its table. The
// repository owns the columns that place and date a record (id, orgId, siteId, createdAt, updatedAt,
// deletedAt) and every query it runs is scoped to one organisation (and, for site records, to live sites
// of it), so a resource cannot forget the tenant in its SQL: it declares its sort, search, filters and
// name rule, and writes only its own columns.

/** The columns every organisation record has (lib schema `orgRecord()`). */
export type OrgRecordTable = PgTable & {
  id: PgColumn;
  orgId: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
  deletedAt: PgColumn;
};

/** An organisation record that lives on one site (schema `siteRecord()`). */
export type SiteRecordTable = OrgRecordTable & { siteId: PgColumn };

/** Where a new record goes, and where an edited one ends up. */
export interface RecordPlace {
  orgId: string;
  /** Site records only. */
  siteID?: string;
}

type PlaceColumns = 'id' | 'orgId' | 'siteId' | 'createdAt' | 'updatedAt' | 'deletedAt';

/**
 * Who makes a change, and the files its multipart form carried (already stored, in the order sent; none
 * for a JSON body): what a record made or changed by a person keeps beside its own columns.
 */
export interface Change {
  by: string;
  files: readonly string[];
}

/** The columns a resource writes itself: everything but the place and the timestamps. */
export type OwnColumns<Table extends OrgRecordTable> = Omit<Table['$inferInsert'], PlaceColumns>;

export interface NameRule<Table extends OrgRecordTable> {
  /** The name column, compared ignoring case and invisible differences (`sameName`) among live records. */
  column: AnyPgColumn;
  /** The field the form shows the name in, for `fieldErrors`. */
  field: string;
  /** "A supplier", or by the record's own columns ("A probe"). */
  what: string | ((own: OwnColumns<Table>) => string);
  /** Where else besides the place the name must be unique, e.g. within one type. */
  within?: (own: OwnColumns<Table>) => SQL | undefined;
}

export interface RecordsDeclaration<Table extends OrgRecordTable, Query extends ListQuery> {
  table: Table;
  /** `site`: a record lives on one site of the organisation; `organisation`: on the whole of it. */
  placedOn: 'site' | 'organisation';
  /** Each sort column of the contract, as SQL (case-insensitive text is `lower(...)`). */
  sort: Record<Query['sort']['column'], AnyColumn | SQL>;
  /** Columns the list's `search` looks in. */
  search: readonly (AnyPgColumn | SQL)[];
  /** The list's own filters (e.g. `type`), from its query. */
  filters?: (query: Query) => (SQL | undefined)[];
  name?: NameRule<Table>;
  /**
   * An organisation record a site may own (null: the organisation's): a scope with `siteIds` holds the
   * organisation's and those sites' own, never another site's (site-scope.ts `assertHeldRecord`).
   */
  ownerSite?: AnyPgColumn;
}

export interface Records<Table extends OrgRecordTable, Query extends ListQuery> {
  table: Table;
  /**
   * One live record of the organisation (on a live site); another organisation's is not found. Given a
   * scope, one in that scope (an owned record of another site is not found either).
   */
  find(
    db: Database | Tx,
    orgId: string | RecordScope,
    id: string,
    options?: { forUpdate?: boolean },
  ): Promise<Table['$inferSelect'] | undefined>;
  /** One page in `scope`, and how many there are in all, from one query. */
  list(
    db: Database | Tx,
    scope: RecordScope,
    query: Query,
  ): Promise<{ rows: Table['$inferSelect'][]; total: number }>;
  /** Every live record in `scope` matching `where`, ordered by `order` (pickers, exports). */
  all(
    db: Database | Tx,
    scope: RecordScope,
    where?: SQL,
    order?: readonly (PgColumn | SQL)[],
  ): Promise<Table['$inferSelect'][]>;
  /** Adds a record at `place` after the name rule; `now` is both its createdAt and updatedAt. */
  insert(tx: Tx, place: RecordPlace, own: OwnColumns<Table>, now: Date): Promise<Table['$inferSelect']>;
  /** Writes `own` (and, for site records, moves it to `siteId`) after the name rule. */
  update(
    tx: Tx,
    current: Table['$inferSelect'],
    own: Partial<OwnColumns<Table>>,
    now: Date,
    siteId?: string,
  ): Promise<Table['$inferSelect']>;
  /** Keeps the row for the logs that name it; its name is free again. */
  softDelete(tx: Tx, id: string, now: Date): Promise<void>;
  /** 409 with a field error when a live record in the same place already has `own`'s name. */
  assertNameFree(
    db: Database | Tx,
    place: RecordPlace,
    own: OwnColumns<Table>,
    exceptId?: string,
  ): Promise<void>;
  /** WHERE for the live records of `scope`, for queries a resource writes beside these. */
  scopeWhere(db: Database | Tx, scope: RecordScope): SQL | undefined;
}

/** What a record's columns hold, read generically (every record table has these). */
interface PlacedRow {
  id: string;
  orgId: string;
  siteId?: string;
}

/** Renders a filter to tell list shapes apart (the same dialect the database's drizzle uses: no casing). */
const keyDialect = new PgDialect();

export function recordsOf<Table extends OrgRecordTable, Query extends ListQuery>(
  declaration: RecordsDeclaration<Table, Query>,
): Records<Table, Query> {
  const { table, placedOn, name } = declaration;
  const pages = new PreparedQueries<PreparedPage>();
  const siteColumn = placedOn === 'site' ? (table as unknown as SiteRecordTable).siteId : undefined;
  type Row = Table['$inferSelect'];

  const scopeCondition = (
    db: Database | Tx,
    orgId: string | Placeholder,
    siteIds: readonly (string | Placeholder)[] | undefined,
  ): SQL | undefined =>
    and(
      eq(table.orgId, orgId),
      isNull(table.deletedAt),
      siteColumn && inArray(siteColumn, liveSiteIds(db, orgId, siteIds)),
      declaration.ownerSite && siteIds && usableOnSites(declaration.ownerSite, siteIds),
    );
  const scopeWhere = (db: Database | Tx, scope: RecordScope): SQL | undefined =>
    scopeCondition(db, scope.orgId, scope.siteIds);

  const placeWhere = (place: RecordPlace): SQL | undefined => {
    if (!siteColumn) return eq(table.orgId, place.orgId);
    if (place.siteID === undefined) throw new Error('a site record needs a siteID');
    return eq(siteColumn, place.siteID);
  };

  const assertNameFree: Records<Table, Query>['assertNameFree'] = async (db, place, own, exceptId) => {
    if (!name) return;
    const value = (own as Record<string, unknown>)[nameKey(table, name.column)];
    if (typeof value !== 'string') return;
    const [clash] = await db
      .select({ id: table.id })
      .from(table as PgTable)
      .where(
        and(
          placeWhere(place),
          name.within?.(own),
          isNull(table.deletedAt),
          sameName(name.column, value),
          exceptId === undefined ? undefined : ne(table.id, exceptId),
        ),
      )
      .limit(1);
    if (clash) {
      const what = typeof name.what === 'string' ? name.what : name.what(own);
      const where = siteColumn ? ' on this site' : '';
      throw conflict(`${what} called "${value}" already exists${where}`, {
        [name.field]: [`${what} with this name already exists${where}`],
      });
    }
  };

  const selectRows = (db: Database | Tx) =>
    db.select(getTableColumns(table as PgTable)).from(table as PgTable);

  return {
    table,
    scopeWhere,
    assertNameFree,

    async find(db, orgId, id, options = {}) {
      const scope = typeof orgId === 'string' ? { orgId } : orgId;
      const query = selectRows(db).where(and(eq(table.id, id), scopeWhere(db, scope)));
      const [row] = await (options.forUpdate ? query.for('update') : query);
      return row as Row | undefined;
    },

    async list(db, scope, query) {
      const filters = declaration.filters?.(query) ?? [];
      const siteCount = scope.siteIds?.length;
      if (!listIsPrepared(db, scope.siteIds)) {
        return pageOf<Row>(
          db,
          { table, columns: getTableColumns(table as PgTable) },
          and(scopeWhere(db, scope), searchWhere(query.search, declaration.search), ...filters),
          orderBy(query, declaration.sort, table.id),
          query,
        );
      }
      // A list's statement has one text per shape: its sort, whether it searches, how many sites it is
      // scoped to, and its own filters (with their values: they are few, e.g. a fridge's type).
      const filterKeys = filters.flatMap((filter) => {
        if (!filter) return [];
        const rendered = keyDialect.sqlToQuery(filter);
        return [rendered.sql, JSON.stringify(rendered.params)];
      });
      const searching = query.search !== '';
      const shape = [
        query.sort.column,
        query.sort.direction,
        searching ? 'search' : '',
        siteCount ?? 'all',
        ...filterKeys,
      ].join('\u0000');
      const page = pages.get(db, shape, () =>
        preparedPage(
          db,
          { table, columns: getTableColumns(table as PgTable) },
          and(
            scopeCondition(
              db,
              sql.placeholder('orgId'),
              scope.siteIds?.map((_, index) => sql.placeholder(`site${index}`)),
            ),
            searching ? searchWhere(sql.placeholder('search'), declaration.search) : undefined,
            ...filters,
          ),
          orderBy(query, declaration.sort, table.id),
          'records_page',
        ),
      );
      const values: Record<string, unknown> = { orgId: scope.orgId, search: likePattern(query.search) };
      scope.siteIds?.forEach((siteId, index) => (values[`site${index}`] = siteId));
      return pageOfPrepared<Row>(
        db,
        page,
        values,
        table as PgTable,
        () => and(scopeWhere(db, scope), searchWhere(query.search, declaration.search), ...filters),
        query,
      );
    },

    async all(db, scope, where, order = []) {
      const rows = await selectRows(db)
        .where(and(scopeWhere(db, scope), where))
        .orderBy(...order, table.id);
      return rows as Row[];
    },

    async insert(tx, place, own, now) {
      await assertNameFree(tx, place, own);
      const values = {
        ...own,
        id: newId(),
        orgId: place.orgId,
        ...(siteColumn ? { siteId: place.siteID } : {}),
        createdAt: now,
        updatedAt: now,
      };
      // drizzle cannot relate a generic table's insert type to its columns; `values` has every column the
      // declaration's table requires (OwnColumns plus the place), which the type above states.
      const [row] = await tx
        .insert(table as PgTable)
        .values(values as PgTable['$inferInsert'])
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row as Row;
    },

    async update(tx, current, own, now, siteId) {
      // Every record table has these columns (OrgRecordTable); a generic row type cannot say so.
      const placed = current as unknown as PlacedRow;
      const target: RecordPlace = { orgId: placed.orgId, siteID: siteId ?? placed.siteId };
      await assertNameFree(tx, target, { ...(current as OwnColumns<Table>), ...own }, placed.id);
      const values = { ...own, ...(siteColumn && siteId ? { siteId } : {}), updatedAt: now };
      const [row] = await tx
        .update(table as PgTable)
        .set(values as Partial<PgTable['$inferInsert']>)
        .where(eq(table.id, placed.id))
        .returning();
      if (!row) throw new Error('update returned no row');
      return row as Row;
    },

    async softDelete(tx, id, now) {
      await tx
        .update(table as PgTable)
        .set({ deletedAt: now, updatedAt: now } as Partial<PgTable['$inferInsert']>)
        .where(eq(table.id, id));
    },
  };
}

/**
 * An owned organisation record usable on these sites: the organisation's own (no owner) or one of theirs.
 * Where a record names such a record (a master task's template), the record's own site is the one given.
 */
export function usableOnSites(
  ownerSite: AnyColumn | AnyPgColumn,
  siteIds: readonly (string | Placeholder)[],
): SQL | undefined {
  return or(isNull(ownerSite), siteIds.length === 0 ? undefined : inArray(ownerSite, [...siteIds]));
}

/** The characters `normalizeText` removes, as a PostgreSQL regular expression (a bracket of the characters). */
const invisibleInSql = '[\u200B-\u200D\u2060\uFEFF]';

/**
 * `column` holds the same name as `value`, ignoring case and what `normalizeText` removes: names are
 * normalised at the door, and rows written before that are normalised here, so "supp\u200Blier" or "Cafe"
 * with a combining accent cannot sit beside "supplier" or "Café".
 */
export function sameName(column: AnyColumn | SQL, value: string): SQL {
  const stored = sql`btrim(normalize(regexp_replace(${column}, ${invisibleInSql}, '', 'g'), NFC))`;
  return sql`lower(${stored}) = ${normalizeText(value).toLowerCase()}`;
}

/** The property name under which the table holds `column` (what rows and insert values are keyed by). */
function nameKey(table: PgTable, column: AnyPgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column);
  if (!entry) throw new Error(`column ${column.name} is not a column of this table`);
  return entry[0];
}

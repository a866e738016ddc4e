import { sql, type Placeholder } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { onConnectionOfItsOwn, type Database, type Tx } from './client.js';

let statementNames = 0;

/**
 * A name no other statement of this process has. PostgreSQL keeps a named statement per connection, and
 * node-postgres refuses one name for two texts, so each prepared query gets its own.
 */
export function nextStatementName(prefix: string): string {
  statementNames += 1;
  return `${prefix}_${statementNames}`;
}

/**
 * Queries built and prepared once per shape and database, then executed with each request's values.
 * Building and rendering a query with drizzle, and PostgreSQL parsing and planning it, cost more CPU than
 * reading a short page (bench/README.md, "Where the time goes"); a named statement is parsed once per
 * connection and its text is not sent again. A shape names everything that changes the text (a sort, a
 * filter that is there or not); values that only change parameters are the placeholders'. Past `limit`
 * shapes per database, the one unused longest is dropped.
 */
export class PreparedQueries<Prepared> {
  private readonly byDatabase = new WeakMap<object, Map<string, Prepared>>();

  constructor(private readonly limit = 64) {}

  get(db: Database | Tx, shape: string, prepare: () => Prepared): Prepared {
    // A transaction on a connection of its own (transactionOnConnection) is a new handle each time, on
    // the one session of that connection: what is prepared belongs to the session.
    const owner = db instanceof PgTransaction ? db._.session : db;
    let shapes = this.byDatabase.get(owner);
    if (!shapes) this.byDatabase.set(owner, (shapes = new Map()));
    const known = shapes.get(shape);
    if (known) {
      // Most recently used last, so the first is the one to drop.
      shapes.delete(shape);
      shapes.set(shape, known);
      return known;
    }
    const prepared = prepare();
    shapes.set(shape, prepared);
    if (shapes.size > this.limit) shapes.delete(shapes.keys().next().value as string);
    return prepared;
  }
}

/**
 * Whether a query on `db` is worth preparing: not in a pooled transaction, whose queries are each run once
 * on a connection held for a moment; in one on a connection of its own (transactionOnConnection), yes.
 */
export function preparable(db: Database | Tx): boolean {
  return !(db instanceof PgTransaction) || onConnectionOfItsOwn(db);
}

/** A drizzle query that can be awaited as it is or prepared under a name. */
export interface PreparableQuery<Row> extends PromiseLike<Row[]> {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<Row[]> };
}

/**
 * A query for a list of ids (what a page's records carry: a supplier's types, a fridge's items), prepared
 * once per count of ids; more ids than `maxIds`, or a transaction, build it for the call.
 */
export class QueryForIds<Row> {
  private readonly prepared = new PreparedQueries<{
    execute(values: Record<string, unknown>): Promise<Row[]>;
  }>();

  constructor(
    private readonly name: string,
    private readonly build: (
      db: Database | Tx,
      ids: readonly (string | Placeholder)[],
    ) => PreparableQuery<Row>,
    private readonly maxIds = 100,
  ) {}

  async run(db: Database | Tx, ids: readonly string[]): Promise<Row[]> {
    if (!preparable(db) || ids.length > this.maxIds) return this.build(db, ids);
    const statement = this.prepared.get(db, String(ids.length), () =>
      this.build(
        db,
        ids.map((_, index) => sql.placeholder(`id${index}`)),
      ).prepare(nextStatementName(this.name)),
    );
    return statement.execute(Object.fromEntries(ids.map((id, index) => [`id${index}`, id])));
  }
}

/** A statement's values, each as it is or as the placeholder a prepared statement fills with it. */
export type Bound<Values> = { [Key in keyof Values]: Values[Key] | Placeholder };

/** Placeholders for each of `values`' members, named `prefix` + the member's name. */
export function placeholdersOf<Values extends object>(values: Values, prefix: string): Bound<Values> {
  return Object.fromEntries(
    Object.keys(values).map((key) => [key, sql.placeholder(`${prefix}${key}`)]),
  ) as Bound<Values>;
}

/** `values`' members named as placeholdersOf names their placeholders, for a prepared statement's execute. */
export function namedValues(values: object, prefix: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [`${prefix}${key}`, value]));
}

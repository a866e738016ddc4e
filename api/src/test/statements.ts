import type { Logger } from 'drizzle-orm';
import type { Database } from '../platform/db/client.js';
import { countingLogger } from '../platform/db/statement-count.js';

// How many SQL statements some code sends, for tests that hold a call to a budget of round trips. Both
// drivers the app runs on (pg's Pool, PGlite) send every statement drizzle runs outside a transaction
// through their client's `query`, so wrapping that one method of this test database's client sees them
// all; production never installs it.

export interface StatementCounter {
  /** The statements' SQL, in the order they were sent. */
  readonly statements: readonly string[];
  /** Puts the client's own `query` back. */
  stop(): void;
}

type Query = (...args: unknown[]) => unknown;

/** SQL text of a `query` call: (text, params, ...) or ({ text, ... }, params). */
function textOf(first: unknown): string {
  if (typeof first === 'string') return first;
  if (first !== null && typeof first === 'object' && 'text' in first && typeof first.text === 'string')
    return first.text;
  return String(first);
}

/**
 * Counts the statements `db` sends from now until `stop()`. A transaction's statements go through a handle
 * of their own (a pooled connection, PGlite's transaction) and are not seen: a budget counted here is one
 * of work done outside transactions, such as reads.
 */
export function countStatements(db: Database): StatementCounter {
  const client: unknown = Reflect.get(db, '$client');
  const original: unknown =
    client !== null && typeof client === 'object' ? Reflect.get(client, 'query') : undefined;
  if (client === null || typeof client !== 'object' || typeof original !== 'function') {
    throw new Error('this database handle has no client with a query method to count');
  }
  const query = original as Query;
  const own = Object.prototype.hasOwnProperty.call(client, 'query');
  const statements: string[] = [];
  const counting: Query = function (this: unknown, ...args) {
    statements.push(textOf(args[0]));
    return query.apply(this, args);
  };
  Reflect.set(client, 'query', counting);
  return {
    statements,
    stop() {
      if (Reflect.get(client, 'query') !== counting) return;
      // A method of the prototype comes back by deleting the wrapper; an own one is put back.
      if (own) Reflect.set(client, 'query', query);
      else Reflect.deleteProperty(client, 'query');
    },
  };
}

/**
 * Counts every statement drizzle sends for the app from now until `stop()`, inside transactions too, begin
 * and commit (or rollback) each one: what the metrics endpoint counts (platform/db/statement-count.ts) and
 * the bench divides by the requests served, for a test that holds a call to that budget. On PostgreSQL
 * drizzle sends a transaction's begin and commit through its logger; PGlite opens and ends its
 * transactions itself, out of the logger's sight, so there they are counted as `db.transaction` runs.
 */
export function countStatementsWithTransactions(db: Database, kind: 'pglite' | 'postgres'): StatementCounter {
  const statements: string[] = [];
  const logQuery = countingLogger.logQuery;
  const logging: Logger['logQuery'] = function (query, params) {
    statements.push(query);
    logQuery.call(countingLogger, query, params);
  };
  countingLogger.logQuery = logging;
  const transaction = db.transaction;
  const transact = transaction.bind(db);
  const ownTransaction = Object.prototype.hasOwnProperty.call(db, 'transaction');
  const counting: Database['transaction'] = async (work, config) => {
    statements.push('begin');
    try {
      const result = await transact(work, config);
      statements.push('commit');
      return result;
    } catch (error) {
      statements.push('rollback');
      throw error;
    }
  };
  if (kind === 'pglite') Reflect.set(db, 'transaction', counting);
  return {
    statements,
    stop() {
      if (countingLogger.logQuery === logging) countingLogger.logQuery = logQuery;
      if (Reflect.get(db, 'transaction') !== counting) return;
      if (ownTransaction) Reflect.set(db, 'transaction', transaction);
      else Reflect.deleteProperty(db, 'transaction');
    },
  };
}

import { fillPlaceholders, getTableColumns, type Query, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';

// Both drivers (PGlite and node-postgres) answer raw queries with `{ rows }`.

/** Runs raw SQL and returns its rows. */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await executor.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * Runs a SQL text (with $1… placeholders) as it is, without query building. With a name, as a named
 * prepared statement, so that PostgreSQL parses and plans it once per connection instead of on
 * every call: one name, one text.
 */
export async function preparedRows<T>(
  executor: Executor,
  name: string | undefined,
  text: string,
  params: unknown[],
): Promise<T[]> {
  const statement = executor._.session.prepareQuery({ sql: text, params }, undefined, name, false);
  const result = (await statement.execute()) as { rows: T[] };
  return result.rows;
}

/**
 * A query drizzle builds once, its inputs `sql.placeholder`s, then runs as a named prepared statement
 * on the executor each call gives (a transaction's connection too): no query building per call, and
 * PostgreSQL parses and plans it once per connection. For the statements every order or request
 * runs; drizzle's own `.prepare()` cannot serve those inside a transaction, since it binds a
 * statement to the pool. Rows come back raw (`tableRows` maps a table's).
 */
export function builtOnce(name: string, build: (executor: Executor) => { toSQL(): Query }) {
  let query: Query | undefined;
  return async <T = Record<string, unknown>>(executor: Executor, values: Record<string, unknown>) => {
    query ??= build(executor).toSQL();
    return preparedRows<T>(executor, name, query.sql, fillPlaceholders(query.params, values));
  };
}

/** Raw rows of every column of `table` (a `select()` or `returning()`), as drizzle maps them. */
export function tableRows<T extends PgTable>(table: T) {
  const columns = Object.entries(getTableColumns(table));
  return (rows: readonly Record<string, unknown>[]): T['$inferSelect'][] =>
    rows.map((raw) => {
      const row: Record<string, unknown> = {};
      for (const [key, column] of columns) {
        const value = raw[column.name];
        row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      }
      return row;
    });
}

/** The PostgreSQL error behind a (possibly wrapped) driver error: Drizzle puts the original in `cause`. */
export function postgresErrorOf(error: unknown): { code: string; constraint?: string } | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as Error & { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, ...(typeof constraint === 'string' ? { constraint } : {}) };
    }
  }
  return undefined;
}

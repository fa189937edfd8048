import type { SQL } from 'drizzle-orm';
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

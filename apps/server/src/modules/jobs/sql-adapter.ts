import { createHash } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Executor } from '../../db/client.ts';
import { preparedRows } from '../../lib/sql-rows.ts';

/** What pg-boss needs of a connection: run one (possibly multi-statement) SQL text. */
export type SqlAdapter = PgBoss.Db;

/**
 * A name for one of pg-boss's statement texts: a statement with parameters runs as a named prepared
 * statement, parsed and planned once per connection (its job insert took ~0.3 ms of planning each
 * time, twice per order). pg-boss has a handful of fixed texts, so the names stay few.
 */
const statementNames = new Map<string, string>();
function statementNameOf(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `pgboss_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * pg-boss over a drizzle executor, so a job is inserted by the caller's own transaction and commits
 * or rolls back with it. Its text and parameters go to the driver as they are (no query building).
 */
export function executorAdapter(executor: Executor): SqlAdapter {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const name = values.length > 0 ? statementNameOf(text) : undefined;
      return { rows: await preparedRows(executor, name, text, values) };
    },
  };
}

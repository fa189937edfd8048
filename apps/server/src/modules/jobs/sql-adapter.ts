import type PgBoss from 'pg-boss';
import type { Executor } from '../../db/client.ts';
import { preparedRows } from '../../lib/sql-rows.ts';

/** What pg-boss needs of a connection: run one (possibly multi-statement) SQL text. */
export type SqlAdapter = PgBoss.Db;

/**
 * pg-boss over a drizzle executor, so a job is inserted by the caller's own transaction and commits
 * or rolls back with it. Its text and parameters go to the driver as they are (no query building).
 */
export function executorAdapter(executor: Executor): SqlAdapter {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      return { rows: await preparedRows(executor, undefined, text, values) };
    },
  };
}

import { sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Executor } from '../../db/client.ts';

/** What pg-boss needs of a connection: run one (possibly multi-statement) SQL text. */
export type SqlAdapter = PgBoss.Db;

/**
 * pg-boss over a drizzle executor, so a job is inserted by the caller's own transaction and commits
 * or rolls back with it. pg-boss numbers its parameters ($1…$19, some used twice); each occurrence
 * becomes one drizzle parameter.
 */
export function executorAdapter(executor: Executor): SqlAdapter {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)));
        chunks.push(sql`${values[Number(match[1]) - 1] ?? null}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = await executor.execute(sql.join(chunks));
      return { rows: (result as { rows: unknown[] }).rows };
    },
  };
}

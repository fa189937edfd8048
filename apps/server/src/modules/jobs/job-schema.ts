import PgBoss from 'pg-boss';
import type { SqlAdapter } from './sql-adapter.ts';

export const JOB_SCHEMA = 'pgboss';

/**
 * Creates or upgrades pg-boss's own tables (schema `pgboss`). Part of the migration step, which runs
 * it under the migration lock; the runner itself never migrates.
 */
export async function installJobSchema(db: SqlAdapter): Promise<void> {
  const boss = new PgBoss({ db, schema: JOB_SCHEMA, migrate: true, supervise: false, schedule: false });
  let failure: Error | undefined;
  boss.on('error', (error) => (failure ??= error));
  await boss.start();
  await boss.stop({ graceful: false, close: false, wait: true });
  if (failure) throw failure;
}

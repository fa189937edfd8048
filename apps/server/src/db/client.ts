import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as schema from './schema.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { installJobSchema, type SqlAdapter } from '../modules/jobs/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Raw SQL on the handle's own connections (the job runner's way in). */
  sql: SqlAdapter;
  /** Applies pending migrations (drizzle's, then the job runner's tables) as one step under a lock. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
export const pgliteExtensions = { pg_trgm };

/** Any constant works as long as every instance uses the same one. */
const MIGRATION_LOCK_KEY = 'haoshi:migrate';

/**
 * Two instances starting together must not both migrate: a session-level advisory lock, taken on one
 * dedicated connection, holds the second until the first has finished; it then finds nothing to do.
 */
async function migratePostgresUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      await installJobSchema({ executeSql: (text, values) => client.query(text, values) });
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

export function openPostgres(url: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, pipeline: true });
  // An idle connection can die (server restart, failover, terminated backend). pg re-emits that on
  // the pool, where an unheard 'error' event would crash the process; the pool itself reconnects.
  pool.on('error', (error) => console.warn(`postgres: idle connection lost: ${error.message}`));
  const db = drizzleNodePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    sql: { executeSql: (text, values) => pool.query(text, values) },
    migrate: () => migratePostgresUnderLock(pool),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/** PGlite runs one statement list per `exec` (pg-boss sends BEGIN…COMMIT blocks without parameters). */
function pgliteAdapter(client: PGlite): SqlAdapter {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}

export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema });
  const adapter = pgliteAdapter(client);
  let migrating: Promise<void> = Promise.resolve();
  return {
    db,
    kind: 'pglite',
    sql: adapter,
    // One process owns a PGlite data directory (data-dir-lock.ts); within it, migrations run one at
    // a time (two at once on one handle would both create the first tables).
    migrate: () => {
      const run = async () => {
        await migratePglite(db, { migrationsFolder });
        await installJobSchema(adapter);
      };
      migrating = migrating.then(run, run);
      return migrating;
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    const handle = wrapPglite(await PGlite.create(`${dataDir}/pg`, { extensions: pgliteExtensions }));
    return {
      ...handle,
      close: async () => {
        await handle.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

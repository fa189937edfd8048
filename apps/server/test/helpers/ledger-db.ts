import { inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres, type DatabaseHandle } from '../../src/db/client.ts';
import { findOrCreateUser } from '../../src/modules/identity/user-service.ts';
import { withDatabaseName } from './postgres-url.ts';
import { freshDatabase } from './test-app.ts';

export interface LedgerTestDatabase {
  handle: DatabaseHandle;
  /** Set on PostgreSQL: the URL of this test's own database (e.g. for a CLI child process). */
  url: string | undefined;
  dispose: () => Promise<void>;
}

/**
 * A fresh migrated database. On PostgreSQL it gets a pool of `poolSize` connections, so tests can
 * run transactions really in parallel; PGlite has one connection and runs them one after another.
 */
export async function ledgerDatabase(poolSize = 5): Promise<LedgerTestDatabase> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const { handle, dispose } = await freshDatabase();
    return { handle, url: undefined, dispose };
  }
  const name = `haoshi_l_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  const url = withDatabaseName(databaseUrl, name);
  const handle = openPostgres(url, poolSize);
  return {
    handle,
    url,
    dispose: async () => {
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Creates users with phones 1390000xxxx and returns their ids. */
export async function createUsers(handle: DatabaseHandle, howMany: number, offset = 0): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < howMany; index += 1) {
    const phone = `139${String(offset + index).padStart(8, '0')}`;
    ids.push((await findOrCreateUser(handle.db, phone)).user.id);
  }
  return ids;
}

/** Loud, because the concurrency guarantees are only really exercised on PostgreSQL. */
export function warnIfNoPostgres(suite: string) {
  if (process.env.DATABASE_URL) return;
  console.warn(
    [
      '',
      '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
      `!!! ${suite}: DATABASE_URL is not set. PGlite has ONE connection, so these tests ran`,
      '!!! WITHOUT REAL CONCURRENCY. Set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)',
      '!!! to check the ledger under parallel transactions.',
      '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
    ].join('\n'),
  );
}

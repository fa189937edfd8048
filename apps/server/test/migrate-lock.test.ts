import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  migrationsFolder,
  openPostgres,
  pgliteExtensions,
  wrapPglite,
  type DatabaseHandle,
} from '../src/db/client.ts';
import { databaseKind } from './helpers/test-app.ts';
import { withDatabaseName } from './helpers/postgres-url.ts';

const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

async function migratedOnce(handle: DatabaseHandle) {
  const applied = await handle.sql.executeSql(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
    [],
  );
  const jobs = await handle.sql.executeSql('select count(*)::int as n from pgboss.version', []);
  return {
    applied: (applied.rows[0] as { n: number }).n,
    jobSchemaVersions: (jobs.rows[0] as { n: number }).n,
  };
}

describe(`migrations on ${databaseKind}`, () => {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    it('two instances starting together on an empty database migrate it once, without a race', async () => {
      const name = `haoshi_mig_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = withDatabaseName(databaseUrl, name);
      const instances = [openPostgres(url, 2), openPostgres(url, 2), openPostgres(url, 2)];
      try {
        await Promise.all(instances.map((instance) => instance.migrate()));
        expect(await migratedOnce(instances[0]!)).toEqual({
          applied: journal.entries.length,
          jobSchemaVersions: 1,
        });
        // A later start (or `npm run migrate`) finds nothing to do.
        await instances[1]!.migrate();
        expect((await migratedOnce(instances[1]!)).applied).toBe(journal.entries.length);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }, 120_000);
  } else {
    it('two migrations started together on one empty embedded database apply each step once', async () => {
      const handle = wrapPglite(await PGlite.create({ extensions: pgliteExtensions }));
      try {
        await Promise.all([handle.migrate(), handle.migrate()]);
        expect(await migratedOnce(handle)).toEqual({ applied: journal.entries.length, jobSchemaVersions: 1 });
      } finally {
        await handle.close();
      }
    }, 120_000);
  }
});

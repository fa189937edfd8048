import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgres, pgliteExtensions, wrapPglite } from '../src/db/client.ts';
import { TEMPLATE_DATABASE, withDatabaseName } from './helpers/postgres-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one database once per run; every test file then starts from a copy of it:
 * a PGlite data-dir dump, or (when DATABASE_URL is set) a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${TEMPLATE_DATABASE}'`,
    );
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE}`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const template = openPostgres(withDatabaseName(databaseUrl, TEMPLATE_DATABASE), 1);
    await template.migrate();
    await template.close();
    project.provide('postgresTemplate', TEMPLATE_DATABASE);
    project.provide('pgliteTemplatePath', '');
    return async () => {
      const cleanup = new pg.Client({ connectionString: databaseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
      await cleanup.end();
    };
  }
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const handle = wrapPglite(client);
  await handle.migrate();
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  const path = join(mkdtempSync(join(tmpdir(), 'haoshi-pglite-')), 'template.tar.gz');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', path);
  project.provide('postgresTemplate', '');
}

import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';

/** Tables of the platform foundation, named so tests can read their counts directly. */
type FoundationTable =
  | 'users'
  | 'user_roles'
  | 'sessions'
  | 'sms_codes'
  | 'sms_outbox'
  | 'qr_login_tickets'
  | 'devices'
  | 'admin_audit';
export type RowCounts = Record<FoundationTable, number> & Record<string, number>;

type Rows<T> = { rows: T[] };

/** Row counts of every table of the schema (found, not listed, so new modules are covered too). */
export async function rowCounts(db: Database): Promise<RowCounts> {
  const tables = (await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as Rows<{ table_name: string }>;
  const names = tables.rows.map((row) => row.table_name);
  const columns = sql.join(
    names.map((table) => sql.raw(`(select count(*)::int from "${table}") as "${table}"`)),
    sql.raw(', '),
  );
  // Both drivers (PGlite and node-postgres) answer with `{ rows }`.
  const result = (await db.execute<Record<string, unknown>>(sql`select ${columns}`)) as Rows<
    Record<string, unknown>
  >;
  const row = result.rows[0] ?? {};
  return Object.fromEntries(names.map((table) => [table, Number(row[table])])) as RowCounts;
}

/** The tables whose count changed, with the change. */
export function countChanges(before: RowCounts, after: RowCounts): Record<string, number> {
  const changes: Record<string, number> = {};
  for (const table of Object.keys(after)) {
    const change = (after[table] ?? 0) - (before[table] ?? 0);
    if (change !== 0) changes[table] = change;
  }
  return changes;
}

import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';

/** Every table the platform foundation writes. */
export const countedTables = [
  'users',
  'user_roles',
  'sessions',
  'sms_codes',
  'sms_outbox',
  'qr_login_tickets',
  'devices',
  'admin_audit',
] as const;
export type CountedTable = (typeof countedTables)[number];
export type RowCounts = Record<CountedTable, number>;

/** Row counts of every table in one round trip. */
export async function rowCounts(db: Database): Promise<RowCounts> {
  const columns = sql.join(
    countedTables.map((table) => sql.raw(`(select count(*)::int from ${table}) as ${table}`)),
    sql.raw(', '),
  );
  // Both drivers (PGlite and node-postgres) answer with `{ rows }`.
  const result = (await db.execute<Record<string, unknown>>(sql`select ${columns}`)) as {
    rows: Record<string, unknown>[];
  };
  const row = result.rows[0] ?? {};
  return Object.fromEntries(countedTables.map((table) => [table, Number(row[table])])) as RowCounts;
}

/** The tables whose count changed, with the change. */
export function countChanges(before: RowCounts, after: RowCounts): Partial<RowCounts> {
  const changes: Partial<RowCounts> = {};
  for (const table of countedTables) {
    if (after[table] !== before[table]) changes[table] = after[table] - before[table];
  }
  return changes;
}

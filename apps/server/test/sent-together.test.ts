import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/lib/sql-rows.ts';
import { sentTogether } from '../src/lib/sent-together.ts';
import { ledgerDatabase, type LedgerTestDatabase } from './helpers/ledger-db.ts';
import { databaseKind } from './helpers/test-app.ts';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Statements sent together on one transaction's connection (lib/sent-together.ts). */
describe(`statements sent together on ${databaseKind}`, () => {
  let database: LedgerTestDatabase;
  beforeAll(async () => {
    database = await ledgerDatabase(2);
    await database.handle.db.execute(sql`create table sent_together_marks (mark text not null)`);
  });
  afterAll(() => database.dispose());

  const marks = async () =>
    (
      await queryRows<{ mark: string }>(
        database.handle.db,
        sql`select mark from sent_together_marks order by mark`,
      )
    ).map((row) => row.mark);

  it('runs them in the order given and answers each result in that order', async () => {
    const answers = await database.handle.db.transaction((tx) =>
      sentTogether(
        tx,
        () =>
          [
            queryRows<{ mark: string }>(tx, sql`insert into sent_together_marks values ('a') returning mark`),
            queryRows<{ count: number }>(tx, sql`select count(*)::int as count from sent_together_marks`),
          ] as const,
      ),
    );
    expect(answers).toEqual([[{ mark: 'a' }], [{ count: 1 }]]);
    expect(await marks()).toEqual(['a']);
  });

  it('throws a failure only once every step settled, so a slower step never writes outside the rolled-back transaction', async () => {
    let slowStepEnded = false;
    const transaction = database.handle.db.transaction((tx) =>
      sentTogether(
        tx,
        () =>
          [
            (async () => {
              await queryRows(tx, sql`insert into sent_together_marks values ('b')`);
              await later(50);
              try {
                await queryRows(tx, sql`insert into sent_together_marks values ('c')`);
              } finally {
                slowStepEnded = true;
              }
            })(),
            queryRows(tx, sql`select 1 / 0`),
          ] as const,
      ),
    );
    await expect(transaction).rejects.toThrow();
    expect(slowStepEnded).toBe(true);
    await later(100);
    expect(await marks()).toEqual(['a']);
  });
});

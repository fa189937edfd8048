import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import * as ledger from '../../src/modules/ledger/ledger-service.ts';
import type { AccountRef } from '../../src/modules/ledger/accounts.ts';
import { ledgerTransfers } from '../../src/modules/ledger/tables.ts';
import { realNameVerifications } from '../../src/modules/real-name/tables.ts';

/** Moves money the way the money modules do: one ledger posting (default: a manual credit, as
 *  `npm run admin -- credit` books it). Returns the transfer id. */
export async function postMoney(
  db: Database,
  options: {
    userId: number;
    fen: number;
    kind?: string;
    direction?: 'in' | 'out';
    other?: AccountRef;
    metadata?: Record<string, string>;
  },
): Promise<number> {
  const user: AccountRef = { kind: 'user_available', userId: options.userId };
  const other: AccountRef = options.other ?? { kind: 'adjustments' };
  const incoming = (options.direction ?? 'in') === 'in';
  const key = randomUUID();
  const transfer = await db.transaction((tx) =>
    ledger.post(tx, {
      debit: incoming ? other : user,
      credit: incoming ? user : other,
      amount: options.fen,
      kind: options.kind ?? (incoming ? 'manual.credit' : 'manual.debit'),
      reference: { type: 'test', id: key },
      idempotencyKey: `test:${key}`,
      metadata: options.metadata ?? { reason: '测试入账', actor: 'test' },
    }),
  );
  return transfer.id;
}

/**
 * Test fixture only: moves transfers to another time so month and day boundaries can be tested.
 * The append-only trigger is switched off for this one statement and switched back on.
 */
export async function backdate(db: Database, transferIds: number[], at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table ledger_transfers disable trigger ledger_transfers_no_update_delete`);
    await tx.update(ledgerTransfers).set({ createdAt: at }).where(inArray(ledgerTransfers.id, transferIds));
    await tx.execute(sql`alter table ledger_transfers enable trigger ledger_transfers_no_update_delete`);
  });
}

/** Marks a user as real-name verified (what the real-name module records after a check). */
export async function verifyRealName(db: Database, userId: number, nameMasked = '张*三'): Promise<void> {
  await db.insert(realNameVerifications).values({
    userId,
    nameMasked,
    nameHash: `test-name-${userId}`,
    idNumberMasked: '1101**********0011',
    idNumberHash: `test-id-${userId}`,
    provider: 'test',
  });
}

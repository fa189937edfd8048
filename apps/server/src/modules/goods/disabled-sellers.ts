import { and, inArray } from 'drizzle-orm';
import { goodsProcess, type GoodsStatus } from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { disabledUserIds } from '../identity/index.ts';
import type { ProcessEngine } from '../process/index.ts';
import { goods } from './tables.ts';

export const SHELVE_DISABLED_JOB = 'goods.shelve-disabled-sellers';
/** How soon a disabled seller's listings leave the shelf (the admin command line writes the status). */
export const SHELVE_DISABLED_EVERY_SECONDS = 60;
export const SHELVED_FOR_DISABLED_SELLER = '卖家账号已停用，商品已下架';
/** Listings taken per transaction; the sweep goes on until none is left. */
const BATCH = 200;

const onShelf: GoodsStatus[] = ['on_sale', 'pending_review'];

/**
 * Takes the listings of disabled accounts off the shelf (`shelf_off` as system, with the reason on
 * their timelines), so no one finds or orders what a banned seller offers. It also catches a listing
 * that came back on sale later, when an order on it closed. Enabling the account again restores
 * nothing: the seller puts back what they still want to sell. Answers how many listings it took.
 */
export async function shelveListingsOfDisabledSellers(deps: {
  db: Database;
  processes: ProcessEngine;
  now: () => Date;
  onChange: () => void;
}): Promise<number> {
  const { db, processes, now, onChange } = deps;
  let total = 0;
  for (;;) {
    const taken = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: goods.id, sellerId: goods.sellerId, status: goods.status })
        .from(goods)
        .where(and(inArray(goods.sellerId, disabledUserIds(tx)), inArray(goods.status, onShelf)))
        .orderBy(goods.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      await processes.applyTransitions(
        tx,
        rows.map((row) => ({
          process: goodsProcess,
          subjectId: row.id,
          ownerId: row.sellerId,
          from: row.status,
          action: 'shelf_off' as const,
          actor: { role: 'system' as const, userId: null },
          reason: SHELVED_FOR_DISABLED_SELLER,
        })),
      );
      await tx
        .update(goods)
        .set({ status: 'off_shelf', updatedAt: now() })
        .where(
          inArray(
            goods.id,
            rows.map((row) => row.id),
          ),
        );
      return rows.length;
    });
    total += taken;
    if (taken > 0) onChange();
    if (taken < BATCH) return total;
  }
}

import { and, eq } from 'drizzle-orm';
import { bargainProcess, fenToAmount, type BargainStatus } from '@haoshi/contracts';
import type { ProcessEngine } from '../process/index.ts';
import { notifyAll } from '../notifications/index.ts';
import { lockBargain, threadLink } from './bargain-store.ts';
import { bargains } from './tables.ts';

interface ExpiryNotice {
  to: 'buyer' | 'seller';
  title: string;
  body: string;
}

/**
 * Whom an expiry concerns, and what they are told: the party who was waiting for the other. An
 * agreed price left unused ends the seller's wait and the buyer's price: both are told.
 */
const expiryNotices: Partial<Record<string, ExpiryNotice[]>> = {
  expire_offer: [{ to: 'buyer', title: '议价已失效', body: '卖家未在24小时内回复你的出价' }],
  expire_counter: [{ to: 'seller', title: '议价已失效', body: '买家未在24小时内回复你的还价' }],
  expire: [
    { to: 'buyer', title: '议价价格已过期', body: '你未在有效期内按议价购买' },
    { to: 'seller', title: '议价已失效', body: '买家未在有效期内按议价购买' },
  ],
};

/** The three expiries of a bargain are process timers: the engine takes them, this writes the row. */
export function registerBargainTimers(processes: ProcessEngine, now: () => Date): void {
  processes.registerTimerSubject(bargainProcess, {
    async lock(tx, subjectId) {
      const row = await lockBargain(tx, subjectId);
      // A timer of an earlier stay in this state (offered → countered → offered again) is stale:
      // the engine compares the transition that armed it with the one that entered the state last.
      return row ? { state: row.status, ownerId: row.buyerId } : undefined;
    },
    async enter(tx, subjectId, change) {
      const at = now();
      const [row] = await tx
        .update(bargains)
        .set({ status: change.to as BargainStatus, deadline: null, updatedAt: at })
        .where(and(eq(bargains.id, subjectId), eq(bargains.status, change.from as BargainStatus)))
        .returning();
      if (!row) return;
      const price = row.agreedFen ?? row.counterFen ?? row.offerFen;
      await notifyAll(
        tx,
        (expiryNotices[change.action] ?? []).map((notice) => ({
          userId: notice.to === 'buyer' ? row.buyerId : row.sellerId,
          kind: 'bargain',
          channel: notice.to === 'buyer' ? 'system' : 'seller_helper',
          title: notice.title,
          body: `${notice.body}（¥${fenToAmount(price)}）`,
          link: threadLink(row),
          at,
        })),
      );
    },
  });
}

import { and, inArray } from 'drizzle-orm';
import type { OrderState } from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { OrderListings } from '../goods/index.ts';
import { disabledUserIds } from '../identity/index.ts';
import type { ProcessActor } from '../process/index.ts';
import type { OrderService } from './order-service.ts';
import { orders } from './tables.ts';

export const CLOSE_FOR_DISABLED_JOB = 'orders.close-for-disabled-accounts';
/** How soon what a disabled account leaves open closes (the admin command line writes the status). */
export const CLOSE_FOR_DISABLED_EVERY_SECONDS = 60;
export const disabledAccountReasons = {
  buyer: '买家账号已停用，订单已关闭',
  seller: '卖家账号已停用，订单已关闭',
  refund: '卖家账号已停用，订单款已退回买家余额',
} as const;
/** Orders taken per statement; the sweep goes on until none is left. */
const BATCH = 100;
const system: ProcessActor = { role: 'system', userId: null };

/**
 * The orders in `states` of a disabled buyer or seller (`party`), locked. From the few disabled
 * accounts to their orders by the (party, created) index: one query per party, since an OR of the
 * two would read every order.
 */
const ofDisabled = (tx: Executor, party: 'buyerId' | 'sellerId', states: OrderState[]) =>
  tx
    .select()
    .from(orders)
    .where(and(inArray(orders[party], disabledUserIds(tx)), inArray(orders.state, states)))
    .limit(BATCH)
    .for('update', { of: orders, skipLocked: true });

/**
 * Closes what disabled accounts leave open, so that a banned account neither holds listings nor
 * keeps a buyer's money waiting: an unpaid order of a disabled buyer or seller closes (listing
 * unlocked, coupon released, cashier payment closed), a paid order of a disabled seller that the
 * hand-over has not begun is refunded at once (not at the 6-hour delivery deadline), and a disabled
 * seller's listing such an order held goes off the shelf. Orders further on stay with customer
 * service (they can refund by a dispute). Answers how many orders it closed.
 */
export async function closeOrdersOfDisabledAccounts(deps: {
  db: Database;
  service: Pick<OrderService, 'step'>;
  listings: OrderListings;
}): Promise<number> {
  const { db, service, listings } = deps;
  let total = 0;
  for (;;) {
    const { closed, more } = await db.transaction(async (tx) => {
      const sellers = await ofDisabled(tx, 'sellerId', ['pending_payment', 'paid']);
      for (const order of sellers) {
        const paid = order.state === 'paid';
        await service.step(
          tx,
          order,
          paid ? 'refund_for_disabled_seller' : 'close_for_disabled_account',
          system,
          paid ? disabledAccountReasons.refund : disabledAccountReasons.seller,
        );
        await listings.release(tx, order.goodsId, 'shelf_off', order.orderNo);
      }
      // Read after the sellers' steps: an order both of whose parties are disabled is closed once.
      const buyers = await ofDisabled(tx, 'buyerId', ['pending_payment']);
      for (const order of buyers) {
        await service.step(tx, order, 'close_for_disabled_account', system, disabledAccountReasons.buyer);
      }
      return {
        closed: sellers.length + buyers.length,
        more: sellers.length === BATCH || buyers.length === BATCH,
      };
    });
    total += closed;
    if (closed > 0) listings.changed();
    if (!more) return total;
  }
}

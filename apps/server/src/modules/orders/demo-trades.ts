import { eq } from 'drizzle-orm';
import { ErrorCodes, type CompensationOptionCode, type OrderAction } from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { OrderListings } from '../goods/index.ts';
import type { OrderRow } from './order-money.ts';
import type { OrderService } from './order-service.ts';
import { checklist, ensureChecklist, markStep } from './rebinding-service.ts';
import { orders } from './tables.ts';

/** The hand-over steps customer service takes for a demo trade, in the order of the process. */
const staffSteps: readonly OrderAction[] = ['deliver', 'submit_account', 'verify_pass'];

/**
 * Completed trades of the demo marketplace, through the same service calls a real trade makes: the
 * buyer places and pays from the wallet (money into escrow through the ledger), customer service
 * hands over, verifies and confirms the rebinding checklist for the buyer, the signing is completed
 * as the system's (the demo's parties sign no protocol), the buyer confirms receipt (escrow → seller
 * minus the fee). Nothing is inserted around the process.
 */
export function createDemoTrades(deps: {
  db: Database;
  now: () => Date;
  service: OrderService;
  listings: OrderListings;
}) {
  const { db, now, service, listings } = deps;

  /** Customer service confirms every required step of the order's rebinding checklist. */
  async function confirmRebinding(order: OrderRow, staffId: number): Promise<void> {
    await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
      if (!locked) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
      await ensureChecklist(tx, locked, listings);
      for (const step of await checklist(tx, locked.id))
        if (step.required && step.confirmed_at === null)
          await markStep(tx, locked, 'customer_service', {
            userId: staffId,
            step: step.key,
            at: now(),
            listings,
          });
    });
  }

  async function complete(input: {
    buyerId: number;
    goodsId: number;
    staffId: number;
    guarantee?: CompensationOptionCode | undefined;
    /** Puts what the placed order costs into the buyer's wallet (a ledger posting) before paying. */
    fund: (order: OrderRow) => Promise<void>;
  }): Promise<OrderRow> {
    const { order: placed } = await service.place(input.buyerId, {
      goods_id: input.goodsId,
      ...(input.guarantee ? { guarantee: input.guarantee } : {}),
    });
    await input.fund(placed);
    await service.pay(input.buyerId, placed.orderNo, 'wallet');
    let order = placed;
    for (const action of staffSteps) order = await service.staffStep(input.staffId, placed.orderNo, action);
    await confirmRebinding(order, input.staffId);
    await service.staffStep(input.staffId, placed.orderNo, 'finish_rebinding');
    await service.devCompleteSigning(placed.orderNo);
    return service.confirm(input.buyerId, placed.orderNo);
  }

  /** `now` is the app's clock, for the demo's other writes (the evaluations). */
  return { complete, now };
}

export type DemoTrades = ReturnType<typeof createDemoTrades>;

import { and, eq } from 'drizzle-orm';
import {
  DAMAGES_MAX_RATE,
  ErrorCodes,
  mismatchPenaltyFen,
  type LiquidatedDamagesInput,
  type VerifyRequest,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { OrderListings } from '../goods/index.ts';
import { rolesOf } from '../identity/index.ts';
import { ledger } from '../ledger/index.ts';
import type { ProcessEngine } from '../process/index.ts';
import { lockHolding, pendingPenaltyFen, raisePenalty, settlePenalty } from '../sincerity/index.ts';
import { lockOrderRow } from './handover-service.ts';
import { recordDispute } from './dispute-service.ts';
import { orderCredentialReveals, orderDamages } from './handover-tables.ts';
import type { OrderRow } from './order-money.ts';
import { roleIn, type OrderService } from './order-service.ts';
import { ensureChecklist } from './rebinding-service.ts';

/** What the seller's deposit can still give: held minus penalties already pending. */
const penaltyRoom = async (tx: Executor, sellerId: number) => {
  const holding = await lockHolding(tx, sellerId, 'seller');
  return holding.held - (await pendingPenaltyFen(tx, sellerId, 'seller'));
};

/** Deducts `amount` from the seller's deposit into the compensation pool (raise, then settle). */
async function penaliseSeller(
  processes: ProcessEngine,
  tx: Executor,
  order: OrderRow,
  input: { amount: number; reason: string; referenceType: string; now: Date },
) {
  const penalty = await raisePenalty(processes, tx, {
    userId: order.sellerId,
    kind: 'seller',
    amount: input.amount,
    reason: input.reason,
    referenceType: input.referenceType,
    referenceId: order.orderNo,
    now: input.now,
  });
  await settlePenalty(processes, tx, penalty.id, input.now);
}

/** Whether the buyer has revealed the order's login (every reveal is logged). */
async function buyerRevealed(tx: Executor, order: OrderRow): Promise<boolean> {
  const [seen] = await tx
    .select({ id: orderCredentialReveals.id })
    .from(orderCredentialReveals)
    .where(
      and(eq(orderCredentialReveals.orderId, order.id), eq(orderCredentialReveals.userId, order.buyerId)),
    )
    .limit(1);
  return seen !== undefined;
}

export function createVerificationService(deps: {
  db: Database;
  now: () => Date;
  processes: ProcessEngine;
  orders: OrderService;
  listings: OrderListings;
}) {
  const { db, now, processes, listings } = deps;

  return {
    /**
     * The buyer (or staff) checks the account. Pass: rebinding, with the checklist of the listing's
     * bindings. Mismatch: in one transaction the buyer is refunded from escrow (the order's
     * `cancelled_refunded`), the listing goes off the shelf, and the seller's sincerity deposit is
     * penalised (mismatchPenaltyFen, capped at what the deposit still holds). A buyer who revealed
     * the login opens a dispute instead (账号与描述不符, their reason as its description).
     */
    async verify(userId: number, input: VerifyRequest): Promise<OrderRow> {
      const result = await db.transaction(async (tx) => {
        const order = await lockOrderRow(tx, input.order_no);
        const role = await roleIn(tx, order, userId);
        const actor = { role, userId };
        if (input.verdict === 'pass') {
          const moved = await deps.orders.step(tx, order, 'verify_pass', actor);
          await ensureChecklist(tx, moved, listings);
          return moved;
        }
        const reason = input.reason ?? '';
        // A buyer who has seen the login cannot refund themselves at once (they could keep the
        // account): the mismatch goes to after-sales, escrow stays held, customer service decides.
        if (role === 'buyer' && (await buyerRevealed(tx, order))) {
          return recordDispute(tx, deps.orders, order, actor, {
            reason: 'not_as_described',
            description: reason,
            images: [],
            at: now(),
          });
        }
        const moved = await deps.orders.step(tx, order, 'verify_fail', actor, reason);
        await listings.release(tx, order.goodsId, 'shelf_off', order.orderNo);
        const amount = Math.min(mismatchPenaltyFen(order.priceFen), await penaltyRoom(tx, order.sellerId));
        if (amount > 0)
          await penaliseSeller(processes, tx, order, {
            amount,
            reason: `订单${order.orderNo}验号不符：${reason}`,
            referenceType: 'order_mismatch',
            now: now(),
          });
        return moved;
      });
      listings.changed();
      return result;
    },

    /**
     * Staff decide liquidated damages (违约金) once per order, at most DAMAGES_MAX_RATE of the price.
     * Seller at fault: taken from the seller's deposit (a settled sincerity penalty) and paid from the
     * compensation pool to the buyer. Buyer at fault: from the buyer's balance to the seller.
     */
    async liquidatedDamages(staffId: number, input: LiquidatedDamagesInput): Promise<OrderRow> {
      if (!(await rolesOf(db, staffId)).includes('customer_service'))
        throw new AppError(ErrorCodes.FORBIDDEN);
      return db.transaction(async (tx) => {
        const order = await lockOrderRow(tx, input.order_no);
        await roleIn(tx, order, staffId);
        const at = now();
        const moved = await deps.orders.step(
          tx,
          order,
          'liquidated_damages',
          { role: 'customer_service', userId: staffId },
          input.reason,
        );
        const [decided] = await tx
          .select({ orderId: orderDamages.orderId })
          .from(orderDamages)
          .where(eq(orderDamages.orderId, order.id));
        if (decided) throw new AppError(ErrorCodes.ORDER_DAMAGES_DECIDED);
        if (input.amount > Math.floor(order.priceFen * DAMAGES_MAX_RATE))
          throw new AppError(ErrorCodes.ORDER_DAMAGES_TOO_HIGH);
        const reference = { type: 'order', id: order.id };
        const metadata = { order_no: order.orderNo, party: input.party };
        if (input.party === 'seller') {
          if (input.amount > (await penaltyRoom(tx, order.sellerId)))
            throw new AppError(ErrorCodes.ORDER_DAMAGES_TOO_HIGH);
          await penaliseSeller(processes, tx, order, {
            amount: input.amount,
            reason: `订单${order.orderNo}卖家违约：${input.reason}`,
            referenceType: 'order_damages',
            now: at,
          });
          await ledger.post(tx, {
            debit: { kind: 'compensation_pool' },
            credit: { kind: 'user_available', userId: order.buyerId },
            amount: input.amount,
            kind: 'order.damages',
            reference,
            idempotencyKey: `order:${order.id}:damages`,
            metadata,
          });
        } else {
          const { available } = await ledger.balances(tx, order.buyerId);
          if (available < input.amount)
            throw new AppError(ErrorCodes.ORDER_BALANCE_SHORT, '买家余额不足以支付违约金');
          await ledger.post(tx, {
            debit: { kind: 'user_available', userId: order.buyerId },
            credit: { kind: 'user_available', userId: order.sellerId },
            amount: input.amount,
            kind: 'order.damages',
            reference,
            idempotencyKey: `order:${order.id}:damages`,
            metadata,
          });
        }
        await tx.insert(orderDamages).values({
          orderId: order.id,
          party: input.party,
          amountFen: input.amount,
          reason: input.reason,
          decidedBy: staffId,
          createdAt: at,
        });
        return moved;
      });
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;

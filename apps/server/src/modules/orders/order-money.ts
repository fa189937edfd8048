import { escrowOf, ledger, type AccountRef } from '../ledger/index.ts';
import { ORDER_DELIVERY_SECONDS } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { addSeconds } from '../../lib/time.ts';
import type { OrderHold } from '../sincerity/index.ts';
import type { orders } from './tables.ts';

export type OrderRow = typeof orders.$inferSelect;

/**
 * The money of an order, always inside the transaction that changes its state. Keys are derived
 * from the order and the step, so a retried step never moves money twice.
 *
 * - pay: buyer available → escrow (`payable`), and the coupon's discount promotion_revenue →
 *   escrow, so escrow holds the whole price whatever the coupon (`escrow_fen`). Escrow is the
 *   order's shard (`escrowOf`, by order id): every movement of one order's escrow uses the same.
 * - refund: escrow → buyer available (what the buyer paid) and the discount back to promotion.
 * - settle: escrow → seller available (price minus the trade fee), → platform_fee (the fee),
 *   → compensation_pool (the 包赔 fee).
 */

const orderRef = (order: OrderRow) => ({ type: 'order', id: order.id });
const metadataOf = (order: OrderRow) => ({ order_no: order.orderNo, goods_id: order.goodsId });

export interface Leg {
  debit: AccountRef;
  credit: AccountRef;
  amount: number;
  kind: string;
  step: string;
}

/** The ledger transfers of an order's legs (a leg of 0 moves nothing). */
const transfersOf = (order: OrderRow, legs: Leg[]): ledger.TransferInput[] =>
  legs
    .filter((leg) => leg.amount > 0)
    .map((leg) => ({
      debit: leg.debit,
      credit: leg.credit,
      amount: leg.amount,
      kind: leg.kind,
      reference: orderRef(order),
      idempotencyKey: `order:${order.id}:${leg.step}`,
      metadata: metadataOf(order),
    }));

export const post = (tx: Executor, order: OrderRow, legs: Leg[]) =>
  ledger.postMany(tx, transfersOf(order, legs));

/** The escrow an order holds once paid: what the buyer paid and the coupon's subsidy. */
export const escrowOnPay = (order: OrderRow) => order.payableFen + order.discountFen;

/** The columns paying an order writes besides its state and how it was paid. */
export const paidColumnsOf = (order: OrderRow, at: Date) => ({
  escrowFen: escrowOnPay(order),
  paidAt: at,
  deliverBy: addSeconds(at, ORDER_DELIVERY_SECONDS),
});

/** The transfers paying an order: by one posting for many orders paid together. */
export const payTransfersOf = (order: OrderRow): ledger.TransferInput[] =>
  transfersOf(order, [
    {
      debit: { kind: 'user_available', userId: order.buyerId },
      credit: escrowOf(order.id),
      amount: order.payableFen,
      kind: 'order.pay',
      step: 'pay',
    },
    {
      debit: { kind: 'promotion_revenue' },
      credit: escrowOf(order.id),
      amount: order.discountFen,
      kind: 'coupon.subsidy',
      step: 'coupon',
    },
  ]);

export async function payIntoEscrow(tx: Executor, order: OrderRow): Promise<void> {
  await ledger.postMany(tx, payTransfersOf(order));
}

export async function refundFromEscrow(tx: Executor, order: OrderRow): Promise<void> {
  await post(tx, order, [
    {
      debit: escrowOf(order.id),
      credit: { kind: 'user_available', userId: order.buyerId },
      amount: order.payableFen,
      kind: 'order.refund',
      step: 'refund',
    },
    {
      debit: escrowOf(order.id),
      credit: { kind: 'promotion_revenue' },
      amount: order.discountFen,
      kind: 'coupon.subsidy_return',
      step: 'coupon_return',
    },
  ]);
}

export async function settleFromEscrow(tx: Executor, order: OrderRow): Promise<void> {
  const sellerIncome = order.sellerIncomeFen;
  // Whatever escrow holds beyond the seller's income and the 包赔 fee is the platform's trade fee.
  const fee = order.escrowFen - sellerIncome - order.guaranteeFeeFen;
  await post(tx, order, [
    {
      debit: escrowOf(order.id),
      credit: { kind: 'user_available', userId: order.sellerId },
      amount: sellerIncome,
      kind: 'order.settle',
      step: 'settle',
    },
    {
      debit: escrowOf(order.id),
      credit: { kind: 'platform_fee' },
      amount: fee,
      kind: 'order.fee',
      step: 'fee',
    },
    {
      debit: escrowOf(order.id),
      credit: { kind: 'compensation_pool' },
      amount: order.guaranteeFeeFen,
      kind: 'order.guarantee_fee',
      step: 'guarantee_fee',
    },
  ]);
}

/** What the seller's deposit backs once the order is paid (sincerity holds). */
export const depositHoldOf = (order: OrderRow): OrderHold => ({
  sellerId: order.sellerId,
  orderNo: order.orderNo,
  title: order.goodsCard.title,
});

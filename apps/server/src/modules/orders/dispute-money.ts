import type { SplitShares } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { escrowOf } from '../ledger/index.ts';
import { post, type OrderRow } from './order-money.ts';

/**
 * A split resolution's money, in the transaction that enters `split`: escrow → the buyer's part,
 * → the seller's net part, → platform_fee and compensation_pool (the fees charged on the seller's
 * part, `splitShares` in contracts). The legs add up to what escrow holds, so it ends at 0.
 */
export async function splitEscrow(tx: Executor, order: OrderRow, shares: SplitShares): Promise<void> {
  await post(tx, order, [
    {
      debit: escrowOf(order.id),
      credit: { kind: 'user_available', userId: order.buyerId },
      amount: shares.buyerFen,
      kind: 'order.refund.split',
      step: 'split_buyer',
    },
    {
      debit: escrowOf(order.id),
      credit: { kind: 'user_available', userId: order.sellerId },
      amount: shares.sellerNetFen,
      kind: 'order.settle.split',
      step: 'split_seller',
    },
    {
      debit: escrowOf(order.id),
      credit: { kind: 'platform_fee' },
      amount: shares.platformFeeFen,
      kind: 'order.fee',
      step: 'split_fee',
    },
    {
      debit: escrowOf(order.id),
      credit: { kind: 'compensation_pool' },
      amount: shares.guaranteeFeeFen,
      kind: 'order.guarantee_fee',
      step: 'split_guarantee_fee',
    },
  ]);
}

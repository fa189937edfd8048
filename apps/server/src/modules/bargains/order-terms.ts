import { eq } from 'drizzle-orm';
import { bargainProcess, ErrorCodes, refusalMessage } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { listingTerms } from '../goods/index.ts';
import type { ProcessEngine } from '../process/index.ts';
import { lockBargain, moveBargain, type BargainRow } from './bargain-store.ts';
import { bargains } from './tables.ts';

export interface AgreedBargainQuery {
  bargainId: number;
  buyerId: number;
  goodsId: number;
  now: Date;
}

export interface AgreedPrice {
  bargainId: number;
  /** The agreed price, or the listing's price now when the seller has since lowered it below. */
  priceFen: number;
}

/** Refuses unless the bargain is this buyer's, on this listing, agreed and within its validity. */
function vetAgreed(
  row: BargainRow | undefined,
  query: AgreedBargainQuery,
): BargainRow & { agreedFen: number } {
  if (!row || row.buyerId !== query.buyerId || row.goodsId !== query.goodsId)
    throw new AppError(ErrorCodes.BARGAIN_NOT_FOUND);
  if (
    row.status === 'expired' ||
    (row.status === 'agreed' && row.deadline !== null && row.deadline <= query.now)
  )
    throw new AppError(ErrorCodes.BARGAIN_EXPIRED);
  if (row.status !== 'agreed' || row.agreedFen === null)
    throw new AppError(ErrorCodes.BARGAIN_STATE_INVALID, refusalMessage(bargainProcess, row.status, 'use'));
  return { ...row, agreedFen: row.agreedFen };
}

const priceNow = async (executor: Executor, row: { goodsId: number; agreedFen: number }) => {
  const listing = await listingTerms(executor, row.goodsId);
  return listing ? Math.min(row.agreedFen, listing.priceFen) : row.agreedFen;
};

/**
 * For the orders module, when it prices an order: the price of an agreed bargain, or an AppError
 * (3201 not this buyer's or not this listing's, 3212 expired, 3202 not agreed / already used).
 * Reads without locking; `consumeBargain` in the order's transaction is the check that counts.
 */
export async function agreedBargainFor(executor: Executor, query: AgreedBargainQuery): Promise<AgreedPrice> {
  const [row] = await executor.select().from(bargains).where(eq(bargains.id, query.bargainId));
  const agreed = vetAgreed(row, query);
  return { bargainId: agreed.id, priceFen: await priceNow(executor, agreed) };
}

/**
 * For the orders module, inside the transaction that creates the order: locks the bargain, checks it
 * as `agreedBargainFor` does, takes the buyer's `use` transition (agreed → ordered, recorded) and
 * marks it used by `orderRef`. Two orders racing on one bargain: the second is refused (3202), so an
 * agreed price buys once. The caller has checked the listing itself (on sale, not locked yet).
 */
export async function consumeBargain(
  executor: Executor,
  processes: ProcessEngine,
  query: AgreedBargainQuery & { orderRef: string },
): Promise<AgreedPrice> {
  const agreed = vetAgreed(await lockBargain(executor, query.bargainId), query);
  const priceFen = await priceNow(executor, agreed);
  await moveBargain(
    executor,
    { processes, at: query.now },
    {
      row: agreed,
      action: 'use',
      actor: { role: 'buyer', userId: query.buyerId },
      changes: { usedBy: query.orderRef },
      metadata: { order: query.orderRef, price_fen: priceFen },
    },
  );
  return { bargainId: agreed.id, priceFen };
}

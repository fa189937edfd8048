import { and, eq, inArray } from 'drizzle-orm';
import {
  bargainProcess,
  bargainRules,
  ErrorCodes,
  fenToAmount,
  openBargainStatuses,
  refusalMessage,
} from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { listingTerms } from '../goods/index.ts';
import { notifyAll } from '../notifications/index.ts';
import type { ProcessEngine } from '../process/index.ts';
import {
  lockBargain,
  lockBuyer,
  moveBargain,
  openCount,
  threadLink,
  type BargainRow,
} from './bargain-store.ts';
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

const systemActor = { role: 'system', userId: null } as const;

type Told = { title: string; body: string };

/**
 * Why the price of an order closed unpaid does not come back: the step's reason (also the buyer's
 * notice), the buyer's title, and the reason as the seller is told it.
 */
const lapses = {
  expired: { reason: '已过议价有效期', title: '议价价格已过期', toSeller: '已过议价有效期' },
  openOnListing: {
    reason: '你对该商品已有进行中的议价',
    title: '议价价格未恢复',
    toSeller: '买家已对该商品发起新的议价',
  },
  openLimit: {
    reason: `进行中的议价已达上限（${bargainRules.maxOpenPerBuyer}个）`,
    title: '议价价格未恢复',
    toSeller: '买家进行中的议价已达上限',
  },
} as const;

/**
 * For the orders module, inside the transaction that closes an unpaid order (expired or cancelled):
 * the bargain that order used goes back to agreed until the deadline it was agreed with, and shows
 * again in both parties' lists. It lapses instead (ordered → expired) when that deadline has passed,
 * when the buyer has opened another bargain on the listing since, or has as many open as allowed.
 * Both parties are told either way. Nothing happens when the order was placed at the listed price.
 */
export async function restoreBargain(
  executor: Executor,
  processes: ProcessEngine,
  query: { orderRef: string; at: Date },
): Promise<void> {
  const [used] = await executor
    .select({ id: bargains.id, buyerId: bargains.buyerId })
    .from(bargains)
    .where(and(eq(bargains.usedBy, query.orderRef), eq(bargains.status, 'ordered')));
  if (!used) return;
  // The lock an offer takes first: the buyer's open bargains cannot change while they are counted.
  await lockBuyer(executor, used.buyerId);
  const row = await lockBargain(executor, used.id);
  if (row?.status !== 'ordered' || row.usedBy !== query.orderRef) return;
  const deps = { processes, at: query.at };
  const price = `¥${fenToAmount(row.agreedFen ?? row.offerFen)}`;
  const closed = `订单${query.orderRef}未支付已关闭`;
  const about = { kind: 'bargain', link: threadLink(row), at: query.at };
  const tell = (toBuyer: Told, toSeller: Told) =>
    notifyAll(executor, [
      { ...about, ...toBuyer, userId: row.buyerId },
      { ...about, ...toSeller, userId: row.sellerId, channel: 'seller_helper' },
    ]);
  const lapse = async (why: (typeof lapses)[keyof typeof lapses]) => {
    await moveBargain(executor, deps, {
      row,
      action: 'lapse',
      actor: systemActor,
      changes: { usedBy: null },
      metadata: { order: query.orderRef },
      reason: why.reason,
    });
    await tell(
      { title: why.title, body: `${closed}，议价价格${price}未恢复：${why.reason}` },
      { title: '议价已失效', body: `买家的${closed}，议价价格${price}已失效：${why.toSeller}` },
    );
  };
  if (row.agreedUntil === null || row.agreedUntil <= query.at) return lapse(lapses.expired);
  const [open] = await executor
    .select({ id: bargains.id })
    .from(bargains)
    .where(
      and(
        eq(bargains.goodsId, row.goodsId),
        eq(bargains.buyerId, row.buyerId),
        inArray(bargains.status, openBargainStatuses),
      ),
    );
  if (open) return lapse(lapses.openOnListing);
  if ((await openCount(executor, row.buyerId)) >= bargainRules.maxOpenPerBuyer)
    return lapse(lapses.openLimit);
  await moveBargain(executor, deps, {
    row,
    action: 'restore',
    actor: systemActor,
    // Open again: hidden from no one (a party may have deleted it while it was ordered).
    changes: { usedBy: null, buyerHiddenAt: null, sellerHiddenAt: null },
    metadata: { order: query.orderRef },
    deadline: row.agreedUntil,
  });
  await tell(
    { title: '议价价格已恢复', body: `${closed}，议价价格${price}在原有效期内仍可使用` },
    {
      title: '议价价格已恢复',
      body: `买家的${closed}，议价价格${price}恢复有效，买家可在原有效期内按议价购买`,
    },
  );
}

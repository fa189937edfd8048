import { and, asc, eq, gt } from 'drizzle-orm';
import { ErrorCodes, fenToAmount } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { CouponRow } from './coupon-claims.ts';
import { userCoupons } from './tables.ts';

/**
 * What the order flow does with a coupon, inside its own transaction: lock it on an order when the
 * order is placed, redeem it when the order is paid, release it when the order is cancelled or
 * expires. Each call is idempotent per order (a retry of the same step returns the coupon as it is)
 * and refuses another user's coupon as if it did not exist (4601).
 *
 * The discount is platform money: when the order is paid the buyer pays `amount - discount` from
 * available to escrow and the platform adds the discount (`promotion_revenue → escrow`, kind
 * `coupon.subsidy`, key `order:<id>:coupon`) in the same postMany, so escrow always holds the full
 * price and the seller's settlement does not depend on coupons (docs/architecture.md, Coupons).
 */

async function lockedCoupon(tx: Executor, userId: number, couponId: number): Promise<CouponRow> {
  const [coupon] = await tx.select().from(userCoupons).where(eq(userCoupons.id, couponId)).for('update');
  if (!coupon || coupon.userId !== userId) throw new AppError(ErrorCodes.COUPON_NOT_FOUND);
  return coupon;
}

export interface LockInput {
  orderId: string;
  /** Fen: the order amount before the discount. */
  amount: number;
  gameId: number;
  now: Date;
}

/**
 * Why a usable coupon cannot go on an order: validity (4607 not yet, 4606 expired), scope (4609) and
 * threshold (4608; the amount must also stay above the discount). undefined: it can.
 */
export function couponRefusal(
  coupon: CouponRow,
  input: Pick<LockInput, 'amount' | 'gameId' | 'now'>,
): AppError | undefined {
  if (input.now < coupon.validFrom) return new AppError(ErrorCodes.COUPON_NOT_STARTED);
  if (input.now >= coupon.validUntil) return new AppError(ErrorCodes.COUPON_EXPIRED);
  if (coupon.gameId !== null && coupon.gameId !== input.gameId)
    return new AppError(ErrorCodes.COUPON_SCOPE_MISMATCH);
  if (!Number.isSafeInteger(input.amount) || input.amount < coupon.threshold) {
    return new AppError(
      ErrorCodes.COUPON_THRESHOLD_NOT_MET,
      `订单金额须满${fenToAmount(coupon.threshold)}元才能使用该优惠券`,
    );
  }
  if (input.amount <= coupon.amountOff)
    return new AppError(ErrorCodes.COUPON_THRESHOLD_NOT_MET, '订单金额须高于优惠金额才能使用该优惠券');
  return undefined;
}

/** A user's usable coupons not yet expired, soonest to expire first (the order screen's choice). */
export async function usableCoupons(db: Executor, userId: number, now: Date): Promise<CouponRow[]> {
  return db
    .select()
    .from(userCoupons)
    .where(
      and(eq(userCoupons.userId, userId), eq(userCoupons.status, 'usable'), gt(userCoupons.validUntil, now)),
    )
    .orderBy(asc(userCoupons.validUntil), asc(userCoupons.id));
}

/**
 * usable → locked on `orderId`. Checks owner, state, validity (4607 not yet, 4606 expired), scope
 * (4609) and threshold (4608; the amount must also stay above the discount). Returns the discount.
 */
export async function lockCoupon(
  tx: Executor,
  userId: number,
  couponId: number,
  input: LockInput,
): Promise<{ coupon: CouponRow; discount: number }> {
  const coupon = await lockedCoupon(tx, userId, couponId);
  if (coupon.status !== 'usable') {
    if (coupon.orderId === input.orderId && coupon.orderAmount === input.amount) {
      return { coupon, discount: coupon.amountOff };
    }
    throw new AppError(
      coupon.status === 'locked' ? ErrorCodes.COUPON_IN_USE : ErrorCodes.COUPON_STATE_INVALID,
    );
  }
  const refusal = couponRefusal(coupon, input);
  if (refusal) throw refusal;
  const [locked] = await tx
    .update(userCoupons)
    .set({ status: 'locked', orderId: input.orderId, orderAmount: input.amount, lockedAt: input.now })
    .where(eq(userCoupons.id, coupon.id))
    .returning();
  if (!locked) throw new Error('coupons: lock not written');
  return { coupon: locked, discount: locked.amountOff };
}

/** locked on `orderId` → used (the order was paid). Used on the same order: returned as is. */
export async function redeemCoupon(
  tx: Executor,
  userId: number,
  couponId: number,
  input: { orderId: string; now: Date },
): Promise<CouponRow> {
  const coupon = await lockedCoupon(tx, userId, couponId);
  if (coupon.orderId !== input.orderId) {
    throw new AppError(
      coupon.status === 'locked' ? ErrorCodes.COUPON_IN_USE : ErrorCodes.COUPON_STATE_INVALID,
    );
  }
  if (coupon.status === 'used') return coupon;
  const [used] = await tx
    .update(userCoupons)
    .set({ status: 'used', usedAt: input.now })
    .where(eq(userCoupons.id, coupon.id))
    .returning();
  if (!used) throw new Error('coupons: redeem not written');
  return used;
}

/**
 * locked on `orderId` → usable again (the order was cancelled or expired before payment). Already
 * usable: returned as is. A used coupon is not given back (4610), nor one held by another order (4605).
 */
export async function releaseCoupon(
  tx: Executor,
  userId: number,
  couponId: number,
  input: { orderId: string },
): Promise<CouponRow> {
  const coupon = await lockedCoupon(tx, userId, couponId);
  if (coupon.status === 'usable') return coupon;
  if (coupon.status === 'used') throw new AppError(ErrorCodes.COUPON_STATE_INVALID);
  if (coupon.orderId !== input.orderId) throw new AppError(ErrorCodes.COUPON_IN_USE);
  const [released] = await tx
    .update(userCoupons)
    .set({ status: 'usable', orderId: null, orderAmount: null, lockedAt: null })
    .where(eq(userCoupons.id, coupon.id))
    .returning();
  if (!released) throw new Error('coupons: release not written');
  return released;
}

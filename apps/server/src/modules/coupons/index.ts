/** The coupons module's public API: its routes, and locking/redeeming a coupon for the orders to come. */
export { couponRoutes } from './routes.ts';
export {
  couponRefusal,
  lockCoupon,
  redeemCoupon,
  releaseCoupon,
  usableCoupons,
  type LockInput,
} from './coupon-order-service.ts';
export type { CouponRow } from './coupon-claims.ts';

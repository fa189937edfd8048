/** The coupons module's public API: its routes, and locking/redeeming a coupon for the orders to come. */
export { couponRoutes } from './routes.ts';
export { lockCoupon, redeemCoupon, releaseCoupon, type LockInput } from './coupon-order-service.ts';

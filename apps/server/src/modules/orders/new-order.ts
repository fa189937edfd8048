import { randomInt } from 'node:crypto';
import {
  fenToAmount,
  ORDER_PAY_SECONDS,
  orderProcess,
  orderQuote,
  type GoodsCard,
  type PlaceOrderRequest,
} from '@haoshi/contracts';
import { addSeconds } from '../../lib/time.ts';
import type { NewOrder } from './order-statements.ts';

/** An order number is the second it was placed (China time) and 6 random digits. */
export function newOrderNo(now: Date): string {
  const china = new Date(now.getTime() + 8 * 3600 * 1000).toISOString();
  return `O${china.slice(0, 19).replace(/\D/g, '')}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

/**
 * The row of an order placed at `at` on a locked listing: the server's quote of its price (the
 * listing's, or the agreed bargain's), the 包赔 option chosen, a coupon's discount, and the card the
 * buyer saw with the price they pay.
 */
export function newOrderValues(order: {
  orderNo: string;
  goodsId: number;
  buyerId: number;
  listing: { sellerId: number; price: number };
  card: GoodsCard;
  input: PlaceOrderRequest;
  priceFen: number;
  discountFen: number;
  at: Date;
}): NewOrder {
  const { input, at } = order;
  const quote = orderQuote({
    priceFen: order.priceFen,
    guaranteeCode: input.guarantee,
    discountFen: order.discountFen,
  });
  return {
    orderNo: order.orderNo,
    goodsId: order.goodsId,
    buyerId: order.buyerId,
    sellerId: order.listing.sellerId,
    state: orderProcess.initial,
    guaranteeCode: input.guarantee ?? null,
    priceFen: quote.priceFen,
    guaranteeFeeFen: quote.guarantee?.feeFen ?? 0,
    discountFen: quote.discountFen,
    tradeFeeFen: quote.tradeFeeFen,
    payableFen: quote.payableFen,
    sellerIncomeFen: quote.sellerIncomeFen,
    couponId: input.coupon_id ?? null,
    goodsCard: { ...order.card, price: fenToAmount(order.listing.price) },
    payBy: addSeconds(at, ORDER_PAY_SECONDS),
    createdAt: at,
    updatedAt: at,
  };
}

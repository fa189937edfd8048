import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  allowedActions,
  ErrorCodes,
  errorMessages,
  fenToAmount,
  ORDER_PAY_SECONDS,
  orderProcess,
  orderQuote,
  orderStateLabels,
  orderTabs,
  orderTabStates,
  type OrderDetail,
  type OrderGuarantee,
  type OrderGuaranteeQuery,
  type OrderList,
  type OrderListItem,
  type OrderListQuery,
  type OrderPayment,
  type OrderQuote,
  type OrderQuoteData,
  type OrderRole,
  type OrderTab,
  type ProcessTimelineEntry,
} from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { createTurnBatcher } from '../../lib/turn-batch.ts';
import { agreedBargainFor } from '../bargains/index.ts';
import { couponRefusal, usableCoupons } from '../coupons/index.ts';
import { listingVisibleTo, type OrderListings } from '../goods/index.ts';
import { ledger } from '../ledger/index.ts';
import type { ProcessEngine } from '../process/index.ts';
import type { OrderRow } from './order-money.ts';
import type { OrderService } from './order-service.ts';
import { orders } from './tables.ts';

const quoteData = (quote: OrderQuote): OrderQuoteData => ({
  price: fenToAmount(quote.priceFen),
  guarantee_code: quote.guarantee?.code ?? null,
  guarantee_fee: fenToAmount(quote.guarantee?.feeFen ?? 0),
  discount: fenToAmount(quote.discountFen),
  trade_fee: fenToAmount(quote.tradeFeeFen),
  trade_fee_paid_by_seller: quote.tradeFeePaidBySeller,
  payable: fenToAmount(quote.payableFen),
  seller_income: fenToAmount(quote.sellerIncomeFen),
});

const orderQuoteData = (row: OrderRow): OrderQuoteData => ({
  price: fenToAmount(row.priceFen),
  guarantee_code: row.guaranteeCode,
  guarantee_fee: fenToAmount(row.guaranteeFeeFen),
  discount: fenToAmount(row.discountFen),
  trade_fee: fenToAmount(row.tradeFeeFen),
  trade_fee_paid_by_seller: row.sellerIncomeFen < row.priceFen,
  payable: fenToAmount(row.payableFen),
  seller_income: fenToAmount(row.sellerIncomeFen),
});

/** Each deadline only while it runs: to pay, to deliver, the automatic release. */
const deadlinesOf = (row: OrderRow) => ({
  pay_by: row.state === 'pending_payment' ? row.payBy.toISOString() : null,
  deliver_by: row.state === 'paid' && row.deliverBy ? row.deliverBy.toISOString() : null,
  release_at: row.state === 'protection' && row.releaseAt ? row.releaseAt.toISOString() : null,
});

export function toListItem(row: OrderRow, role: OrderRole): OrderListItem {
  return {
    order_no: row.orderNo,
    state: row.state,
    state_label: orderStateLabels[row.state],
    goods: row.goodsCard,
    payable: fenToAmount(row.payableFen),
    created_at: row.createdAt.toISOString(),
    role,
    deadlines: deadlinesOf(row),
    actions: allowedActions(orderProcess, row.state, [role]),
  };
}

const tabCondition = (tab: OrderTab): SQL | undefined =>
  tab === 'all' ? undefined : inArray(orders.state, [...orderTabStates[tab]]);

export function createOrderViews(deps: {
  db: Database;
  now: () => Date;
  processes: ProcessEngine;
  listings: OrderListings;
  service: OrderService;
}) {
  const { db, now, processes, listings, service } = deps;
  // The buyer's balance on an unpaid order (the cashier): the answers built together read it once.
  const availableNow = createTurnBatcher<number, number>((userIds) => ledger.availableOf(db, userIds));

  /**
   * An unpaid order with a cashier payment under way: the gateway is asked now (the buyer may be
   * back from the cashier before its notify), which pays the order when the money arrived.
   */
  async function current(row: OrderRow) {
    if (row.state !== 'pending_payment' || !row.gatewayRechargeNo) return { row, gateway: null };
    const gateway = await service.gatewayOf(row);
    return { row: gateway?.status === 'paid' ? await service.reload(row.id) : row, gateway };
  }

  /**
   * The detail of `found` as `role` sees it. `known`: its timeline, when the step that answers
   * already has it (used unless the gateway check reloaded the order).
   */
  async function detailOf(
    found: OrderRow,
    role: OrderRole,
    known: ProcessTimelineEntry[] | null = null,
  ): Promise<OrderDetail> {
    const { row, gateway } = await current(found);
    return {
      ...toListItem(row, role),
      quote: orderQuoteData(row),
      escrow: fenToAmount(row.escrowFen),
      wallet_paid: fenToAmount(row.walletPaidFen),
      gateway_paid: fenToAmount(row.gatewayPaidFen),
      paid_at: row.paidAt?.toISOString() ?? null,
      completed_at: row.completedAt?.toISOString() ?? null,
      cashier_url: role === 'buyer' && gateway?.status === 'pending' ? gateway.cashierUrl : null,
      balance:
        role === 'buyer' && row.state === 'pending_payment'
          ? fenToAmount((await availableNow(row.buyerId)) ?? 0)
          : null,
      timeline: known && row === found ? known : await processes.timeline(db, orderProcess, row.id),
    };
  }

  return {
    detailOf,

    async detail(userId: number, orderNo: string): Promise<OrderDetail> {
      const { order, role } = await service.findForViewer(userId, orderNo);
      return detailOf(order, role);
    },

    async payment(userId: number, orderNo: string): Promise<OrderPayment> {
      const found = await service.findForViewer(userId, orderNo);
      const { row: order } = await current(found.order);
      const gateway = await service.gatewayOf(order);
      return {
        order_no: order.orderNo,
        state: order.state,
        payable: fenToAmount(order.payableFen),
        wallet_paid: fenToAmount(order.walletPaidFen),
        gateway_paid: fenToAmount(order.gatewayPaidFen),
        gateway: gateway && {
          recharge_no: gateway.rechargeNo,
          channel: gateway.channel,
          amount: fenToAmount(gateway.amount),
          status: gateway.status,
        },
        paid_at: order.paidAt?.toISOString() ?? null,
        pay_by: deadlinesOf(order).pay_by,
      };
    },

    async list(
      userId: number,
      query: OrderListQuery & { page: number; page_size: number },
    ): Promise<OrderList> {
      const side = query.side ?? 'buy';
      const tab = query.tab ?? 'all';
      const party = side === 'buy' ? eq(orders.buyerId, userId) : eq(orders.sellerId, userId);
      const [rows, byState] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(and(party, tabCondition(tab)))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size),
        db.select({ state: orders.state, value: count() }).from(orders).where(party).groupBy(orders.state),
      ]);
      const counts = Object.fromEntries(
        orderTabs.map((candidate) => [
          candidate,
          byState
            .filter((entry) => candidate === 'all' || orderTabStates[candidate].includes(entry.state))
            .reduce((sum, entry) => sum + entry.value, 0),
        ]),
      ) as Record<OrderTab, number>;
      const role: OrderRole = side === 'buy' ? 'buyer' : 'seller';
      return {
        list: rows.map((row) => toListItem(row, role)),
        total: counts[tab],
        page: query.page,
        page_size: query.page_size,
        counts,
      };
    },

    /** The 包赔 options, the buyer's coupons and the server's price for a choice. */
    async guarantee(userId: number, query: OrderGuaranteeQuery): Promise<OrderGuarantee> {
      const goodsId = Number(query.goods_id);
      const found = await listings.forQuote(db, goodsId);
      if (!found || !listingVisibleTo(found.row, userId)) throw new AppError(ErrorCodes.GOODS_NOT_FOUND);
      const { row, guarantees } = found;
      const card = (await listings.cards(db, [goodsId])).get(goodsId);
      if (!card) throw new AppError(ErrorCodes.GOODS_NOT_FOUND);
      const code = query.guarantee && row.guarantees.includes(query.guarantee) ? query.guarantee : undefined;
      if (query.guarantee && !code) throw new AppError(ErrorCodes.ORDER_GUARANTEE_UNAVAILABLE);
      const at = now();
      const priceFen =
        query.bargain_id === undefined
          ? row.price
          : (
              await agreedBargainFor(db, {
                bargainId: Number(query.bargain_id),
                buyerId: userId,
                goodsId,
                now: at,
              })
            ).priceFen;
      const base = orderQuote({ priceFen, guaranteeCode: code });
      const choices = (await usableCoupons(db, userId, at)).map((coupon) => ({
        coupon,
        refusal: couponRefusal(coupon, { amount: base.escrowFen, gameId: row.gameId, now: at }),
      }));
      const chosen = choices.find((choice) => choice.coupon.id === Number(query.coupon_id));
      if (query.coupon_id !== undefined && (!chosen || chosen.refusal))
        throw chosen?.refusal ?? new AppError(ErrorCodes.COUPON_NOT_FOUND);
      const quote = orderQuote({
        priceFen,
        guaranteeCode: code,
        discountFen: chosen?.coupon.amountOff ?? 0,
      });
      const mine = row.sellerId === userId;
      const reason = mine
        ? errorMessages[ErrorCodes.ORDER_OWN_GOODS]
        : row.status === 'on_sale'
          ? ''
          : errorMessages[ErrorCodes.ORDER_GOODS_UNAVAILABLE];
      const { available } = await ledger.balances(db, userId);
      return {
        goods: card,
        can_order: reason === '',
        reason,
        options: guarantees.map((option) => {
          const priced = orderQuote({ priceFen, guaranteeCode: option.code }).guarantee;
          return {
            code: option.code,
            name: option.name,
            description: option.description,
            fee: fenToAmount(priced?.feeFen ?? 0),
            protection_days: priced?.protectionDays ?? null,
          };
        }),
        coupons: choices.map(({ coupon, refusal }) => ({
          id: coupon.id,
          name: coupon.name,
          amount_off: fenToAmount(coupon.amountOff),
          threshold: fenToAmount(coupon.threshold),
          valid_until: coupon.validUntil.toISOString(),
          usable: !refusal,
          reason: refusal?.message ?? '',
        })),
        quote: quoteData(quote),
        balance: fenToAmount(available),
        pay_seconds: ORDER_PAY_SECONDS,
      };
    },
  };
}

export type OrderViews = ReturnType<typeof createOrderViews>;

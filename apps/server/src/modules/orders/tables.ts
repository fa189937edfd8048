import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  orderHoldingStates,
  type CompensationOptionCode,
  type GoodsCard,
  type OrderState,
} from '@haoshi/contracts';
import { goods } from '../goods/tables.ts';
import { users } from '../identity/tables.ts';
import { userCoupons } from '../coupons/tables.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

const holdingStates = sql.raw(orderHoldingStates.map((state) => `'${state}'`).join(', '));

/**
 * One guaranteed-trade order. Amounts are fen, fixed when the order is placed (the server's quote):
 * the buyer pays `payable_fen`; escrow then holds `escrow_fen` (payable plus the coupon's discount,
 * which the platform adds) until the order is settled, when it drops to 0. The listing as it was
 * bought is kept in `goods_card`.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    goodsId: bigint('goods_id', { mode: 'number' })
      .notNull()
      .references(() => goods.id),
    buyerId: bigint('buyer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    state: text('state').$type<OrderState>().notNull(),
    guaranteeCode: text('guarantee_code').$type<CompensationOptionCode>(),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    guaranteeFeeFen: bigint('guarantee_fee_fen', { mode: 'number' }).notNull(),
    discountFen: bigint('discount_fen', { mode: 'number' }).notNull(),
    tradeFeeFen: bigint('trade_fee_fen', { mode: 'number' }).notNull(),
    payableFen: bigint('payable_fen', { mode: 'number' }).notNull(),
    /** What the seller receives on completion (price minus the trade fee when the seller pays it). */
    sellerIncomeFen: bigint('seller_income_fen', { mode: 'number' }).notNull(),
    /** What escrow holds for this order now. */
    escrowFen: bigint('escrow_fen', { mode: 'number' }).notNull().default(0),
    walletPaidFen: bigint('wallet_paid_fen', { mode: 'number' }).notNull().default(0),
    gatewayPaidFen: bigint('gateway_paid_fen', { mode: 'number' }).notNull().default(0),
    couponId: bigint('coupon_id', { mode: 'number' }).references(() => userCoupons.id),
    /** The cashier recharge paying the rest (its order no). */
    gatewayRechargeNo: text('gateway_recharge_no'),
    goodsCard: jsonb('goods_card').$type<GoodsCard>().notNull(),
    payBy: timestamptz('pay_by').notNull(),
    deliverBy: timestamptz('deliver_by'),
    releaseAt: timestamptz('release_at'),
    paidAt: timestamptz('paid_at'),
    completedAt: timestamptz('completed_at'),
    closedAt: timestamptz('closed_at'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    // A listing is in at most one order that holds it (unpaid, paid, in hand-over or dispute).
    uniqueIndex('orders_goods_holding_key')
      .on(table.goodsId)
      .where(sql`${table.state} in (${holdingStates})`),
    index('orders_buyer_created_idx').on(table.buyerId, table.createdAt.desc(), table.id.desc()),
    index('orders_seller_created_idx').on(table.sellerId, table.createdAt.desc(), table.id.desc()),
    uniqueIndex('orders_gateway_recharge_key')
      .on(table.gatewayRechargeNo)
      .where(sql`${table.gatewayRechargeNo} is not null`),
    check(
      'orders_amounts_check',
      sql`${table.priceFen} > 0 and ${table.guaranteeFeeFen} >= 0 and ${table.discountFen} >= 0 and ${table.tradeFeeFen} >= 0 and ${table.payableFen} > 0 and ${table.sellerIncomeFen} >= 0 and ${table.escrowFen} >= 0 and ${table.walletPaidFen} >= 0 and ${table.gatewayPaidFen} >= 0`,
    ),
    check('orders_parties_check', sql`${table.buyerId} <> ${table.sellerId}`),
  ],
);

export * from './handover-tables.ts';

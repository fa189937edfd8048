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
  type DisputeOutcome,
  type DisputeReason,
  type GoodsCard,
  type OrderRole,
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
/**
 * The after-sales dispute of an order (at most one: `disputed` leads only to terminal states). The
 * order's state is the truth of where it stands; this keeps what was claimed and how it was settled
 * (fen: what the buyer got back, the seller's part before fees, the fees charged on it).
 */
export const disputes = pgTable(
  'disputes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => orders.id),
    openedBy: text('opened_by').$type<OrderRole>().notNull(),
    openerId: bigint('opener_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    reason: text('reason').$type<DisputeReason>().notNull(),
    description: text('description').notNull(),
    images: text('images').array().notNull(),
    outcome: text('outcome').$type<DisputeOutcome>(),
    buyerFen: bigint('buyer_fen', { mode: 'number' }),
    sellerFen: bigint('seller_fen', { mode: 'number' }),
    feeFen: bigint('fee_fen', { mode: 'number' }),
    resolution: text('resolution'),
    resolverId: bigint('resolver_id', { mode: 'number' }).references(() => users.id),
    createdAt: timestamptz('created_at').notNull(),
    resolvedAt: timestamptz('resolved_at'),
  },
  (table) => [
    index('disputes_open_idx')
      .on(table.createdAt)
      .where(sql`${table.resolvedAt} is null`),
    check(
      'disputes_resolution_check',
      sql`(${table.resolvedAt} is null) = (${table.outcome} is null) and (${table.outcome} is null or (${table.buyerFen} >= 0 and ${table.sellerFen} >= 0 and ${table.feeFen} >= 0 and ${table.resolverId} is not null))`,
    ),
  ],
);

/** The thread of a dispute: both parties and customer service, with evidence (upload keys). */
export const disputeMessages = pgTable(
  'dispute_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    disputeId: bigint('dispute_id', { mode: 'number' })
      .notNull()
      .references(() => disputes.id),
    authorId: bigint('author_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    authorRole: text('author_role').$type<OrderRole>().notNull(),
    content: text('content').notNull(),
    images: text('images').array().notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('dispute_messages_dispute_idx').on(table.disputeId, table.id)],
);

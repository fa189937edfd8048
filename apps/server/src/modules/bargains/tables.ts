import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bargainRoles, bargainStatuses } from '@haoshi/contracts';
import { users } from '../identity/tables.ts';
import { goods } from '../goods/tables.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One bargain (议价) of a buyer on a listing. Prices in fen: the listing's price at the first offer,
 * the buyer's latest offer, the seller's latest counter and the agreed price. `deadline` is when the
 * current state times out (the process timer runs then); `agreed_until` is when the agreed price
 * lapses, kept while an order holds it, so that a price given back keeps its deadline. Each party
 * may hide it from their own list once it is over.
 */
export const bargains = pgTable(
  'bargains',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    goodsId: bigint('goods_id', { mode: 'number' })
      .notNull()
      .references(() => goods.id),
    buyerId: bigint('buyer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: bargainStatuses }).notNull(),
    listPriceFen: bigint('list_price_fen', { mode: 'number' }).notNull(),
    offerFen: bigint('offer_fen', { mode: 'number' }).notNull(),
    counterFen: bigint('counter_fen', { mode: 'number' }),
    agreedFen: bigint('agreed_fen', { mode: 'number' }),
    agreedUntil: timestamptz('agreed_until'),
    buyerRounds: integer('buyer_rounds').notNull().default(1),
    deadline: timestamptz('deadline'),
    /** What used the agreed price ('order:123'), once. */
    usedBy: text('used_by'),
    buyerHiddenAt: timestamptz('buyer_hidden_at'),
    sellerHiddenAt: timestamptz('seller_hidden_at'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('bargains_buyer_idx').on(table.buyerId, table.updatedAt.desc(), table.id.desc()),
    index('bargains_seller_idx').on(table.sellerId, table.updatedAt.desc(), table.id.desc()),
    // One bargain in progress per buyer and listing.
    uniqueIndex('bargains_open_key')
      .on(table.goodsId, table.buyerId)
      .where(sql`${table.status} in ('offered', 'countered', 'agreed')`),
    uniqueIndex('bargains_used_by_key')
      .on(table.usedBy)
      .where(sql`${table.usedBy} is not null`),
    check('bargains_parties_check', sql`${table.buyerId} <> ${table.sellerId}`),
    check('bargains_prices_check', sql`${table.offerFen} > 0 and ${table.offerFen} < ${table.listPriceFen}`),
  ],
);

/** Every price named in a bargain, in order: the buyer's offers and the seller's counters. */
export const bargainRounds = pgTable(
  'bargain_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bargainId: bigint('bargain_id', { mode: 'number' })
      .notNull()
      .references(() => bargains.id),
    /** Kept here so a buyer's offers of the day are counted without a join. */
    buyerId: bigint('buyer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    by: text('by', { enum: bargainRoles }).notNull(),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('bargain_rounds_bargain_idx').on(table.bargainId, table.id),
    index('bargain_rounds_buyer_day_idx').on(table.buyerId, table.createdAt),
  ],
);

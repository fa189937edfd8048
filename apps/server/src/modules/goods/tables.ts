import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  AttributeValues,
  CommentTag,
  CompensationOptionCode,
  GoodsStatus,
  GoodsTag,
  Platform,
} from '@haoshi/contracts';
import { users } from '../identity/tables.ts';
import { gamePartitions, games } from '../catalogue/tables.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
const onSale = sql`status = 'on_sale'`;

/** A seller's shop front: one per user who has published. */
export const stores = pgTable('stores', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  name: text('name').notNull(),
  avatar: text('avatar').notNull().default(''),
  intro: text('intro').notNull().default(''),
  /** Average rating × 100 (498 = 4.98). */
  rating: integer('rating').notNull().default(500),
  deals: integer('deals').notNull().default(0),
  followers: integer('followers').notNull().default(0),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const goods = pgTable(
  'goods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    platform: text('platform').$type<Platform>().notNull(),
    partitionId: integer('partition_id')
      .notNull()
      .references(() => gamePartitions.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    attrs: jsonb('attrs').$type<AttributeValues>().notNull(),
    bindings: jsonb('bindings').$type<AttributeValues>().notNull(),
    guarantees: text('guarantees').array().$type<CompensationOptionCode[]>().notNull(),
    screenshots: text('screenshots').array().notNull(),
    /** Card texts derived from the highlighted attributes at write time. */
    highlights: text('highlights').array().notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    originalPrice: bigint('original_price', { mode: 'number' }),
    bargain: boolean('bargain').notNull().default(false),
    /** 最低可议价 (fen): offers below it are refused; private to the seller. */
    bargainFloor: bigint('bargain_floor', { mode: 'number' }),
    urgent: boolean('urgent').notNull().default(false),
    tags: text('tags').array().$type<GoodsTag[]>().notNull(),
    accountHint: text('account_hint').notNull().default(''),
    privateNote: text('private_note').notNull().default(''),
    reviewNote: text('review_note').notNull().default(''),
    status: text('status').$type<GoodsStatus>().notNull().default('draft'),
    views: integer('views').notNull().default(0),
    favourites: integer('favourites').notNull().default(0),
    /** Sort key of 热度: views + 20 × favourites. */
    heat: integer('heat').notNull().default(0),
    /** Sort key of 综合: hours since the epoch at listing plus boosts for trust signals; fixed until the next write. */
    rankScore: integer('rank_score').notNull().default(0),
    /** Normalised text searched with pg_trgm (see search-text.ts). */
    searchText: text('search_text').notNull().default(''),
    /**
     * The words of `search_text` as an array, plus `g:<game id>` and `p:<platform>`: one GIN lookup
     * answers a keyword within a game exactly (`@>`), where the planner cannot combine two indexes.
     */
    searchTokens: text('search_tokens')
      .array()
      .notNull()
      .generatedAlwaysAs(
        sql`string_to_array(btrim(search_text), ' ') || array['g:' || game_id::text, 'p:' || platform]`,
      ),
    /**
     * Set from the sequence `goods_search_seq` by a trigger on every insert and update (views too):
     * the in-memory search index re-reads the rows changed since its last read (search-index-keeper.ts).
     */
    searchSeq: bigint('search_seq', { mode: 'number' }).notNull().default(0),
    listedAt: timestamptz('listed_at'),
    verifiedAt: timestamptz('verified_at'),
    verifiedBy: bigint('verified_by', { mode: 'number' }).references(() => users.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('goods_seller_idx').on(table.sellerId, table.updatedAt.desc(), table.id.desc()),
    index('goods_sale_rank_idx').on(table.rankScore.desc(), table.id.desc()).where(onSale),
    index('goods_sale_newest_idx').on(table.listedAt.desc(), table.id.desc()).where(onSale),
    index('goods_sale_price_idx').on(table.price, table.id).where(onSale),
    index('goods_sale_heat_idx').on(table.heat.desc(), table.id.desc()).where(onSale),
    index('goods_sale_game_rank_idx').on(table.gameId, table.rankScore.desc(), table.id.desc()).where(onSale),
    index('goods_sale_game_newest_idx')
      .on(table.gameId, table.listedAt.desc(), table.id.desc())
      .where(onSale),
    index('goods_sale_game_price_idx').on(table.gameId, table.price, table.id).where(onSale),
    index('goods_sale_game_heat_idx').on(table.gameId, table.heat.desc(), table.id.desc()).where(onSale),
    index('goods_sale_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')).where(onSale),
    index('goods_search_seq_idx').on(table.searchSeq),
    index('goods_sale_search_tokens_idx').using('gin', table.searchTokens).where(onSale),
  ],
);

/**
 * What players type for a game or a common term (wzry → 王者荣耀, gf → 国服): applied to a search's
 * words before matching. `game_id` set: the alias names that game, whose listings then rank first.
 */
export const searchAliases = pgTable('search_aliases', {
  id: serial('id').primaryKey(),
  gameId: integer('game_id').references(() => games.id),
  /** Normalised (NFKC, lower case), one word. */
  alias: text('alias').notNull().unique(),
  expansion: text('expansion').notNull(),
  createdBy: text('created_by').notNull().default('seed'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** Reviews of a seller, left by buyers after a trade (the order flow writes them; demo data seeds them). */
export const goodsComments = pgTable(
  'goods_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    goodsId: bigint('goods_id', { mode: 'number' }).references(() => goods.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    rating: integer('rating').notNull(),
    content: text('content').notNull(),
    tags: text('tags').array().$type<CommentTag[]>().notNull(),
    /** The completed order the buyer evaluated (orders.id); rows without one (older demo data) are not shown. */
    orderId: bigint('order_id', { mode: 'number' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('goods_comments_seller_idx').on(table.sellerId, table.createdAt.desc(), table.id.desc()),
    uniqueIndex('goods_comments_order_key')
      .on(table.orderId)
      .where(sql`${table.orderId} is not null`),
  ],
);

export const goodsQrTickets = pgTable('goods_qr_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  goodsId: bigint('goods_id', { mode: 'number' })
    .notNull()
    .references(() => goods.id),
  expiresAt: timestamptz('expires_at').notNull(),
  scannedAt: timestamptz('scanned_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const goodsFavourites = pgTable(
  'goods_favourites',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    goodsId: bigint('goods_id', { mode: 'number' })
      .notNull()
      .references(() => goods.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.goodsId] }),
    index('goods_favourites_user_idx').on(table.userId, table.createdAt.desc()),
  ],
);

/**
 * One row per viewer (user, else signed device, else address), listing and China day: a view is
 * counted only when its row is new, so repeating a request does not inflate views and the heat sort.
 * Rows of past days are only history; a periodic job may delete them.
 */
export const goodsViewMarks = pgTable(
  'goods_view_marks',
  {
    goodsId: bigint('goods_id', { mode: 'number' })
      .notNull()
      .references(() => goods.id),
    viewer: text('viewer').notNull(),
    day: text('day').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.goodsId, table.viewer, table.day] })],
);

/** Footprints (足迹) of a viewer, which are also the visitors (访客) of the seller. */
export const goodsFootprints = pgTable(
  'goods_footprints',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    goodsId: bigint('goods_id', { mode: 'number' })
      .notNull()
      .references(() => goods.id),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    visits: integer('visits').notNull().default(1),
    lastVisitedAt: timestamptz('last_visited_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.goodsId] }),
    index('goods_footprints_user_idx').on(table.userId, table.lastVisitedAt.desc()),
    index('goods_footprints_seller_idx').on(table.sellerId, table.lastVisitedAt.desc()),
  ],
);

export const storeFollows = pgTable(
  'store_follows',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    sellerId: bigint('seller_id', { mode: 'number' })
      .notNull()
      .references(() => stores.userId),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.sellerId] }),
    index('store_follows_user_idx').on(table.userId, table.createdAt.desc()),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../identity/tables.ts';
import { games } from '../catalogue/tables.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * What a coupon is worth and who may claim it. Validity is either a fixed window
 * (`valid_from`..`valid_until`) or `valid_days` after the claim. `claimed` counts coupons handed
 * out; the CHECK keeps it within `stock_total` whatever the concurrency.
 */
export const couponTemplates = pgTable(
  'coupon_templates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Stable name for seeded templates (`new_user_10`); null for others. */
    code: text('code').unique(),
    name: text('name').notNull(),
    /** `new_user`: part of the new-user package; `hall`: claimable in the coupon hall. */
    channel: text('channel', { enum: ['new_user', 'hall'] }).notNull(),
    /** Fen. */
    amountOff: bigint('amount_off', { mode: 'number' }).notNull(),
    /** Fen the order must reach; 0 = no threshold. */
    threshold: bigint('threshold', { mode: 'number' }).notNull().default(0),
    /** Null: every game. */
    gameId: integer('game_id').references(() => games.id),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    validDays: integer('valid_days'),
    stockTotal: integer('stock_total').notNull(),
    claimed: integer('claimed').notNull().default(0),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    check('coupon_templates_channel_check', sql`${table.channel} in ('new_user', 'hall')`),
    check('coupon_templates_amount_check', sql`${table.amountOff} > 0 and ${table.threshold} >= 0`),
    check(
      'coupon_templates_validity_check',
      sql`(${table.validDays} is not null and ${table.validDays} > 0 and ${table.validFrom} is null and ${table.validUntil} is null)
        or (${table.validDays} is null and ${table.validFrom} is not null and ${table.validUntil} > ${table.validFrom})`,
    ),
    check(
      'coupon_templates_stock_check',
      sql`${table.claimed} >= 0 and ${table.claimed} <= ${table.stockTotal}`,
    ),
  ],
);

/**
 * A user's coupon: the template's terms copied at claim time (a later template change does not
 * alter a coupon already held). `usable` → `locked` (an order holds it) → `used`, or back to
 * `usable` when the order is cancelled. Expiry is `valid_until`, not a state written by a job.
 */
export const userCoupons = pgTable(
  'user_coupons',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    templateId: bigint('template_id', { mode: 'number' })
      .notNull()
      .references(() => couponTemplates.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    amountOff: bigint('amount_off', { mode: 'number' }).notNull(),
    threshold: bigint('threshold', { mode: 'number' }).notNull(),
    gameId: integer('game_id').references(() => games.id),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['usable', 'locked', 'used'] })
      .notNull()
      .default('usable'),
    orderId: text('order_id'),
    /** Fen: the order amount the coupon was locked against. */
    orderAmount: bigint('order_amount', { mode: 'number' }),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    claimedAt: createdAt(),
  },
  (table) => [
    uniqueIndex('user_coupons_user_template_key').on(table.userId, table.templateId),
    index('user_coupons_user_status_idx').on(table.userId, table.status, table.validUntil),
    check('user_coupons_status_check', sql`${table.status} in ('usable', 'locked', 'used')`),
    check('user_coupons_order_check', sql`(${table.status} = 'usable') = (${table.orderId} is null)`),
  ],
);

/** The new-user package is claimed once per user: this row is the proof. */
export const couponPackageClaims = pgTable('coupon_package_claims', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  createdAt: createdAt(),
});

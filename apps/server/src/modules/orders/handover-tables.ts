import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { OrderRole, OrderState } from '@haoshi/contracts';
import { orders } from './tables.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
const orderId = () =>
  bigint('order_id', { mode: 'number' })
    .notNull()
    .references(() => orders.id);
/** A user id; the user is reached through the order's buyer and seller, which carry the foreign keys. */
const userId = (name: string) => bigint(name, { mode: 'number' });

/**
 * The login details of an order, sealed with AES-256-GCM (handover-crypto.ts): base64 IV, tag and
 * ciphertext, and the id of the key that sealed them, so keys can be rotated. The plaintext never
 * reaches the database; `account_masked` is what the panels show before a reveal.
 */
export const orderCredentials = pgTable('order_credentials', {
  orderId: orderId().primaryKey(),
  keyId: text('key_id').notNull(),
  iv: text('iv').notNull(),
  tag: text('tag').notNull(),
  ciphertext: text('ciphertext').notNull(),
  accountMasked: text('account_masked').notNull(),
  submittedBy: userId('submitted_by').notNull(),
  submittedAt: timestamptz('submitted_at').notNull(),
});

/** Every reveal of an order's login details (who, when, in which role, from where). Append-only. */
export const orderCredentialReveals = pgTable(
  'order_credential_reveals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: orderId(),
    userId: userId('user_id').notNull(),
    role: text('role').$type<OrderRole>().notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('order_credential_reveals_order_idx').on(table.orderId, table.id)],
);

/** Verification videos attached to an order (uploads with purpose `order_video`). */
export const orderVideos = pgTable(
  'order_videos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: orderId(),
    userId: userId('user_id').notNull(),
    role: text('role').$type<OrderRole>().notNull(),
    key: text('key').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [uniqueIndex('order_videos_key').on(table.key)],
);

/** The rebinding checklist of an order, derived from its listing's bindings when rebinding starts. */
export const orderRebindingSteps = pgTable(
  'order_rebinding_steps',
  {
    orderId: orderId(),
    key: text('key').notNull(),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    hint: text('hint').notNull(),
    required: boolean('required').notNull(),
    sellerDoneAt: timestamptz('seller_done_at'),
    sellerNote: text('seller_note').notNull().default(''),
    confirmedAt: timestamptz('confirmed_at'),
    confirmedBy: userId('confirmed_by'),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.key] })],
);

/** Urges (催单) on an order; `china_day` (YYYY-MM-DD, UTC+8) counts the daily limit. */
export const orderUrges = pgTable(
  'order_urges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: orderId(),
    fromUserId: userId('from_user_id').notNull(),
    fromRole: text('from_role').$type<OrderRole>().notNull(),
    toRole: text('to_role').$type<OrderRole>().notNull(),
    state: text('state').$type<OrderState>().notNull(),
    note: text('note').notNull().default(''),
    chinaDay: text('china_day').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('order_urges_order_idx').on(table.orderId, table.fromUserId, table.chinaDay),
    index('order_urges_from_idx').on(table.fromUserId, table.id.desc()),
  ],
);

/** The one decision on liquidated damages of an order (staff), and the money it moved. */
export const orderDamages = pgTable(
  'order_damages',
  {
    orderId: orderId().primaryKey(),
    party: text('party').$type<'seller' | 'buyer'>().notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    decidedBy: userId('decided_by').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    check('order_damages_amount_check', sql`${table.amountFen} > 0`),
    check('order_damages_party_check', sql`${table.party} in ('seller', 'buyer')`),
  ],
);

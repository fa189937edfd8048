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
import { users } from '../identity/tables.ts';

const channels = ['wechat', 'alipay'] as const;

/** Our side of a recharge: one payment order at the provider, credited once when paid. */
export const recharges = pgTable(
  'recharges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Our order number, sent to the provider as out_trade_no. */
    orderNo: text('order_no').notNull().unique(),
    /** Who pays (and sees the order). */
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** Whose wallet receives the money: the payer, or another user for 代充. */
    beneficiaryId: bigint('beneficiary_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    channel: text('channel', { enum: channels }).notNull(),
    status: text('status', { enum: ['pending', 'paid', 'closed'] })
      .notNull()
      .default('pending'),
    /** The provider's transaction id, once paid. */
    transactionId: text('transaction_id'),
    creditTransferId: bigint('credit_transfer_id', { mode: 'number' }),
    cashierUrl: text('cashier_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    lastQueriedAt: timestamp('last_queried_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('recharges_channel_transaction_idx').on(table.channel, table.transactionId),
    index('recharges_user_created_idx').on(table.userId, table.createdAt),
    index('recharges_pending_idx')
      .on(table.createdAt)
      .where(sql`status = 'pending'`),
    check('recharges_amount_positive', sql`${table.amount} > 0`),
    check(
      'recharges_paid_consistent',
      sql`(${table.status} = 'paid') = (${table.transactionId} is not null and ${table.creditTransferId} is not null and ${table.paidAt} is not null)`,
    ),
  ],
);

/** The sandbox gateway's own books (it would be WeChat Pay's or Alipay's database). */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Random, unguessable: names the cashier page. */
    prepayId: text('prepay_id').notNull().unique(),
    channel: text('channel', { enum: channels }).notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('CNY'),
    subject: text('subject').notNull(),
    notifyUrl: text('notify_url').notNull(),
    returnPath: text('return_path').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'closed'] })
      .notNull()
      .default('pending'),
    transactionId: text('transaction_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('sandbox_payments_channel_trade_idx').on(table.channel, table.outTradeNo)],
);

/** The gateway's durable notify queue: one row per paid payment until the merchant acknowledges. */
export const sandboxNotifyOutbox = pgTable(
  'sandbox_notify_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => sandboxPayments.id),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Gave up after the whole schedule (a day) without an acknowledgement. */
    abandonedAt: timestamp('abandoned_at', { withTimezone: true }),
    lastError: text('last_error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sandbox_notify_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`delivered_at is null and abandoned_at is null`),
  ],
);

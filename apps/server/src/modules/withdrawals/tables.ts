import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { withdrawalModes, withdrawalStatuses } from '@haoshi/contracts';
import { users } from '../identity/tables.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One withdrawal request. `amount_fen` is frozen when it is created; on success `received_fen`
 * goes to payout clearing and `fee_fen` to the platform fee account (amount = received + fee).
 * The payout method is copied (masked) so later edits of the method do not rewrite history.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    mode: text('mode', { enum: withdrawalModes }).notNull(),
    status: text('status', { enum: withdrawalStatuses }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
    receivedFen: bigint('received_fen', { mode: 'number' }).notNull(),
    payoutMethodId: bigint('payout_method_id', { mode: 'number' }).notNull(),
    methodType: text('method_type', { enum: ['bank', 'alipay', 'wechat'] }).notNull(),
    accountMasked: text('account_masked').notNull(),
    holderName: text('holder_name').notNull(),
    /** China-time day (YYYY-MM-DD) of an automatic withdrawal: at most one per user and day. */
    autoDay: text('auto_day'),
    rejectReasonCode: text('reject_reason_code'),
    rejectReason: text('reject_reason').notNull().default(''),
    reviewerNote: text('reviewer_note').notNull().default(''),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => users.id),
    reviewedAt: timestamptz('reviewed_at'),
    failureReason: text('failure_reason').notNull().default(''),
    paidAt: timestamptz('paid_at'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('withdrawals_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('withdrawals_status_created_idx').on(table.status, table.createdAt, table.id),
    uniqueIndex('withdrawals_auto_day_key')
      .on(table.userId, table.autoDay)
      .where(sql`${table.autoDay} is not null`),
    check('withdrawals_amount_check', sql`${table.amountFen} > 0 and ${table.feeFen} >= 0`),
    check(
      'withdrawals_split_check',
      sql`${table.receivedFen} > 0 and ${table.receivedFen} + ${table.feeFen} = ${table.amountFen}`,
    ),
  ],
);

/** 自动提现 settings: when available > threshold, withdraw available − keep, once per day. */
export const autoWithdrawalSettings = pgTable(
  'auto_withdrawal_settings',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    enabled: boolean('enabled').notNull(),
    thresholdFen: bigint('threshold_fen', { mode: 'number' }).notNull(),
    keepFen: bigint('keep_fen', { mode: 'number' }).notNull(),
    payoutMethodId: bigint('payout_method_id', { mode: 'number' }).notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('auto_withdrawal_settings_enabled_idx')
      .on(table.userId)
      .where(sql`${table.enabled}`),
    check(
      'auto_withdrawal_settings_amounts_check',
      sql`${table.thresholdFen} > 0 and ${table.keepFen} >= 0 and ${table.keepFen} <= ${table.thresholdFen}`,
    ),
  ],
);

/**
 * The built-in sandbox payout provider's own books: what it was asked to pay, and what became of
 * it. It stands for the bank / Alipay / WeChat side, so it keeps the masked account only.
 */
export const sandboxPayouts = pgTable(
  'sandbox_payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Our reference, unique: submitting the same payout twice returns the first. */
    merchantReference: text('merchant_reference').notNull().unique(),
    methodType: text('method_type').notNull(),
    accountMasked: text('account_masked').notNull(),
    holderName: text('holder_name').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['processing', 'succeeded', 'failed'] }).notNull(),
    /** Decided when submitted (the sandbox's test accounts fail), revealed when it completes. */
    willFail: boolean('will_fail').notNull(),
    failureReason: text('failure_reason').notNull().default(''),
    completeAfter: timestamptz('complete_after').notNull(),
    completedAt: timestamptz('completed_at'),
    /** When our side acknowledged the result; null: the result is still to be delivered. */
    acknowledgedAt: timestamptz('acknowledged_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('sandbox_payouts_due_idx')
      .on(table.completeAfter)
      .where(sql`${table.status} = 'processing'`),
    index('sandbox_payouts_unacknowledged_idx')
      .on(table.id)
      .where(sql`${table.status} <> 'processing' and ${table.acknowledgedAt} is null`),
  ],
);

import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { payoutMethodTypes } from '@haoshi/contracts';
import { users } from '../identity/tables.ts';

/**
 * Where a user's withdrawals are paid. The full account stays server-side for the payout
 * provider; every response shows account_masked. Deleting keeps the row (withdrawals refer to
 * it) and sets deleted_at; the unique index only covers live rows.
 */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: payoutMethodTypes }).notNull(),
    account: text('account').notNull(),
    accountMasked: text('account_masked').notNull(),
    holderName: text('holder_name').notNull(),
    bankName: text('bank_name'),
    /** WeChat receive code (an upload key of the existing upload flow). */
    qrImage: text('qr_image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('payout_methods_user_idx').on(table.userId, table.id),
    uniqueIndex('payout_methods_live_account_key')
      .on(table.userId, table.type, table.account)
      .where(sql`${table.deletedAt} is null`),
  ],
);

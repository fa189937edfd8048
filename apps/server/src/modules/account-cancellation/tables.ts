import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AccountCancellationState } from '@haoshi/contracts';
import { users } from '../identity/tables.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One request to cancel an account (its history is in process_transitions). At most one is open
 * per user; `complete_at` is when the cooling-off ends and the erasure job runs.
 */
export const accountCancellations = pgTable(
  'account_cancellations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    state: text('state').$type<AccountCancellationState>().notNull(),
    requestedAt: timestamptz('requested_at').notNull(),
    confirmedAt: timestamptz('confirmed_at'),
    completeAt: timestamptz('complete_at'),
    closedAt: timestamptz('closed_at'),
    withdrawReason: text('withdraw_reason').notNull().default(''),
  },
  (table) => [
    uniqueIndex('account_cancellations_open_key')
      .on(table.userId)
      .where(sql`${table.state} in ('requested', 'cooling_off')`),
    index('account_cancellations_user_idx').on(table.userId, table.id.desc()),
  ],
);

import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../identity/tables.ts';

export const feedback = pgTable(
  'feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    category: text('category', { enum: ['feature_request', 'bug', 'trade', 'account', 'other'] }).notNull(),
    content: text('content').notNull(),
    page: text('page').notNull().default(''),
    contact: text('contact').notNull().default(''),
    status: text('status', { enum: ['open', 'replied', 'closed'] })
      .notNull()
      .default('open'),
    reply: text('reply').notNull().default(''),
    /** Upload keys of the screenshots. */
    images: text('images').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('feedback_user_created_idx').on(table.userId, table.createdAt)],
);

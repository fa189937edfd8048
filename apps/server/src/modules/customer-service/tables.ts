import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ServiceSessionStatus, serviceRatingTags } from '@haoshi/contracts';
import { users } from '../identity/tables.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** Help-centre categories (担保交易, 找回包赔, 提现到账 …), ensured at every start. */
export const faqCategories = pgTable('faq_categories', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/** One help article: a question and its answer. `hot` ones are listed on the help centre's front. */
export const faqArticles = pgTable(
  'faq_articles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    slug: text('slug').notNull().unique(),
    categoryId: bigint('category_id', { mode: 'number' })
      .notNull()
      .references(() => faqCategories.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    hot: boolean('hot').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    views: integer('views').notNull().default(0),
  },
  (table) => [index('faq_articles_category_idx').on(table.categoryId, table.sort)],
);

/**
 * A user's request for a human (process `service_session`): queued → assigned (a staff took it) →
 * transferred (to another staff) → closed. `staff_id` is whoever serves it now.
 */
export const serviceSessions = pgTable(
  'service_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: text('status').$type<ServiceSessionStatus>().notNull(),
    question: text('question').notNull().default(''),
    /** The order asked about (the orders module's id; read through its public API). */
    orderId: bigint('order_id', { mode: 'number' }),
    staffId: bigint('staff_id', { mode: 'number' }).references(() => users.id),
    /** Whether any staff ever served it (only then may it be rated). */
    served: boolean('served').notNull().default(false),
    conversationId: bigint('conversation_id', { mode: 'number' }),
    createdAt: timestamptz('created_at').notNull(),
    assignedAt: timestamptz('assigned_at'),
    closedAt: timestamptz('closed_at'),
  },
  (table) => [
    // One open session per user: asking again returns it.
    uniqueIndex('service_sessions_open_user_key')
      .on(table.userId)
      .where(sql`${table.status} <> 'closed'`),
    index('service_sessions_queue_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'queued'`),
    index('service_sessions_staff_idx').on(table.staffId, table.status),
    index('service_sessions_user_idx').on(table.userId, table.id),
  ],
);

/** The user's rating of a served session: one per session; the staff may answer it once. */
export const serviceRatings = pgTable(
  'service_ratings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => serviceSessions.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    score: integer('score').notNull(),
    tags: jsonb('tags').$type<(typeof serviceRatingTags)[number][]>().notNull(),
    content: text('content').notNull().default(''),
    resolved: boolean('resolved').notNull(),
    reply: text('reply').notNull().default(''),
    createdAt: timestamptz('created_at').notNull(),
    repliedAt: timestamptz('replied_at'),
  },
  (table) => [
    check('service_ratings_score_check', sql`${table.score} between 1 and 5`),
    index('service_ratings_user_idx').on(table.userId, table.id),
    index('service_ratings_staff_idx').on(table.staffId, table.id),
  ],
);

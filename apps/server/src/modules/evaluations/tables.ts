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
  unique,
} from 'drizzle-orm/pg-core';
import type { EvaluationRole, EvaluationTag } from '@haoshi/contracts';
import { goods } from '../goods/tables.ts';
import { users } from '../identity/tables.ts';
import { orders } from '../orders/tables.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** One party's evaluation of the other after a completed order: once per order and role. */
export const evaluations = pgTable(
  'evaluations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    goodsId: bigint('goods_id', { mode: 'number' })
      .notNull()
      .references(() => goods.id),
    authorId: bigint('author_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    authorRole: text('author_role').$type<EvaluationRole>().notNull(),
    /** The party evaluated. */
    subjectId: bigint('subject_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    stars: integer('stars').notNull(),
    serviceStars: integer('service_stars').notNull(),
    tags: text('tags').array().$type<EvaluationTag[]>().notNull(),
    content: text('content').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    unique('evaluations_order_role_key').on(table.orderId, table.authorRole),
    index('evaluations_subject_idx').on(table.subjectId, table.createdAt.desc(), table.id.desc()),
    index('evaluations_author_idx').on(table.authorId, table.createdAt.desc()),
    check(
      'evaluations_stars_check',
      sql`${table.stars} between 1 and 5 and ${table.serviceStars} between 1 and 5`,
    ),
  ],
);

/** 评价返现 paid: at most one per order (the ledger's idempotency key says the same). */
export const evaluationCashbacks = pgTable('evaluation_cashbacks', {
  orderId: bigint('order_id', { mode: 'number' })
    .primaryKey()
    .references(() => orders.id),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
  createdAt: timestamptz('created_at').notNull(),
});

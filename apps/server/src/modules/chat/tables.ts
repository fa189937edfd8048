import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  ConversationStatus,
  ConversationType,
  MemberRole,
  MessageContent,
  MessageKind,
} from '@haoshi/contracts';
import { users } from '../identity/tables.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A conversation. `last_seq` is the seq of its newest message: a send locks this row, takes
 * last_seq + 1 and stores the message in the same transaction, so seqs have no gaps or repeats.
 * A private conversation is one per pair of users (`pair_key` = "small:large").
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').$type<ConversationType>().notNull(),
    status: text('status').$type<ConversationStatus>().notNull().default('open'),
    pairKey: text('pair_key'),
    title: text('title').notNull().default(''),
    /** What the private conversation was last opened about (listing, order), or the group's order. */
    goodsId: bigint('goods_id', { mode: 'number' }),
    orderId: bigint('order_id', { mode: 'number' }),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamptz('last_message_at').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('chat_conversations_pair_idx').on(table.pairKey),
    uniqueIndex('chat_conversations_order_group_idx')
      .on(table.orderId)
      .where(sql`${table.type} = 'group'`),
  ],
);

/** Who is in a conversation and how far they have read (and received). `left_at` set: gone. */
export const chatMembers = pgTable(
  'chat_members',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversations.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    role: text('role').$type<MemberRole>().notNull(),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    lastAckedSeq: bigint('last_acked_seq', { mode: 'number' }).notNull().default(0),
    muted: boolean('muted').notNull().default(false),
    joinedAt: timestamptz('joined_at').notNull(),
    leftAt: timestamptz('left_at'),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index('chat_members_user_idx').on(table.userId),
  ],
);

/** Messages, each with its conversation's seq; a sender's client_msg_id stores a send once. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversations.id),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    senderId: bigint('sender_id', { mode: 'number' }).references(() => users.id),
    clientMsgId: text('client_msg_id'),
    kind: text('kind').$type<MessageKind>().notNull(),
    content: jsonb('content').$type<MessageContent>().notNull(),
    flagged: boolean('flagged').notNull().default(false),
    createdAt: timestamptz('created_at').notNull(),
    recalledAt: timestamptz('recalled_at'),
  },
  (table) => [
    uniqueIndex('chat_messages_seq_idx').on(table.conversationId, table.seq),
    uniqueIndex('chat_messages_client_idx').on(table.senderId, table.clientMsgId),
    index('chat_messages_sender_time_idx').on(table.senderId, table.createdAt),
  ],
);

/** `userId` refuses messages from `blockedUserId`. */
export const chatBlocks = pgTable(
  'chat_blocks',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    blockedUserId: bigint('blocked_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.blockedUserId] })],
);

/** Reports of a conversation or message, kept for staff until the reports module takes them. */
export const chatReports = pgTable(
  'chat_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reporterId: bigint('reporter_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => chatConversations.id),
    seq: bigint('seq', { mode: 'number' }),
    reportedUserId: bigint('reported_user_id', { mode: 'number' }).references(() => users.id),
    reason: text('reason').notNull(),
    detail: text('detail').notNull(),
    status: text('status').$type<'open' | 'handled'>().notNull().default('open'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('chat_reports_reporter_idx').on(table.reporterId, table.createdAt)],
);

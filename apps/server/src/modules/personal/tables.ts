import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Gender, NoticeTopic, ProfileField, ThirdPartyProvider, WxPushStatus } from '@haoshi/contracts';
import { users } from '../identity/tables.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
const userId = () =>
  bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id);

/** Profile fields beyond the account's nickname and avatar (those stay with identity). */
export const userProfiles = pgTable('user_profiles', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  gender: text('gender').$type<Gender>().notNull().default('unknown'),
  /** YYYY-MM-DD. */
  birthday: text('birthday'),
  provinceCode: text('province_code').notNull().default(''),
  cityCode: text('city_code').notNull().default(''),
  updatedAt: timestamptz('updated_at').notNull(),
});

/** Every profile change (资料修改记录): who, what, from, to, from where. Append-only. */
export const profileChanges = pgTable(
  'profile_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userId(),
    field: text('field').$type<ProfileField>().notNull(),
    oldValue: text('old_value').notNull(),
    newValue: text('new_value').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('profile_changes_user_idx').on(table.userId, table.id.desc())],
);

/** A third-party account bound to a user: one per provider and user, one user per third-party account. */
export const thirdPartyBindings = pgTable(
  'third_party_bindings',
  {
    userId: userId(),
    provider: text('provider').$type<ThirdPartyProvider>().notNull(),
    openid: text('openid').notNull(),
    nickname: text('nickname').notNull(),
    boundAt: timestamptz('bound_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.provider] }),
    uniqueIndex('third_party_bindings_openid_key').on(table.provider, table.openid),
  ],
);

/** The `state` of a binding in progress: only its user may finish it, once, before it expires. */
export const bindStates = pgTable('bind_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: userId(),
  provider: text('provider').$type<ThirdPartyProvider>().notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
});

/**
 * The built-in OAuth-style provider's own grants (it plays the third party): a code the user's
 * approval produced, exchanged once for the third-party account it names.
 */
export const builtinOauthGrants = pgTable('builtin_oauth_grants', {
  codeHash: text('code_hash').primaryKey(),
  provider: text('provider').$type<ThirdPartyProvider>().notNull(),
  openid: text('openid').notNull(),
  nickname: text('nickname').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
});

/** WeChat notice topics the user turned off or on; no row means on. */
export const noticeSubscriptions = pgTable(
  'notice_subscriptions',
  {
    userId: userId(),
    topic: text('topic').$type<NoticeTopic>().notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.topic] })],
);

/**
 * WeChat pushes (微信推送): one row per inbox notice the user subscribed to, written in the notice's
 * transaction as `pending`; the delivery job hands it to the push provider and records the outcome.
 * The built-in provider delivers on this machine, so these rows are the pushes.
 */
export const wxPushOutbox = pgTable(
  'wx_push_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userId(),
    /** The inbox notice pushed (one push per notice). */
    notificationId: bigint('notification_id', { mode: 'number' }).notNull(),
    topic: text('topic').$type<NoticeTopic>().notNull(),
    /** The bound WeChat account it goes to. */
    openid: text('openid').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    status: text('status').$type<WxPushStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    createdAt: timestamptz('created_at').notNull(),
    deliveredAt: timestamptz('delivered_at'),
  },
  (table) => [
    uniqueIndex('wx_push_outbox_notification_key').on(table.notificationId),
    index('wx_push_outbox_user_idx').on(table.userId, table.id.desc()),
    index('wx_push_outbox_pending_idx')
      .on(table.id)
      .where(sql`${table.status} = 'pending'`),
  ],
);

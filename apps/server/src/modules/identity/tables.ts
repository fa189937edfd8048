import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull().unique(),
    nickname: text('nickname').notNull(),
    avatar: text('avatar').notNull().default(''),
    status: text('status', { enum: ['active', 'disabled', 'cancelled'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
  },
  // The few disabled accounts, found without reading every user (the listings' sweep).
  (table) => [
    index('users_disabled_idx')
      .on(table.id)
      .where(sql`${table.status} = 'disabled'`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    role: text('role').notNull(),
    grantedAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.role] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    tokenIssuedAt: timestamp('token_issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The token replaced by the last rotation stays valid until this instant (parallel requests). */
    previousTokenHash: text('previous_token_hash'),
    previousValidUntil: timestamp('previous_valid_until', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    deviceId: text('device_id'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_previous_token_hash_idx').on(table.previousTokenHash),
    index('sessions_user_id_idx').on(table.userId),
  ],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    scene: text('scene').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    wrongAttempts: integer('wrong_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when used, superseded by a newer code, or killed by too many wrong tries. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('sms_codes_phone_created_idx').on(table.phone, table.createdAt),
    index('sms_codes_ip_created_idx').on(table.ip, table.createdAt),
  ],
);

export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    scene: text('scene').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sms_outbox_phone_idx').on(table.phone, table.id)],
);

export const qrLoginTickets = pgTable('qr_login_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  state: text('state', { enum: ['waiting', 'scanned', 'confirmed', 'cancelled', 'consumed'] })
    .notNull()
    .default('waiting'),
  requesterIp: text('requester_ip').notNull(),
  requesterUserAgent: text('requester_user_agent').notNull(),
  approverUserId: bigint('approver_user_id', { mode: 'number' }).references(() => users.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const devices = pgTable('devices', {
  id: text('id').primaryKey(),
  package: text('package').notNull(),
  fingerprint: text('fingerprint').notNull().default(''),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
  userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
  firstSeenAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

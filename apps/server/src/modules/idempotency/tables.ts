import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Idempotency-Key of money-moving HTTP writes: the first request's fingerprint and response. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `user:<id>` for a logged-in caller, else `ip:<address>`. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** sha256 of method, URL and canonical body. */
    fingerprint: text('fingerprint').notNull(),
    state: text('state', { enum: ['in_flight', 'done'] }).notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    response: text('response'),
    /** When the current attempt started; an in-flight claim older than the stale limit is taken over. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);

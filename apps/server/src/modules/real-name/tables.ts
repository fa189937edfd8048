import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../identity/tables.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * One verified identity per user. Only what later steps need is kept: the name and ID number
 * masked for display, and keyed hashes (HMAC) to match a payout holder name and to stop one
 * ID number verifying several accounts. The full ID number is never stored.
 */
export const realNameVerifications = pgTable(
  'real_name_verifications',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    nameMasked: text('name_masked').notNull(),
    nameHash: text('name_hash').notNull(),
    idNumberMasked: text('id_number_masked').notNull(),
    idNumberHash: text('id_number_hash').notNull(),
    provider: text('provider').notNull(),
    verifiedAt: createdAt(),
  },
  (table) => [uniqueIndex('real_name_verifications_id_number_hash_key').on(table.idNumberHash)],
);

/** Every submission, counted for the daily limit (outcome only; no name or ID number). */
export const realNameAttempts = pgTable(
  'real_name_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    outcome: text('outcome').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('real_name_attempts_user_created_idx').on(table.userId, table.createdAt)],
);

/** Audit trail of phone changes (the bound phone itself is users.phone). */
export const phoneBindingChanges = pgTable(
  'phone_binding_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    oldPhoneMasked: text('old_phone_masked').notNull(),
    newPhoneMasked: text('new_phone_masked').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('phone_binding_changes_user_created_idx').on(table.userId, table.createdAt)],
);

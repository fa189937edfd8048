import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sincerityHoldStatuses, sincerityKinds, sincerityMovementTypes } from '@haoshi/contracts';
import { users } from '../identity/tables.ts';
import { ledgerTransfers } from '../ledger/tables.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * One holding per (user, kind): the part of the ledger's platform-wide `deposit` account that is
 * this user's. Every change of `held` is exactly one ledger transfer, recorded as a movement in the
 * same transaction, so the sum of all holdings always equals the deposit account's balance.
 */
export const sincerityHoldings = pgTable(
  'sincerity_holdings',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: sincerityKinds }).notNull(),
    /** Fen. */
    held: bigint('held', { mode: 'number' }).notNull().default(0),
    /** Counts changes; names the next movement's ledger key (`sincerity:<user>:<kind>:<version>`). */
    version: integer('version').notNull().default(0),
    updatedAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind] }),
    check('sincerity_holdings_kind_check', sql`${table.kind} in (${list(sincerityKinds)})`),
    check('sincerity_holdings_held_check', sql`${table.held} >= 0`),
  ],
);

/** Append-only history of a holding; one row per ledger transfer. */
export const sincerityMovements = pgTable(
  'sincerity_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: sincerityKinds }).notNull(),
    type: text('type', { enum: sincerityMovementTypes }).notNull(),
    /** Fen, signed from the holding's side. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    heldAfter: bigint('held_after', { mode: 'number' }).notNull(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('sincerity_movements_transfer_key').on(table.transferId),
    index('sincerity_movements_user_idx').on(table.userId, table.id),
    check('sincerity_movements_type_check', sql`${table.type} in (${list(sincerityMovementTypes)})`),
    check('sincerity_movements_amount_check', sql`${table.amount} <> 0 and ${table.heldAfter} >= 0`),
  ],
);

/**
 * An order or listing the deposit backs. The order flow attaches one (`attachHold`) when the order
 * opens and releases it when the order ends; while any is open the holding cannot be closed.
 */
export const sincerityHolds = pgTable(
  'sincerity_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: sincerityKinds }).notNull(),
    /** `order`, `goods`, `recovery` … */
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    title: text('title').notNull().default(''),
    status: text('status', { enum: sincerityHoldStatuses }).notNull().default('open'),
    createdAt: createdAt(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sincerity_holds_reference_key').on(table.kind, table.referenceType, table.referenceId),
    index('sincerity_holds_user_idx').on(table.userId, table.status, table.id),
    check('sincerity_holds_status_check', sql`${table.status} in (${list(sincerityHoldStatuses)})`),
  ],
);

/**
 * A deduction raised against a holding (by the dispute flow): `pending` keeps the holding from being
 * closed, `settled` moved the money to the compensation pool, `waived` dropped it.
 */
export const sincerityPenalties = pgTable(
  'sincerity_penalties',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: sincerityKinds }).notNull(),
    /** Fen. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    status: text('status', { enum: ['pending', 'settled', 'waived'] })
      .notNull()
      .default('pending'),
    movementId: bigint('movement_id', { mode: 'number' }).references(() => sincerityMovements.id),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sincerity_penalties_reference_key').on(table.kind, table.referenceType, table.referenceId),
    index('sincerity_penalties_user_idx').on(table.userId, table.kind, table.status),
    check('sincerity_penalties_amount_check', sql`${table.amount} > 0`),
    check(
      'sincerity_penalties_status_check',
      sql`(${table.status} = 'settled') = (${table.movementId} is not null)`,
    ),
  ],
);

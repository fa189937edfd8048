import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../identity/tables.ts';
import {
  ACCOUNT_KIND_SLOTS,
  accountKindCodes,
  accountKinds,
  ESCROW_SHARDS,
  nonNegativeAccountKinds,
  userAccountKinds,
} from './accounts.ts';

const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
const slots = sql.raw(String(ACCOUNT_KIND_SLOTS));
const kindCode = sql.raw(
  `case kind ${Object.entries(accountKindCodes)
    .map(([kind, code]) => `when '${kind}' then ${code}`)
    .join(' ')} end`,
);

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type TransferMetadata = { [key: string]: JsonValue };

/**
 * One row per ledger account. Sign convention: a transfer of `amount` from its debit account to its
 * credit account does debit.balance -= amount, credit.balance += amount, so the balances of all
 * accounts always sum to zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    /** Derived: user_id * 16 + kind code, or an escrow shard's shard * 16 + 3 (see accounts.ts). */
    id: bigint('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: accountKinds }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    /** Fen. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    mayGoNegative: boolean('may_go_negative').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Not a unique constraint: the id check below already makes (user, kind) unique through the primary
    // key, and a second unique index is not an arbiter of the posting's ON CONFLICT (id): two postings
    // creating the same account at once made the later fail with 23505 instead of waiting and adding.
    index('ledger_accounts_user_kind_idx').on(table.userId, table.kind),
    check('ledger_accounts_kind_check', sql`${table.kind} in (${list(accountKinds)})`),
    check(
      'ledger_accounts_owner_check',
      sql`(${table.userId} is not null) = (${table.kind} in (${list(userAccountKinds)}))`,
    ),
    check(
      'ledger_accounts_id_check',
      sql`${table.id} = coalesce(${table.userId}, 0) * ${slots} + ${kindCode} or (${table.kind} = 'escrow' and ${table.id} % ${slots} = ${sql.raw(String(accountKindCodes.escrow))} and ${table.id} / ${slots} < ${sql.raw(String(ESCROW_SHARDS))})`,
    ),
    check(
      'ledger_accounts_policy_check',
      sql`${table.mayGoNegative} = (${table.kind} not in (${list(nonNegativeAccountKinds)}))`,
    ),
    check('ledger_accounts_balance_check', sql`${table.mayGoNegative} or ${table.balance} >= 0`),
  ],
);

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE); a correction is a new transfer. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    debitAccountId: bigint('debit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: bigint('credit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Fen. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** What the movement is, e.g. `order.pay`, `withdrawal.payout`, `manual.credit`. */
    kind: text('kind').notNull(),
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    metadata: jsonb('metadata').$type<TransferMetadata>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_transfers_idempotency_key_key').on(table.idempotencyKey),
    index('ledger_transfers_debit_idx').on(table.debitAccountId, table.id),
    index('ledger_transfers_credit_idx').on(table.creditAccountId, table.id),
    index('ledger_transfers_reference_idx').on(table.referenceType, table.referenceId),
    check('ledger_transfers_amount_check', sql`${table.amount} > 0`),
    check('ledger_transfers_accounts_check', sql`${table.debitAccountId} <> ${table.creditAccountId}`),
  ],
);

import { count, desc, eq, inArray, or, sql, sum } from 'drizzle-orm';
import { ErrorCodes, type Page, type PageQuery } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { canonicalJson } from '../../lib/canonical-json.ts';
import { AppError } from '../../lib/errors.ts';
import { builtOnce, postgresErrorOf, preparedRows } from '../../lib/sql-rows.ts';
import { paddedForPlan } from '../../lib/turn-batch.ts';
import {
  accountIdOf,
  accountRefOf,
  ESCROW_SHARDS,
  userIdOf,
  type AccountRef,
  type SystemAccountKind,
} from './accounts.ts';
import { OVERDRAFT_CONSTRAINT, postingStatement, type PreparedTransfer } from './posting-sql.ts';
import { ledgerAccounts, ledgerTransfers, type TransferMetadata } from './tables.ts';

/**
 * The one way money moves. Every function takes the caller's executor (normally its open
 * transaction), so a transfer commits or rolls back together with the business change around it.
 */

export interface TransferInput {
  /** Loses `amount`. */
  debit: AccountRef;
  /** Gains `amount`. */
  credit: AccountRef;
  /** Fen, a positive integer. */
  amount: number;
  /** What the movement is: lowercase words joined by `.` or `_`, e.g. `order.escrow_in`. */
  kind: string;
  /** The business object the movement belongs to, e.g. `{ type: 'order', id: 42 }`. */
  reference: { type: string; id: string | number };
  /**
   * Unique per intended movement, derived from the business event (`order:42:escrow_in`), never
   * random per attempt: a retry with the same key and parameters returns the first transfer.
   */
  idempotencyKey: string;
  metadata?: TransferMetadata;
}

export interface Transfer {
  id: number;
  debitAccountId: number;
  creditAccountId: number;
  amount: number;
  kind: string;
  reference: { type: string; id: string };
  idempotencyKey: string;
  metadata: TransferMetadata;
  createdAt: Date;
  /** True when this key had already been posted with the same parameters: nothing moved now. */
  replayed: boolean;
}

const kindPattern = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/;
const invalid = (message: string) => new AppError(ErrorCodes.VALIDATION_FAILED, message);

function checkAccount(ref: AccountRef) {
  const userId = userIdOf(ref);
  if (userId !== null && !(Number.isSafeInteger(userId) && userId > 0)) throw invalid('账户所属用户无效');
  if ('shard' in ref && !(Number.isInteger(ref.shard) && ref.shard >= 0 && ref.shard < ESCROW_SHARDS))
    throw invalid('托管分账户无效');
}

function prepare(input: TransferInput): PreparedTransfer {
  checkAccount(input.debit);
  checkAccount(input.credit);
  const debitAccountId = accountIdOf(input.debit);
  const creditAccountId = accountIdOf(input.credit);
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw invalid('转账金额须为正整数（分）');
  if (debitAccountId === creditAccountId) throw invalid('转出账户与转入账户不能相同');
  if (input.kind.length > 64 || !kindPattern.test(input.kind)) throw invalid(`转账类型无效：${input.kind}`);
  const referenceId = String(input.reference.id);
  if (!input.reference.type || input.reference.type.length > 64 || !referenceId || referenceId.length > 128) {
    throw invalid('转账关联对象无效');
  }
  if (!input.idempotencyKey || input.idempotencyKey.length > 200) throw invalid('幂等键须为 1–200 个字符');
  const metadata = input.metadata ?? {};
  return {
    debit: input.debit,
    credit: input.credit,
    debitAccountId,
    creditAccountId,
    amount: input.amount,
    kind: input.kind,
    referenceType: input.reference.type,
    referenceId,
    idempotencyKey: input.idempotencyKey,
    metadata,
    metadataJson: canonicalJson(metadata),
  };
}

const toTransfer = (row: PreparedTransfer, id: number, createdAt: Date, replayed: boolean): Transfer => ({
  id,
  debitAccountId: row.debitAccountId,
  creditAccountId: row.creditAccountId,
  amount: row.amount,
  kind: row.kind,
  reference: { type: row.referenceType, id: row.referenceId },
  idempotencyKey: row.idempotencyKey,
  metadata: row.metadata,
  createdAt,
  replayed,
});

const sameParameters = (row: PreparedTransfer, stored: typeof ledgerTransfers.$inferSelect) =>
  stored.debitAccountId === row.debitAccountId &&
  stored.creditAccountId === row.creditAccountId &&
  stored.amount === row.amount &&
  stored.kind === row.kind &&
  stored.referenceType === row.referenceType &&
  stored.referenceId === row.referenceId &&
  canonicalJson(stored.metadata) === row.metadataJson;

/**
 * Posts transfers atomically: all or none. Balances are checked on the net effect of the batch.
 * Throws AppError INSUFFICIENT_BALANCE (4001) when an account that may not go negative would, and
 * IDEMPOTENCY_KEY_REUSED (1006) when a key was already posted with other parameters. After a throw
 * the transaction must be abandoned (let the error propagate, or post inside `tx.transaction()`).
 */
export async function postMany(tx: Executor, inputs: TransferInput[]): Promise<Transfer[]> {
  const rows = inputs.map(prepare);
  if (rows.length === 0) return [];
  if (new Set(rows.map((row) => row.idempotencyKey)).size !== rows.length)
    throw invalid('同一批转账中幂等键重复');

  const { name, text, params } = postingStatement(rows);
  let inserted: { id: number | string; idempotency_key: string; created_at: Date | string }[];
  try {
    inserted = await preparedRows(tx, name, text, params);
  } catch (error) {
    const cause = postgresErrorOf(error);
    if (cause?.code === '23514' && cause.constraint === OVERDRAFT_CONSTRAINT) {
      throw new AppError(ErrorCodes.INSUFFICIENT_BALANCE);
    }
    throw error;
  }

  const fresh = new Map(inserted.map((row) => [row.idempotency_key, row]));
  const replayedKeys = rows.filter((row) => !fresh.has(row.idempotencyKey)).map((row) => row.idempotencyKey);
  const firstPostings = replayedKeys.length
    ? await tx.select().from(ledgerTransfers).where(inArray(ledgerTransfers.idempotencyKey, replayedKeys))
    : [];
  const stored = new Map(firstPostings.map((row) => [row.idempotencyKey, row]));

  return rows.map((row) => {
    const created = fresh.get(row.idempotencyKey);
    if (created) return toTransfer(row, Number(created.id), new Date(created.created_at), false);
    const first = stored.get(row.idempotencyKey);
    if (!first)
      throw new Error(`ledger: key ${row.idempotencyKey} conflicted but its transfer is not visible`);
    if (!sameParameters(row, first)) throw new AppError(ErrorCodes.IDEMPOTENCY_KEY_REUSED);
    return toTransfer(row, first.id, first.createdAt, true);
  });
}

/** Posts one transfer; see postMany. */
export async function post(tx: Executor, input: TransferInput): Promise<Transfer> {
  const [transfer] = await postMany(tx, [input]);
  if (!transfer) throw new Error('ledger: posting returned nothing');
  return transfer;
}

/** Fen; 0 for an account that has never moved money. */
export async function accountBalance(tx: Executor, ref: AccountRef): Promise<number> {
  const [row] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountIdOf(ref)));
  return row?.balance ?? 0;
}

/**
 * Locks these accounts until the transaction ends and answers their balances (fen, in the order
 * given; 0 for an account that never moved money, which has no row to lock). A posting refuses an
 * overdraft only of an account that may not go negative: a caller that must not overdraw one that
 * may (the compensation pool) checks its balance here, and the check holds until it commits. The
 * rows are locked in ascending id order, as postings lock them: name every account of a lower id
 * than those the transaction posts to afterwards, and take these locks before its first posting.
 */
export async function lockBalances(tx: Executor, refs: readonly AccountRef[]): Promise<number[]> {
  const ids = refs.map(accountIdOf);
  const rows = await tx
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [...new Set(ids)]))
    .orderBy(ledgerAccounts.id)
    .for('no key update');
  const byId = new Map(rows.map((row) => [row.id, row.balance]));
  return ids.map((id) => byId.get(id) ?? 0);
}

/** Fen held by every account of a platform-wide kind (escrow: all its shards). */
export async function kindBalance(tx: Executor, kind: SystemAccountKind): Promise<number> {
  const [row] = await tx
    .select({ balance: sum(ledgerAccounts.balance).mapWith(Number) })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.kind, kind));
  return row?.balance ?? 0;
}

export interface UserBalances {
  /** Fen the user can spend or withdraw. */
  available: number;
  /** Fen held for pending withdrawals, bids, deposits and the like. */
  frozen: number;
}

// The balances every order's answer and every wallet screen show: built once, prepared by name.
const accountBalances = builtOnce('ledger_account_balances', (executor) =>
  executor
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.id} = any(${sql.placeholder('ids')}::bigint[])`),
);

/** Fen in each of these accounts (0 for one that never moved money), in one read. */
async function balancesOfAccounts(
  executor: Executor,
  ids: readonly number[],
): Promise<(id: number) => number> {
  // -1 is no account's id: the padding keeps PostgreSQL's plan (lib/turn-batch.ts).
  const rows = await accountBalances<{ id: string | number; balance: string | number }>(executor, {
    ids: paddedForPlan(ids, -1),
  });
  const byAccount = new Map(rows.map((row) => [Number(row.id), Number(row.balance)]));
  return (id) => byAccount.get(id) ?? 0;
}

/** Fen each user can spend (0 for one whose wallet never moved money), by user id, in one read. */
export async function availableOf(
  executor: Executor,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  const idOf = (userId: number) => accountIdOf({ kind: 'user_available', userId });
  const of = await balancesOfAccounts(executor, userIds.map(idOf));
  return new Map(userIds.map((userId) => [userId, of(idOf(userId))]));
}

export async function balances(tx: Executor, userId: number): Promise<UserBalances> {
  const available = accountIdOf({ kind: 'user_available', userId });
  const frozen = accountIdOf({ kind: 'user_frozen', userId });
  const of = await balancesOfAccounts(tx, [available, frozen]);
  return { available: of(available), frozen: of(frozen) };
}

export interface HistoryEntry {
  transferId: number;
  /** Signed from the account's side: positive money in, negative money out (fen). */
  amount: number;
  counterparty: AccountRef;
  kind: string;
  reference: { type: string; id: string };
  metadata: TransferMetadata;
  createdAt: Date;
}

/** The account's transfers, newest first (by transfer id), in the list convention of DESIGN §3. */
export async function history(tx: Executor, ref: AccountRef, query: PageQuery): Promise<Page<HistoryEntry>> {
  const id = accountIdOf(ref);
  const touches = or(eq(ledgerTransfers.debitAccountId, id), eq(ledgerTransfers.creditAccountId, id));
  const [total] = await tx.select({ value: count() }).from(ledgerTransfers).where(touches);
  const rows = await tx
    .select()
    .from(ledgerTransfers)
    .where(touches)
    .orderBy(desc(ledgerTransfers.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return {
    list: rows.map((row) => {
      const incoming = row.creditAccountId === id;
      return {
        transferId: row.id,
        amount: incoming ? row.amount : -row.amount,
        counterparty: accountRefOf(incoming ? row.debitAccountId : row.creditAccountId),
        kind: row.kind,
        reference: { type: row.referenceType, id: row.referenceId },
        metadata: row.metadata,
        createdAt: row.createdAt,
      };
    }),
    total: total?.value ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

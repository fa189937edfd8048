import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  ErrorCodes,
  sincerityHoldProcess,
  sincerityLevels,
  sincerityPenaltyProcess,
  type SincerityKind,
  type SincerityMovementType,
} from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { ProcessActor, ProcessEngine } from '../process/index.ts';
import { ledger, type AccountRef } from '../ledger/index.ts';
import { sincerityHoldings, sincerityHolds, sincerityMovements, sincerityPenalties } from './tables.ts';

/**
 * The sincerity deposit's money rules. Every function takes the caller's transaction: a holding
 * changes only together with its one ledger transfer (`deposit` ⇄ the user's available balance, or
 * `deposit` → `compensation_pool` for a penalty) and its movement row.
 */

export type Holding = typeof sincerityHoldings.$inferSelect;
export type Movement = typeof sincerityMovements.$inferSelect;
export type Hold = typeof sincerityHolds.$inferSelect;
export type Penalty = typeof sincerityPenalties.$inferSelect;

const transferKinds: Record<SincerityMovementType, string> = {
  pay: 'sincerity.pay',
  release: 'sincerity.release',
  penalty: 'sincerity.penalty',
};

/** Locks the (user, kind) holding for the rest of the transaction, creating it when missing. */
export async function lockHolding(tx: Executor, userId: number, kind: SincerityKind): Promise<Holding> {
  await tx.insert(sincerityHoldings).values({ userId, kind }).onConflictDoNothing();
  const [holding] = await tx
    .select()
    .from(sincerityHoldings)
    .where(and(eq(sincerityHoldings.userId, userId), eq(sincerityHoldings.kind, kind)))
    .for('update');
  if (!holding) throw new Error('sincerity: holding vanished after insert');
  return holding;
}

interface MoveInput {
  type: SincerityMovementType;
  /** Fen, positive; the direction comes from the type. */
  amount: number;
  note: string;
  now: Date;
  metadata?: Record<string, string | number>;
}

/** One change of a locked holding: one ledger transfer, one movement, the new balance. */
async function moveHolding(tx: Executor, holding: Holding, input: MoveInput): Promise<Movement> {
  const { userId, kind } = holding;
  const paidIn = input.type === 'pay';
  const counterparty: AccountRef =
    input.type === 'penalty' ? { kind: 'compensation_pool' } : { kind: 'user_available', userId };
  const version = holding.version + 1;
  const heldAfter = holding.held + (paidIn ? input.amount : -input.amount);
  if (heldAfter < 0) throw new AppError(ErrorCodes.SINCERITY_NOT_ENOUGH);

  await tx
    .update(sincerityHoldings)
    .set({ held: heldAfter, version, updatedAt: input.now })
    .where(and(eq(sincerityHoldings.userId, userId), eq(sincerityHoldings.kind, kind)));
  const transfer = await ledger.post(tx, {
    debit: paidIn ? counterparty : { kind: 'deposit' },
    credit: paidIn ? { kind: 'deposit' } : counterparty,
    amount: input.amount,
    kind: transferKinds[input.type],
    reference: { type: 'sincerity', id: `${userId}:${kind}` },
    idempotencyKey: `sincerity:${userId}:${kind}:${version}`,
    metadata: { user_id: userId, deposit_kind: kind, ...input.metadata },
  });
  const [movement] = await tx
    .insert(sincerityMovements)
    .values({
      userId,
      kind,
      type: input.type,
      amount: paidIn ? input.amount : -input.amount,
      heldAfter,
      transferId: transfer.id,
      note: input.note,
      createdAt: input.now,
    })
    .returning();
  if (!movement) throw new Error('sincerity: movement not written');
  holding.held = heldAfter;
  holding.version = version;
  return movement;
}

export function levelOf(kind: SincerityKind, level: string) {
  const found = sincerityLevels[kind].find((entry) => entry.level === level);
  if (!found) throw new AppError(ErrorCodes.SINCERITY_LEVEL_UNKNOWN);
  return found;
}

/** The highest level a holding of `held` fen reaches, or undefined. */
export function reachedLevel(kind: SincerityKind, held: number) {
  return sincerityLevels[kind].filter((entry) => held >= entry.requiredFen).at(-1);
}

/**
 * Pays the shortfall between the holding and `level` from the user's available balance.
 * 4501 when the level is already reached, 4001 (from the ledger) when the balance is short.
 */
export async function payDeposit(
  tx: Executor,
  input: { userId: number; kind: SincerityKind; level: string; now: Date },
): Promise<{ movement: Movement; holding: Holding; paid: number }> {
  const target = levelOf(input.kind, input.level);
  const holding = await lockHolding(tx, input.userId, input.kind);
  const shortfall = target.requiredFen - holding.held;
  if (shortfall <= 0) throw new AppError(ErrorCodes.SINCERITY_LEVEL_REACHED);
  const movement = await moveHolding(tx, holding, {
    type: 'pay',
    amount: shortfall,
    note: `缴纳${target.name}保证金`,
    now: input.now,
    metadata: { level: target.level },
  });
  return { movement, holding, paid: shortfall };
}

export async function openHoldCount(tx: Executor, userId: number, kind: SincerityKind): Promise<number> {
  const [row] = await tx
    .select({ value: sql<number>`count(*)::int` })
    .from(sincerityHolds)
    .where(
      and(
        eq(sincerityHolds.userId, userId),
        eq(sincerityHolds.kind, kind),
        eq(sincerityHolds.status, 'open'),
      ),
    );
  return row?.value ?? 0;
}

export async function pendingPenaltyFen(tx: Executor, userId: number, kind: SincerityKind): Promise<number> {
  const [row] = await tx
    .select({ value: sql<string>`coalesce(sum(${sincerityPenalties.amount}), 0)::text` })
    .from(sincerityPenalties)
    .where(
      and(
        eq(sincerityPenalties.userId, userId),
        eq(sincerityPenalties.kind, kind),
        eq(sincerityPenalties.status, 'pending'),
      ),
    );
  return Number(row?.value ?? 0);
}

/**
 * Releases the whole holding back to available. Refused (nothing written) while an order or listing
 * it backs is open (4503), while a penalty is pending (4504), or when nothing is held (4505).
 */
export async function closeDeposit(
  tx: Executor,
  input: { userId: number; kind: SincerityKind; now: Date },
): Promise<{ movement: Movement; released: number }> {
  const holding = await lockHolding(tx, input.userId, input.kind);
  if (holding.held === 0) throw new AppError(ErrorCodes.SINCERITY_NOTHING_HELD);
  const holds = await openHoldCount(tx, input.userId, input.kind);
  if (holds > 0) {
    throw new AppError(
      ErrorCodes.SINCERITY_HOLD_OPEN,
      `保证金正在为${holds}笔进行中的订单或商品提供担保，全部完成后才能退还`,
    );
  }
  if ((await pendingPenaltyFen(tx, input.userId, input.kind)) > 0) {
    throw new AppError(ErrorCodes.SINCERITY_PENALTY_PENDING);
  }
  const released = holding.held;
  const movement = await moveHolding(tx, holding, {
    type: 'release',
    amount: released,
    note: '保证金退还至余额',
    now: input.now,
  });
  return { movement, released };
}

const system: ProcessActor = { role: 'system', userId: null };

const holdOf = (kind: SincerityKind, referenceType: string, referenceId: string) =>
  and(
    eq(sincerityHolds.kind, kind),
    eq(sincerityHolds.referenceType, referenceType),
    eq(sincerityHolds.referenceId, referenceId),
  );

export interface HoldInput {
  userId: number;
  kind: SincerityKind;
  referenceType: string;
  referenceId: string;
  title: string;
  now: Date;
}

/**
 * For the order flow: the deposit now backs this order or listing. Needs at least the kind's lowest
 * level (4506). Idempotent per (kind, reference): attaching again returns the same hold.
 */
export async function attachHold(processes: ProcessEngine, tx: Executor, input: HoldInput): Promise<Hold> {
  const holding = await lockHolding(tx, input.userId, input.kind);
  const [existing] = await tx
    .select()
    .from(sincerityHolds)
    .where(holdOf(input.kind, input.referenceType, input.referenceId));
  if (existing) {
    if (existing.userId !== input.userId) throw new AppError(ErrorCodes.CONFLICT);
    return existing;
  }
  if (!reachedLevel(input.kind, holding.held)) throw new AppError(ErrorCodes.SINCERITY_NOT_ENOUGH);
  const [hold] = await tx
    .insert(sincerityHolds)
    .values({
      userId: input.userId,
      kind: input.kind,
      referenceType: input.referenceType,
      referenceId: input.referenceId,
      title: input.title,
      createdAt: input.now,
    })
    .returning();
  if (!hold) throw new Error('sincerity: hold not written');
  await processes.start(tx, {
    process: sincerityHoldProcess,
    subjectId: hold.id,
    actor: system,
    metadata: { reference_type: input.referenceType, reference_id: input.referenceId },
  });
  return hold;
}

/** Releases a locked open hold through its process. */
async function releaseLocked(processes: ProcessEngine, tx: Executor, hold: Hold, now: Date): Promise<Hold> {
  const to = await processes.applyTransition(tx, {
    process: sincerityHoldProcess,
    subjectId: hold.id,
    ownerId: hold.userId,
    from: hold.status,
    action: 'release',
    actor: system,
  });
  const [released] = await tx
    .update(sincerityHolds)
    .set({ status: to, releasedAt: now })
    .where(eq(sincerityHolds.id, hold.id))
    .returning();
  if (!released) throw new Error('sincerity: hold not released');
  return released;
}

/** For the order flow: the order ended. Idempotent; a missing hold is 1010. */
export async function releaseHold(
  processes: ProcessEngine,
  tx: Executor,
  input: { kind: SincerityKind; referenceType: string; referenceId: string; now: Date },
): Promise<Hold> {
  const [hold] = await tx
    .select()
    .from(sincerityHolds)
    .where(holdOf(input.kind, input.referenceType, input.referenceId))
    .for('update');
  if (!hold) throw new AppError(ErrorCodes.NOT_FOUND);
  if (hold.status === 'released') return hold;
  return releaseLocked(processes, tx, hold, input.now);
}

/** A paid order the seller's deposit backs from payment until the order ends. */
export interface OrderHold {
  sellerId: number;
  orderNo: string;
  title: string;
}

/**
 * Orders paid: each seller's deposit, when they hold one, now backs the order, so it cannot be closed
 * (4503) while the order may still cost the seller a penalty (verification, liquidated damages); a
 * seller without a deposit sells without one. The holdings are share-locked first: `closeDeposit`
 * (which locks them for update, then counts the open holds) waits for the holds to commit, and a
 * deposit closed meanwhile is seen as closed; a seller's pays do not wait for each other. `nowait`: a
 * holding locked for update right now (closed, topped up, penalised) fails the statement instead of
 * waiting (for a batch, which must not wait).
 */
export async function holdDepositsForOrders(
  processes: ProcessEngine,
  tx: Executor,
  orders: readonly OrderHold[],
  options: { now: Date; nowait?: boolean },
): Promise<void> {
  if (orders.length === 0) return;
  const sellers = [...new Set(orders.map((order) => order.sellerId))];
  const locking = tx
    .select({ userId: sincerityHoldings.userId })
    .from(sincerityHoldings)
    .where(
      and(
        eq(sincerityHoldings.kind, 'seller'),
        inArray(sincerityHoldings.userId, sellers),
        gt(sincerityHoldings.held, 0),
      ),
    )
    .orderBy(sincerityHoldings.userId);
  const deposited = await (options.nowait ? locking.for('share', { noWait: true }) : locking.for('share'));
  if (deposited.length === 0) return;
  const backed = new Set(deposited.map((row) => row.userId));
  const holds = await tx
    .insert(sincerityHolds)
    .values(
      orders
        .filter((order) => backed.has(order.sellerId))
        .map((order) => ({
          userId: order.sellerId,
          kind: 'seller' as const,
          referenceType: 'order',
          referenceId: order.orderNo,
          title: order.title,
          createdAt: options.now,
        })),
    )
    .onConflictDoNothing()
    .returning({ id: sincerityHolds.id, referenceId: sincerityHolds.referenceId });
  await processes.startMany(
    tx,
    holds.map((hold) => ({
      process: sincerityHoldProcess,
      subjectId: hold.id,
      actor: system,
      metadata: { reference_type: 'order', reference_id: hold.referenceId },
    })),
  );
}

/** An order ended: the seller's deposit no longer backs it. Nothing to do when none did. */
export async function releaseOrderHold(
  processes: ProcessEngine,
  tx: Executor,
  input: { orderNo: string; now: Date },
): Promise<void> {
  const [hold] = await tx
    .select()
    .from(sincerityHolds)
    .where(holdOf('seller', 'order', input.orderNo))
    .for('update');
  if (hold?.status === 'open') await releaseLocked(processes, tx, hold, input.now);
}

export interface PenaltyInput {
  userId: number;
  kind: SincerityKind;
  /** Fen. */
  amount: number;
  reason: string;
  /** The dispute (or order) that raised it; one penalty per reference. */
  referenceType: string;
  referenceId: string;
  now: Date;
}

/**
 * For the dispute flow: raises a penalty against the holding. While pending it keeps the deposit
 * from being closed. The amount must be covered by what is held beyond other pending penalties
 * (4506). Raising the same reference again with the same amount returns the first penalty.
 */
export async function raisePenalty(
  processes: ProcessEngine,
  tx: Executor,
  input: PenaltyInput,
): Promise<Penalty> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new AppError(ErrorCodes.VALIDATION_FAILED, '扣款金额须为正整数（分）');
  }
  const holding = await lockHolding(tx, input.userId, input.kind);
  const [existing] = await tx
    .select()
    .from(sincerityPenalties)
    .where(
      and(
        eq(sincerityPenalties.kind, input.kind),
        eq(sincerityPenalties.referenceType, input.referenceType),
        eq(sincerityPenalties.referenceId, input.referenceId),
      ),
    );
  if (existing) {
    if (existing.userId !== input.userId || existing.amount !== input.amount) {
      throw new AppError(ErrorCodes.CONFLICT);
    }
    return existing;
  }
  const pending = await pendingPenaltyFen(tx, input.userId, input.kind);
  if (holding.held - pending < input.amount) throw new AppError(ErrorCodes.SINCERITY_NOT_ENOUGH);
  const [penalty] = await tx
    .insert(sincerityPenalties)
    .values({
      userId: input.userId,
      kind: input.kind,
      amount: input.amount,
      reason: input.reason,
      referenceType: input.referenceType,
      referenceId: input.referenceId,
      createdAt: input.now,
    })
    .returning();
  if (!penalty) throw new Error('sincerity: penalty not written');
  await processes.start(tx, {
    process: sincerityPenaltyProcess,
    subjectId: penalty.id,
    actor: system,
    reason: input.reason,
  });
  return penalty;
}

async function lockPenalty(tx: Executor, penaltyId: number): Promise<Penalty> {
  const [penalty] = await tx
    .select()
    .from(sincerityPenalties)
    .where(eq(sincerityPenalties.id, penaltyId))
    .for('update');
  if (!penalty) throw new AppError(ErrorCodes.NOT_FOUND);
  return penalty;
}

/** Settles or waives a locked penalty through the engine (a decided one is 4507; staff never their own). */
const decide = (
  processes: ProcessEngine,
  tx: Executor,
  penalty: Penalty,
  action: 'settle' | 'waive',
  actor: ProcessActor,
) =>
  processes.applyTransition(tx, {
    process: sincerityPenaltyProcess,
    subjectId: penalty.id,
    ownerId: penalty.userId,
    from: penalty.status,
    action,
    actor,
    reason: penalty.reason,
  });

/**
 * Deducts a pending penalty: `deposit → compensation_pool`, the holding shrinks by its amount.
 * Idempotent (settling a settled penalty returns it); a waived one is 4507.
 */
export async function settlePenalty(
  processes: ProcessEngine,
  tx: Executor,
  penaltyId: number,
  now: Date,
  actor: ProcessActor = system,
): Promise<{ penalty: Penalty; movement: Movement | null }> {
  const penalty = await lockPenalty(tx, penaltyId);
  if (penalty.status === 'settled') return { penalty, movement: null };
  await decide(processes, tx, penalty, 'settle', actor);
  const holding = await lockHolding(tx, penalty.userId, penalty.kind);
  const movement = await moveHolding(tx, holding, {
    type: 'penalty',
    amount: penalty.amount,
    note: `违约扣除：${penalty.reason}`,
    now,
    metadata: { penalty_id: penalty.id },
  });
  const [settled] = await tx
    .update(sincerityPenalties)
    .set({ status: 'settled', movementId: movement.id, decidedAt: now })
    .where(eq(sincerityPenalties.id, penalty.id))
    .returning();
  if (!settled) throw new Error('sincerity: penalty not settled');
  return { penalty: settled, movement };
}

/** Drops a pending penalty (the dispute went the user's way). Idempotent; a settled one is 4507. */
export async function waivePenalty(
  processes: ProcessEngine,
  tx: Executor,
  penaltyId: number,
  now: Date,
  actor: ProcessActor = system,
): Promise<Penalty> {
  const penalty = await lockPenalty(tx, penaltyId);
  if (penalty.status === 'waived') return penalty;
  await decide(processes, tx, penalty, 'waive', actor);
  const [waived] = await tx
    .update(sincerityPenalties)
    .set({ status: 'waived', decidedAt: now })
    .where(eq(sincerityPenalties.id, penalty.id))
    .returning();
  if (!waived) throw new Error('sincerity: penalty not waived');
  return waived;
}

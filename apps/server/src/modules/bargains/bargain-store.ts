import { and, count, eq, gte, inArray } from 'drizzle-orm';
import {
  bargainProcess,
  bargainRules,
  ErrorCodes,
  openBargainStatuses,
  refusalMessage,
  timersOnEntering,
  type BargainAction,
  type BargainRole,
  type BargainStatus,
} from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { addSeconds, startOfChinaDay } from '../../lib/time.ts';
import { lockForTransaction } from '../../lib/locks.ts';
import type { ListingTerms } from '../goods/index.ts';
import type { ProcessActor, ProcessEngine } from '../process/index.ts';
import { bargainRounds, bargains } from './tables.ts';

export type BargainRow = typeof bargains.$inferSelect;

/** The inbox's link to a bargain: the screen shows it to either party, as theirs. */
export const threadLink = (row: { id: number }) => `/goodsBargainList?bargain_id=${row.id}`;

/** Serialises one buyer's offers, so the open and daily limits hold under parallel requests. */
export const lockBuyer = (tx: Executor, buyerId: number) =>
  lockForTransaction(tx, `bargain-buyer:${buyerId}`);

export async function lockBargain(tx: Executor, id: number): Promise<BargainRow | undefined> {
  const [row] = await tx.select().from(bargains).where(eq(bargains.id, id)).for('update');
  return row;
}

/** The viewer's part in a bargain; a third party is told it does not exist. */
export function roleIn(row: BargainRow | undefined, userId: number): { row: BargainRow; role: BargainRole } {
  if (row?.buyerId === userId) return { row, role: 'buyer' };
  if (row?.sellerId === userId) return { row, role: 'seller' };
  throw new AppError(ErrorCodes.BARGAIN_NOT_FOUND);
}

/** When `state` times out, from the process's timers; null when nothing is waiting. */
export function deadlineOf(state: BargainStatus, at: Date): Date | null {
  const [timer] = timersOnEntering(bargainProcess, state);
  return timer ? addSeconds(at, timer.afterSeconds) : null;
}

/** Open to offers and still for sale: the guard of every step toward a sale. */
export const listingOpen = (listing: ListingTerms | undefined) =>
  listing !== undefined && listing.status === 'on_sale' && listing.bargain;

/**
 * Takes `action` on a locked bargain through the process engine (which refuses what the table does
 * not allow and records the step), then writes the state entered, its deadline and `changes`. The
 * deadline is the state's full time from `at`, or `deadline` when given: the state's timer is then
 * armed for that time.
 */
export async function moveBargain(
  tx: Executor,
  deps: { processes: ProcessEngine; at: Date },
  request: {
    row: BargainRow;
    action: BargainAction;
    actor: ProcessActor;
    listingOpen?: boolean;
    changes?: Partial<typeof bargains.$inferInsert>;
    metadata?: Record<string, unknown>;
    reason?: string;
    deadline?: Date;
  },
): Promise<BargainRow> {
  const { row, action, actor, deadline } = request;
  const entering = bargainProcess.transitions[action].to;
  const timerSeconds =
    deadline && entering
      ? Object.fromEntries(
          timersOnEntering(bargainProcess, entering).map((timer) => [
            timer.action,
            (deadline.getTime() - deps.at.getTime()) / 1000,
          ]),
        )
      : undefined;
  const to = await deps.processes.applyTransition(tx, {
    process: bargainProcess,
    subjectId: row.id,
    ownerId: row.buyerId,
    from: row.status,
    action,
    actor,
    guards: { listing_open: request.listingOpen ?? false },
    ...(request.metadata ? { metadata: request.metadata } : {}),
    ...(request.reason ? { reason: request.reason } : {}),
    ...(timerSeconds ? { timerSeconds } : {}),
  });
  const [updated] = await tx
    .update(bargains)
    .set({
      ...request.changes,
      status: to,
      deadline: deadline ?? deadlineOf(to, deps.at),
      updatedAt: deps.at,
    })
    .where(and(eq(bargains.id, row.id), eq(bargains.status, row.status)))
    .returning();
  if (!updated)
    throw new AppError(ErrorCodes.BARGAIN_STATE_INVALID, refusalMessage(bargainProcess, row.status, action));
  return updated;
}

export async function addRound(
  tx: Executor,
  row: BargainRow,
  by: BargainRole,
  priceFen: number,
  at: Date,
): Promise<void> {
  await tx
    .insert(bargainRounds)
    .values({ bargainId: row.id, buyerId: row.buyerId, by, priceFen, createdAt: at });
}

/** Offers the buyer made since the start of the China-time day. */
export async function offersToday(executor: Executor, buyerId: number, at: Date): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(bargainRounds)
    .where(
      and(
        eq(bargainRounds.buyerId, buyerId),
        eq(bargainRounds.by, 'buyer'),
        gte(bargainRounds.createdAt, startOfChinaDay(at)),
      ),
    );
  return row?.value ?? 0;
}

/** The buyer's bargains waiting for an answer or agreed, on every listing. */
export async function openCount(executor: Executor, buyerId: number): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(bargains)
    .where(and(eq(bargains.buyerId, buyerId), inArray(bargains.status, [...openBargainStatuses])));
  return row?.value ?? 0;
}

/** The limits that refuse any offer of this buyer today, whatever the price. */
export function limitRefusal(usage: { open: number; today: number }, reoffer: boolean): AppError | undefined {
  if (usage.today >= bargainRules.dailyOffersPerBuyer)
    return new AppError(
      ErrorCodes.BARGAIN_DAILY_LIMIT,
      `今日出价次数已达上限（${bargainRules.dailyOffersPerBuyer}次），请明天再试`,
    );
  if (!reoffer && usage.open >= bargainRules.maxOpenPerBuyer)
    return new AppError(
      ErrorCodes.BARGAIN_OPEN_LIMIT,
      `进行中的议价已达上限（${bargainRules.maxOpenPerBuyer}个），请先处理已有议价`,
    );
  return undefined;
}

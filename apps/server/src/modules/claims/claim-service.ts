import { and, count, desc, eq, inArray, like, or, sum } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import {
  claimCapFen,
  claimProcess,
  coveredUntil,
  ErrorCodes,
  guaranteePlanOf,
  openClaimStates,
  sellerChargebackFen,
  type ClaimAction,
  type ClaimStaffListQuery,
  type ClaimState,
  type CompensationOptionCode,
  type FileClaimInput,
  type OrderPlanStatus,
  type ReviewClaimInput,
  type SupplementClaimInput,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { rolesOf } from '../identity/index.ts';
import { ledger } from '../ledger/index.ts';
import {
  buyerKeepsStates,
  findOrderByNo,
  lockOrderByNo,
  splitRefundFen,
  type OrderRow,
} from '../orders/index.ts';
import type { ProcessEngine } from '../process/index.ts';
import { lockHolding, pendingPenaltyFen, raisePenalty, settlePenalty } from '../sincerity/index.ts';
import { finishedUploadPurpose } from '../storage/index.ts';
import { guaranteeClaims } from './tables.ts';

export type ClaimRow = typeof guaranteeClaims.$inferSelect;
/** The viewer's role on a claim: the buyer who filed it, or customer service. */
export type ClaimViewerRole = 'buyer' | 'customer_service';

const holdingClaimStates: readonly ClaimState[] = [...openClaimStates, 'compensated'];
const UNIQUE_VIOLATION = '23505';

function newClaimNo(now: Date) {
  const china = new Date(now.getTime() + 8 * 3600 * 1000).toISOString();
  return `C${china.slice(0, 19).replace(/\D/g, '')}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

const planOf = (code: CompensationOptionCode) => {
  const plan = guaranteePlanOf(code);
  if (!plan) throw new AppError(ErrorCodes.CLAIM_NO_GUARANTEE);
  return plan;
};

/**
 * Where an order's cover stands at `at`, given its claims. The cover starts when the buyer keeps
 * the account (completion, or a dispute released or split) and lasts the plan's protection days.
 */
export function orderPlanStatus(order: OrderRow, claims: readonly ClaimRow[], at: Date): OrderPlanStatus {
  if (!order.guaranteeCode) return 'none';
  if (claims.some((claim) => claim.state === 'compensated')) return 'claimed';
  if ((buyerKeepsStates as readonly string[]).includes(order.state)) {
    const until = coveredUntil(order.completedAt ?? order.updatedAt, planOf(order.guaranteeCode));
    return until && until.getTime() <= at.getTime() ? 'lapsed' : 'in_force';
  }
  return order.escrowFen > 0 || order.state === 'pending_payment' ? 'pending' : 'void';
}

/** The most a claim on the order may be compensated with (fen; 0 without a plan): `claimCapFen`. */
export const orderClaimCapFen = (order: OrderRow, refundedFen: number) =>
  order.guaranteeCode ? claimCapFen(order.priceFen, planOf(order.guaranteeCode), refundedFen) : 0;

/** Why the buyer cannot file a claim on the order, whose cap is `capFen`, now (null: they can). */
export function claimRefusal(order: OrderRow, claims: readonly ClaimRow[], at: Date, capFen: number) {
  if (!order.guaranteeCode) return ErrorCodes.CLAIM_NO_GUARANTEE;
  if (!(buyerKeepsStates as readonly string[]).includes(order.state))
    return ErrorCodes.CLAIM_ORDER_NOT_COMPLETED;
  if (claims.some((claim) => holdingClaimStates.includes(claim.state))) return ErrorCodes.CLAIM_ALREADY_OPEN;
  if (orderPlanStatus(order, claims, at) === 'lapsed') return ErrorCodes.CLAIM_PLAN_LAPSED;
  if (capFen === 0) return ErrorCodes.CLAIM_NOTHING_COVERED;
  return null;
}

/**
 * 找回包赔 claims (issue 11 F): the buyer files, supplements or withdraws; customer service asks for
 * more, accepts with an amount capped by the plan or rejects, then pays from the compensation pool
 * through the ledger and charges the seller's deposit back per plan, in one transaction. Every change
 * is a transition of `claimProcess` on the one engine; a refusal writes nothing.
 */
export function createClaimService(deps: { db: Database; now: () => Date; processes: ProcessEngine }) {
  const { db, now, processes } = deps;

  const isStaff = async (executor: Executor, userId: number) =>
    (await rolesOf(executor, userId)).includes('customer_service');

  const claimsOfOrder = (executor: Executor, orderId: number) =>
    executor.select().from(guaranteeClaims).where(eq(guaranteeClaims.orderId, orderId));

  /** The viewer's role on a claim; to anyone else it does not exist. */
  async function roleOn(executor: Executor, claim: ClaimRow, userId: number): Promise<ClaimViewerRole> {
    if (claim.buyerId === userId) return 'buyer';
    if (await isStaff(executor, userId)) {
      // Staff never handle a claim against their own sale.
      if (claim.sellerId === userId) throw new AppError(ErrorCodes.CLAIM_STAFF_OWN);
      return 'customer_service';
    }
    throw new AppError(ErrorCodes.CLAIM_NOT_FOUND);
  }

  async function findClaim(executor: Executor, claimNo: string, lock: boolean): Promise<ClaimRow> {
    const query = executor.select().from(guaranteeClaims).where(eq(guaranteeClaims.claimNo, claimNo));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new AppError(ErrorCodes.CLAIM_NOT_FOUND);
    return row;
  }

  /** The claim for its viewer (buyer or customer service), with their role. */
  async function forViewer(userId: number, claimNo: string) {
    const claim = await findClaim(db, claimNo, false);
    return { claim, role: await roleOn(db, claim, userId) };
  }

  /** Evidence must be the writer's own finished after-sales uploads. */
  async function checkEvidence(tx: Executor, userId: number, keys: readonly string[]) {
    for (const key of new Set(keys)) {
      if ((await finishedUploadPurpose(tx, { userId, key })) !== 'dispute')
        throw new AppError(ErrorCodes.CLAIM_EVIDENCE_INVALID, undefined, { field: 'images' });
    }
  }

  /** Takes `action` on a locked claim through the engine and writes the state entered. */
  async function step(
    tx: Executor,
    claim: ClaimRow,
    action: ClaimAction,
    actor: { role: 'owner' | 'customer_service'; userId: number },
    reason: string,
    change: Partial<typeof guaranteeClaims.$inferInsert> = {},
  ): Promise<ClaimRow> {
    const to = await processes.applyTransition(tx, {
      process: claimProcess,
      subjectId: claim.id,
      ownerId: claim.buyerId,
      from: claim.state,
      action,
      actor,
      reason,
    });
    const [written] = await tx
      .update(guaranteeClaims)
      .set({ ...change, state: to, updatedAt: now() })
      .where(and(eq(guaranteeClaims.id, claim.id), eq(guaranteeClaims.state, claim.state)))
      .returning();
    if (!written) throw new AppError(ErrorCodes.CLAIM_STATE_INVALID);
    return written;
  }

  /** Locks the claim and answers it with the actor its viewer acts as. */
  async function locked(tx: Executor, userId: number, claimNo: string) {
    const claim = await findClaim(tx, claimNo, true);
    const role = await roleOn(tx, claim, userId);
    return {
      claim,
      actor: { role: role === 'buyer' ? ('owner' as const) : ('customer_service' as const), userId },
    };
  }

  async function file(userId: number, input: FileClaimInput): Promise<ClaimRow> {
    try {
      return await db.transaction(async (tx) => {
        const order = await lockOrderByNo(tx, input.order_no);
        // Only the buyer files; to anyone else the order does not exist.
        if (!order || order.buyerId !== userId) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
        const at = now();
        const capFen = orderClaimCapFen(order, await splitRefundFen(tx, order.id));
        const refusal = claimRefusal(order, await claimsOfOrder(tx, order.id), at, capFen);
        if (refusal !== null) throw new AppError(refusal);
        await checkEvidence(tx, userId, input.images);
        const [claim] = await tx
          .insert(guaranteeClaims)
          .values({
            claimNo: newClaimNo(at),
            orderId: order.id,
            buyerId: order.buyerId,
            sellerId: order.sellerId,
            planCode: order.guaranteeCode ?? 'basic',
            priceFen: order.priceFen,
            capFen,
            state: claimProcess.initial,
            description: input.description,
            images: [...new Set(input.images)],
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        if (!claim) throw new Error('claims: insert returned nothing');
        await processes.start(tx, {
          process: claimProcess,
          subjectId: claim.id,
          actor: { role: 'owner', userId },
          reason: input.description,
        });
        return claim;
      });
    } catch (error) {
      // Two filings raced past the check: the partial unique index keeps one.
      if (error instanceof Error && 'code' in error && error.code === UNIQUE_VIOLATION)
        throw new AppError(ErrorCodes.CLAIM_ALREADY_OPEN);
      throw error;
    }
  }

  async function supplement(userId: number, input: SupplementClaimInput): Promise<ClaimRow> {
    return db.transaction(async (tx) => {
      const { claim, actor } = await locked(tx, userId, input.claim_no);
      if (actor.role === 'owner') await checkEvidence(tx, userId, input.images);
      return step(tx, claim, 'supplement', actor, input.description, {
        images: [...new Set([...claim.images, ...input.images])],
      });
    });
  }

  async function withdraw(userId: number, claimNo: string): Promise<ClaimRow> {
    return db.transaction(async (tx) => {
      const { claim, actor } = await locked(tx, userId, claimNo);
      return step(tx, claim, 'withdraw', actor, '买家撤回申请');
    });
  }

  async function review(userId: number, input: ReviewClaimInput): Promise<ClaimRow> {
    return db.transaction(async (tx) => {
      const { claim, actor } = await locked(tx, userId, input.claim_no);
      const amount = input.amount;
      if (input.action === 'accept' && amount !== undefined && amount > claim.capFen) {
        // The table refuses a buyer before the amount is looked at.
        processes.check({
          process: claimProcess,
          subjectId: claim.id,
          ownerId: claim.buyerId,
          from: claim.state,
          action: 'accept',
          actor,
        });
        throw new AppError(ErrorCodes.CLAIM_AMOUNT_TOO_HIGH, undefined, { field: 'amount' });
      }
      return step(
        tx,
        claim,
        input.action,
        actor,
        input.reason,
        input.action === 'accept' ? { compensationFen: amount ?? null } : {},
      );
    });
  }

  /**
   * Pays an accepted claim: compensation pool → the buyer's available balance, then the seller's
   * deposit is charged back per plan (a settled sincerity penalty, deposit → compensation pool), as
   * far as it holds beyond pending penalties. One transaction; the ledger key makes a retry a no-op.
   */
  async function compensate(userId: number, claimNo: string): Promise<ClaimRow> {
    return db.transaction(async (tx) => {
      const { claim, actor } = await locked(tx, userId, claimNo);
      const at = now();
      const amount = claim.compensationFen ?? 0;
      const paid = await step(tx, claim, 'compensate', actor, '赔付已从平台包赔基金打入买家余额', {
        compensatedAt: at,
      });
      // The pool may go negative, so no posting refuses to overdraw it: its balance is checked under
      // its lock, held until commit, so compensations paid at once each see the others' payments.
      // Deposit and pool are locked together, in id order, after the seller's holding: the order in
      // which the charge-back below and every other settled penalty take them.
      const holding = await lockHolding(tx, claim.sellerId, 'seller');
      const [pool = 0] = await ledger.lockBalances(tx, [{ kind: 'compensation_pool' }, { kind: 'deposit' }]);
      if (pool < amount) throw new AppError(ErrorCodes.CLAIM_POOL_SHORT);
      const metadata = { claim_no: claim.claimNo, remark: `找回包赔 ${claim.claimNo}` };
      await ledger.post(tx, {
        debit: { kind: 'compensation_pool' },
        credit: { kind: 'user_available', userId: claim.buyerId },
        amount,
        kind: 'compensation.claim',
        reference: { type: 'guarantee_claim', id: claim.id },
        idempotencyKey: `claim:${claim.id}:compensate`,
        metadata,
      });
      const room = holding.held - (await pendingPenaltyFen(tx, claim.sellerId, 'seller'));
      const charge = Math.min(sellerChargebackFen(amount, planOf(claim.planCode)), Math.max(room, 0));
      if (charge > 0) {
        const penalty = await raisePenalty(processes, tx, {
          userId: claim.sellerId,
          kind: 'seller',
          amount: charge,
          reason: `找回包赔${claim.claimNo}：账号在保障期内被找回，向卖家追偿`,
          referenceType: 'guarantee_claim',
          referenceId: claim.claimNo,
          now: at,
        });
        await settlePenalty(processes, tx, penalty.id, at);
      }
      const [written] = await tx
        .update(guaranteeClaims)
        .set({ sellerChargedFen: charge })
        .where(eq(guaranteeClaims.id, paid.id))
        .returning();
      return written ?? paid;
    });
  }

  async function mine(userId: number, query: { page: number; page_size: number }) {
    const where = eq(guaranteeClaims.buyerId, userId);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(guaranteeClaims)
        .where(where)
        .orderBy(desc(guaranteeClaims.createdAt), desc(guaranteeClaims.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      db.select({ value: count() }).from(guaranteeClaims).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  }

  async function requireStaff(userId: number) {
    if (!(await isStaff(db, userId))) throw new AppError(ErrorCodes.FORBIDDEN);
  }

  async function staffList(
    userId: number,
    query: Required<Pick<ClaimStaffListQuery, 'tab'>> & {
      page: number;
      page_size: number;
      q?: string | undefined;
    },
  ) {
    await requireStaff(userId);
    const q = query.q?.toUpperCase().replace(/[%_\\]/g, '') ?? '';
    const states: ClaimState[] =
      query.tab === 'open' ? [...openClaimStates] : ['rejected', 'compensated', 'withdrawn', 'closed'];
    // A claim no by its beginning, or an order no in full.
    const order = q.startsWith('O') ? await findOrderByNo(db, q) : undefined;
    const where = and(
      inArray(guaranteeClaims.state, states),
      q ? or(like(guaranteeClaims.claimNo, `${q}%`), eq(guaranteeClaims.orderId, order?.id ?? 0)) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(guaranteeClaims)
        .where(where)
        .orderBy(query.tab === 'open' ? guaranteeClaims.createdAt : desc(guaranteeClaims.updatedAt))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      db.select({ value: count() }).from(guaranteeClaims).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  }

  /** Claims and compensation by plan and state, and what the pool holds (staff). */
  async function figures(userId: number) {
    await requireStaff(userId);
    const [rows, pool] = await Promise.all([
      db
        .select({
          plan: guaranteeClaims.planCode,
          state: guaranteeClaims.state,
          claims: count(),
          compensation: sum(guaranteeClaims.compensationFen),
          charged: sum(guaranteeClaims.sellerChargedFen),
        })
        .from(guaranteeClaims)
        .groupBy(guaranteeClaims.planCode, guaranteeClaims.state),
      ledger.accountBalance(db, { kind: 'compensation_pool' }),
    ]);
    return {
      rows: rows.map((row) => ({
        ...row,
        compensation: row.state === 'compensated' ? Number(row.compensation ?? 0) : 0,
        charged: Number(row.charged ?? 0),
      })),
      pool,
    };
  }

  return {
    file,
    supplement,
    withdraw,
    review,
    compensate,
    mine,
    staffList,
    figures,
    forViewer,
    claimsOfOrder: (orderId: number) => claimsOfOrder(db, orderId),
    claimsOfOrders: (orderIds: readonly number[]) =>
      orderIds.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(guaranteeClaims)
            .where(inArray(guaranteeClaims.orderId, [...orderIds])),
    isStaff: (userId: number) => isStaff(db, userId),
    /** Orders of the buyer whose cover a paid claim used up (the account was lost). */
    compensatedOrderIds: async (userId: number) =>
      (
        await db
          .select({ orderId: guaranteeClaims.orderId })
          .from(guaranteeClaims)
          .where(and(eq(guaranteeClaims.buyerId, userId), eq(guaranteeClaims.state, 'compensated')))
      ).map((row) => row.orderId),
  };
}

export type ClaimService = ReturnType<typeof createClaimService>;

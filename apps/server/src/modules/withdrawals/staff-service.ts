import { eq } from 'drizzle-orm';
import {
  allowedActions,
  ErrorCodes,
  fenToAmount,
  withdrawalProcess,
  withdrawalRejectReasons,
  type StaffHandleCommand,
  type StaffWithdrawal,
  type StaffWithdrawalDetail,
  type WithdrawalStatus,
} from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { ledger } from '../ledger/index.ts';
import { maskPhone, rolesOf, usersByIds } from '../identity/index.ts';
import { withdrawals } from './tables.ts';
import { pageOfWithdrawals } from './withdrawal-pages.ts';
import { toWithdrawal, type WithdrawalRow, type WithdrawalService } from './withdrawal-service.ts';

/** Finance staff (role `finance`): the review queue of withdrawals. */
export function createStaffWithdrawalService(deps: {
  db: Database;
  now: () => Date;
  withdrawals: WithdrawalService;
}) {
  const { db, now, withdrawals: service } = deps;

  async function assertFinance(userId: number): Promise<void> {
    const roles = await rolesOf(db, userId);
    if (!roles.includes('finance')) throw new AppError(ErrorCodes.WITHDRAWAL_STAFF_ONLY);
  }

  /** What this reviewer may do: nothing on their own withdrawal (staff never act on their own). */
  const actionsFor = (row: WithdrawalRow, staffId: number) =>
    row.userId === staffId
      ? []
      : allowedActions(withdrawalProcess, row.status, ['finance']).filter(
          (action): action is 'approve' | 'reject' => action === 'approve' || action === 'reject',
        );

  async function withUsers(rows: WithdrawalRow[], staffId: number): Promise<StaffWithdrawal[]> {
    const byId = await usersByIds(
      db,
      rows.map((row) => row.userId),
    );
    return rows.map((row) => {
      const person = byId.get(row.userId);
      return {
        ...toWithdrawal(row),
        user_id: row.userId,
        user_phone_masked: person ? maskPhone(person.phone) : '',
        user_nickname: person?.nickname ?? '',
        reviewer_note: row.reviewerNote,
        actions: actionsFor(row, staffId),
      };
    });
  }

  async function list(
    staffId: number,
    query: { status?: WithdrawalStatus; page: number; page_size: number },
  ) {
    await assertFinance(staffId);
    const where = query.status ? eq(withdrawals.status, query.status) : undefined;
    const { rows, total } = await pageOfWithdrawals(db, where, query.page, query.page_size);
    return { list: await withUsers(rows, staffId), total, page: query.page, page_size: query.page_size };
  }

  async function detail(staffId: number, id: number): Promise<StaffWithdrawalDetail> {
    await assertFinance(staffId);
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
    if (!row) throw new AppError(ErrorCodes.WITHDRAWAL_NOT_FOUND);
    const [item] = await withUsers([row], staffId);
    if (!item) throw new AppError(ErrorCodes.WITHDRAWAL_NOT_FOUND);
    const balances = await ledger.balances(db, row.userId);
    return {
      ...item,
      timeline: await service.timelineOf(db, id),
      user_available: fenToAmount(balances.available),
      user_frozen: fenToAmount(balances.frozen),
      user_paid_count: await service.paidCount(db, row.userId),
    };
  }

  async function rejectReasons(staffId: number) {
    await assertFinance(staffId);
    return withdrawalRejectReasons.map((reason) => ({ code: reason.code, text: reason.text }));
  }

  /** Approve (then the payout provider pays) or reject with a preset reason (money back). */
  async function handle(staffId: number, input: StaffHandleCommand): Promise<StaffWithdrawalDetail> {
    await assertFinance(staffId);
    const updated = await db.transaction(async (tx) => {
      const row = await service.lockRow(tx, input.id);
      if (!row) throw new AppError(ErrorCodes.WITHDRAWAL_NOT_FOUND);
      const reviewer = { role: 'finance', userId: staffId } as const;
      const reviewed = { reviewedBy: staffId, reviewedAt: now(), reviewerNote: input.remark ?? '' };
      if (input.action === 'approve') {
        return service.transition(tx, row, 'approve', reviewer, reviewed, input.remark ?? '');
      }
      const reason = withdrawalRejectReasons.find((preset) => preset.code === input.reason_code);
      const text = input.reason_code === 'other' && input.remark ? input.remark : (reason?.text ?? '');
      const rejected = await service.transition(
        tx,
        row,
        'reject',
        reviewer,
        { ...reviewed, rejectReasonCode: input.reason_code, rejectReason: text },
        text,
      );
      await service.release(tx, row, 'reject');
      return rejected;
    });
    if (updated.status === 'approved') await service.dispatchSoon(updated.id);
    return detail(staffId, input.id);
  }

  return { assertFinance, list, detail, rejectReasons, handle };
}

export type StaffWithdrawalService = ReturnType<typeof createStaffWithdrawalService>;

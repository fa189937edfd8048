import { and, asc, eq, isNull, lte, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { addSeconds } from '../../lib/time.ts';
import { sandboxPayouts } from './tables.ts';

/** What we ask a payout provider to pay (the full account leaves our side only here). */
export interface PayoutOrder {
  /** Ours, unique per payout: a repeated submit returns the first payout. */
  reference: string;
  amountFen: number;
  methodType: 'bank' | 'alipay' | 'wechat';
  account: string;
  accountMasked: string;
  holderName: string;
}

export interface PayoutResult {
  reference: string;
  status: 'succeeded' | 'failed';
  failureReason: string;
  completedAt: Date;
}

/**
 * A payout channel (bank transfer, Alipay 单笔转账, WeChat 企业付款). Payouts complete
 * asynchronously: `submit` hands one over, `results` lists completed payouts we have not yet
 * acknowledged (a real adapter would fill this from its signed notifications or by querying),
 * `acknowledge` marks one handled. `tick` lets a provider do periodic work.
 */
export interface PayoutProvider {
  readonly name: string;
  submit(order: PayoutOrder): Promise<{ status: 'processing' }>;
  tick(): Promise<void>;
  results(limit: number): Promise<PayoutResult[]>;
  acknowledge(reference: string): Promise<void>;
}

/** Sandbox test accounts whose payouts fail: the full account ends in 4444. */
export const sandboxFailingAccount = (account: string) => account.endsWith('4444');
export const SANDBOX_FAILURE_REASON = '收款账户状态异常，打款失败（沙箱测试账户）';

/**
 * The built-in sandbox provider: it really keeps books (`sandbox_payouts`), completes each payout
 * `delaySeconds` after it was submitted (on the next tick), and fails the test accounts.
 */
export function createSandboxPayoutProvider(deps: {
  db: Database;
  now: () => Date;
  delaySeconds?: number;
}): PayoutProvider {
  const { db, now } = deps;
  const delaySeconds = deps.delaySeconds ?? 3;
  return {
    name: 'sandbox',
    async submit(order) {
      const at = now();
      await db
        .insert(sandboxPayouts)
        .values({
          merchantReference: order.reference,
          methodType: order.methodType,
          accountMasked: order.accountMasked,
          holderName: order.holderName,
          amountFen: order.amountFen,
          status: 'processing',
          willFail: sandboxFailingAccount(order.account),
          completeAfter: addSeconds(at, delaySeconds),
          createdAt: at,
        })
        .onConflictDoNothing({ target: sandboxPayouts.merchantReference });
      return { status: 'processing' };
    },
    async tick() {
      const at = now();
      const due = and(eq(sandboxPayouts.status, 'processing'), lte(sandboxPayouts.completeAfter, at));
      await db
        .update(sandboxPayouts)
        .set({ status: 'succeeded', completedAt: at })
        .where(and(due, eq(sandboxPayouts.willFail, false)));
      await db
        .update(sandboxPayouts)
        .set({ status: 'failed', completedAt: at, failureReason: SANDBOX_FAILURE_REASON })
        .where(and(due, eq(sandboxPayouts.willFail, true)));
    },
    async results(limit) {
      const rows = await db
        .select()
        .from(sandboxPayouts)
        .where(and(ne(sandboxPayouts.status, 'processing'), isNull(sandboxPayouts.acknowledgedAt)))
        .orderBy(asc(sandboxPayouts.id))
        .limit(limit);
      return rows.map((row) => ({
        reference: row.merchantReference,
        status: row.status === 'failed' ? 'failed' : 'succeeded',
        failureReason: row.failureReason,
        completedAt: row.completedAt ?? row.createdAt,
      }));
    },
    async acknowledge(reference) {
      await db
        .update(sandboxPayouts)
        .set({ acknowledgedAt: now() })
        .where(and(eq(sandboxPayouts.merchantReference, reference), isNull(sandboxPayouts.acknowledgedAt)));
    },
  };
}

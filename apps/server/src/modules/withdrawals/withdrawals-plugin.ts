import fp from 'fastify-plugin';
import { createAutoWithdrawalService, type AutoRunOutcome } from './auto-withdrawal.ts';
import { createSandboxPayoutProvider, type PayoutProvider } from './payout-provider.ts';
import { withdrawalRoutes } from './routes.ts';
import { createStaffWithdrawalService } from './staff-service.ts';
import { createWithdrawalService } from './withdrawal-service.ts';

export interface WithdrawalJobs {
  /** One pass of the payout job (provider work, dispatch of approved withdrawals, results booked). */
  payoutTick: () => Promise<{ dispatched: number; settled: number }>;
  /** One pass of the automatic-withdrawal job (idempotent per user and China-time day). */
  autoWithdraw: () => Promise<AutoRunOutcome[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    withdrawalJobs: WithdrawalJobs;
  }
}

const PAYOUT_JOB = 'withdrawals-payout';
const AUTO_WITHDRAW_JOB = 'withdrawals-auto';

/**
 * Withdrawals: user calls, finance review, the payout provider and the two periodic jobs (tests call
 * `app.withdrawalJobs` themselves or `app.jobs.runDue()`).
 */
export const withdrawalsPlugin = fp<{ now: () => Date; payoutProvider?: PayoutProvider }>(
  async (app, options) => {
    const { now } = options;
    const provider = options.payoutProvider ?? createSandboxPayoutProvider({ db: app.db, now });
    const withdrawals = createWithdrawalService({ db: app.db, now, provider, processes: app.processes });
    const staff = createStaffWithdrawalService({ db: app.db, now, withdrawals });
    const auto = createAutoWithdrawalService({ db: app.db, now, withdrawals });
    app.decorate('withdrawalJobs', { payoutTick: withdrawals.payoutTick, autoWithdraw: auto.run });
    await app.register(withdrawalRoutes, { services: { withdrawals, staff, auto } });

    app.jobs.work(PAYOUT_JOB, () => withdrawals.payoutTick());
    app.jobs.work(AUTO_WITHDRAW_JOB, () => auto.run());
    app.jobs.schedule(PAYOUT_JOB, 1);
    app.jobs.schedule(AUTO_WITHDRAW_JOB, 10 * 60);
  },
  { name: 'withdrawals' },
);

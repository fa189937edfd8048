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

const PAYOUT_TICK_MS = 1_000;
const AUTO_WITHDRAW_MS = 10 * 60_000;

/** Runs `job` every `ms`, never two passes at once; errors are logged, the timer keeps going. */
function every(ms: number, job: () => Promise<unknown>, onError: (error: unknown) => void) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    job()
      .catch(onError)
      .finally(() => (running = false));
  }, ms);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Withdrawals: user calls, finance review, the payout provider and the two scheduled jobs (timers
 * on the app's clock; off under NODE_ENV=test, where tests call `app.withdrawalJobs` themselves).
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

    if (app.config.NODE_ENV !== 'test') {
      const log = (job: string) => (error: unknown) =>
        app.log.error({ err: error, job }, 'withdrawal job failed');
      const stops = [
        every(PAYOUT_TICK_MS, withdrawals.payoutTick, log('payout')),
        every(AUTO_WITHDRAW_MS, auto.run, log('auto-withdraw')),
      ];
      app.addHook('onClose', async () => stops.forEach((stop) => stop()));
    }
  },
  { name: 'withdrawals' },
);

import fp from 'fastify-plugin';
import { brands, MAIN_PACKAGE, paymentPaths, type PaymentChannel } from '@haoshi/contracts';
import { loadPaymentsConfig } from './payments-config.ts';
import { createSandboxGateway, type NotifyTransport, type SandboxGateway } from './sandbox-gateway.ts';
import { createRechargeService, type RechargeService } from './recharge-service.ts';
import { rechargeRoutes } from './routes.ts';
import { cashierRoutes } from './cashier-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: {
      gateway: SandboxGateway;
      recharges: RechargeService;
      /** One round of background work in this process: deliver due notifies, query stale recharges. */
      tick(): Promise<void>;
    };
  }
}

const NOTIFY_JOB = 'payments-notify-delivery';
const QUERY_JOB = 'payments-recharge-query';

export interface PaymentsPluginOptions {
  now: () => Date;
  /** Tests may replace how the gateway reaches the notify URL. */
  notifyTransport?: NotifyTransport;
}

/** Recharge and payments: the sandbox gateway, the recharge flow and its background jobs. */
export const paymentsPlugin = fp<PaymentsPluginOptions>(
  async (app, options) => {
    const settings = loadPaymentsConfig(app.config);
    const merchantName = brands[MAIN_PACKAGE].name;
    const gateway = createSandboxGateway({
      db: app.db,
      secret: settings.sandboxSecret,
      now: options.now,
      merchantName,
      ...(options.notifyTransport ? { transport: options.notifyTransport } : {}),
    });

    const ownBaseUrl = () => {
      if (settings.notifyBaseUrl) return settings.notifyBaseUrl.replace(/\/$/, '');
      const address = app.server.address();
      if (address && typeof address === 'object') {
        const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
        return `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
      }
      return `http://${app.config.HOST}:${app.config.PORT}`;
    };

    const recharges = createRechargeService({
      db: app.db,
      provider: gateway.provider,
      now: options.now,
      merchantName,
      processes: app.processes,
      channelEnabled: () => settings.sandboxEnabled,
      notifyUrl: (channel: PaymentChannel) =>
        `${ownBaseUrl()}${paymentPaths.payCallback.replace(':id', channel)}`,
    });

    let running: Promise<void> | null = null;
    let again = false;
    let closing = false;
    /**
     * One in-process round at once (a payment nudges it; tests call it): a call during a round asks for
     * one more round right after it. The periodic rounds of every instance are the two jobs below.
     */
    const tick = (): Promise<void> => {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            again = false;
            try {
              await gateway.dispatcher.deliverDue();
              await recharges.queryStale();
            } catch (error) {
              app.log.error({ err: error }, 'payments: background round failed');
            }
          } while (again && !closing);
        } finally {
          running = null;
        }
      })();
      return running;
    };
    gateway.onPaid(() => {
      if (!closing) void tick();
    });
    app.decorate('payments', { gateway, recharges, tick });

    // Two jobs, so a failing notify delivery does not hold up the query of pending recharges.
    app.jobs.work(NOTIFY_JOB, () => gateway.dispatcher.deliverDue());
    app.jobs.work(QUERY_JOB, () => recharges.queryStale());
    if (settings.workerIntervalMs > 0) {
      const everySeconds = Math.max(1, Math.round(settings.workerIntervalMs / 1000));
      app.jobs.schedule(NOTIFY_JOB, everySeconds);
      app.jobs.schedule(QUERY_JOB, everySeconds);
    }
    app.addHook('onClose', async () => {
      closing = true;
      await running;
    });

    await app.register(rechargeRoutes, { recharges, provider: gateway.provider });
    await app.register(cashierRoutes, { gateway });
  },
  { name: 'payments', dependencies: ['db', 'auth', 'idempotency'] },
);

import fp from 'fastify-plugin';
import { amountToFen } from '@haoshi/contracts';
import { AppError } from '../../lib/errors.ts';
import { createOrderService, type OrderCashier, type OrderService } from './order-service.ts';
import { createOrderViews } from './order-views.ts';
import { createDemoTrades, type DemoTrades } from './demo-trades.ts';
import {
  CLOSE_FOR_DISABLED_EVERY_SECONDS,
  CLOSE_FOR_DISABLED_JOB,
  closeOrdersOfDisabledAccounts,
} from './disabled-accounts.ts';
import { orderRoutes } from './routes.ts';
import { disputeRoutes } from './dispute-routes.ts';
import { handoverGuards, handoverPlugin } from './handover-plugin.ts';
import type { ImageUrl, OrderListings } from '../goods/index.ts';

/** Closes the cashier payment of an order that closed unpaid, after its transaction. */
const CLOSE_CASHIER_JOB = 'orders.close-cashier';

declare module 'fastify' {
  interface FastifyInstance {
    /** The order service (tests and bench/orders drive it without HTTP). */
    orders: OrderService;
    /** Completed trades for the demo seed (db/seed-demo-trades.ts), through the order service. */
    demoTrades: DemoTrades;
  }
}

/**
 * The guaranteed trade (issue 11 A, B and completion): orders on the process engine, money in
 * escrow through the ledger, the rest of a payment through the payments module's cashier.
 */
export const ordersPlugin = fp<{
  now: () => Date;
  listings: OrderListings;
  /** The public URL of a stored upload (verification videos, dispute evidence). */
  imageUrl: ImageUrl;
}>(
  async (app, { now, listings, imageUrl }) => {
    const { recharges } = app.payments;
    const cashier: OrderCashier = {
      async start(buyerId, { amount, channel, returnPath }) {
        const created = await recharges.create(buyerId, { amount, channel, returnPath });
        return { orderNo: created.order_no, cashierUrl: created.cashier_url };
      },
      async status(buyerId, rechargeNo) {
        const current = await recharges.confirm(buyerId, rechargeNo);
        return {
          status: current.status,
          cashierUrl: current.cashier_url,
          amount: amountToFen(current.amount),
          channel: current.channel,
        };
      },
      close: (buyerId, rechargeNo) => recharges.close(buyerId, rechargeNo, '订单已关闭，收银台支付已取消'),
    };
    app.jobs.work<{ buyerId: number; rechargeNo: string }>(CLOSE_CASHIER_JOB, async (job) => {
      await cashier.close(job.data.buyerId, job.data.rechargeNo);
    });
    const service = createOrderService({
      db: app.db,
      now,
      processes: app.processes,
      listings,
      cashier,
      guards: handoverGuards(listings),
      // A refusal (a balance spent meanwhile) is answered by the ordinary path; anything else is news.
      onBatchFallback: (error, size) =>
        app.log[error instanceof AppError ? 'debug' : 'warn'](
          { err: error, size },
          'orders: places or wallet pays written together fell back to one by one',
        ),
      closeCashierLater: async (tx, payment) => {
        await app.jobs.send(CLOSE_CASHIER_JOB, payment, { executor: tx });
      },
      onCashierError: (error, orderNo) =>
        app.log.warn(
          { err: error, orderNo },
          'orders: the cashier payment of an expiring order was not closed',
        ),
    });
    recharges.onCredited((tx, recharge) => service.onRechargeCredited(tx, recharge.orderNo, recharge.amount));
    app.jobs.work(CLOSE_FOR_DISABLED_JOB, () =>
      closeOrdersOfDisabledAccounts({ db: app.db, service, listings }),
    );
    app.jobs.schedule(CLOSE_FOR_DISABLED_JOB, CLOSE_FOR_DISABLED_EVERY_SECONDS);
    app.decorate('orders', service);
    app.decorate('demoTrades', createDemoTrades({ db: app.db, now, service, listings }));
    const views = createOrderViews({ db: app.db, now, processes: app.processes, listings, service });
    await app.register(orderRoutes, { service, views });
    await app.register(handoverPlugin, { now, service, listings, fileUrl: imageUrl });
    await app.register(disputeRoutes, { db: app.db, now, orders: service, listings, imageUrl });
  },
  { name: 'orders', dependencies: ['processes', 'payments'] },
);

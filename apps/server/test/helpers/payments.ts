import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RechargeCreated } from '@haoshi/contracts';
import type { Database } from '../../src/db/client.ts';
import { queryRows } from '../../src/lib/sql-rows.ts';
import { loadPaymentsConfig } from '../../src/modules/payments/payments-config.ts';
import { recharges, sandboxNotifyOutbox, sandboxPayments } from '../../src/modules/payments/tables.ts';
import { call } from './identity.ts';

// Tests drive the background work themselves (`app.payments.tick()`), on the test clock.
process.env.PAYMENT_WORKER_INTERVAL_MS = '0';

export const gatewaySecret = (app: FastifyInstance) => loadPaymentsConfig(app.config).sandboxSecret;

/** Listens on a random local port so the gateway's notifies travel over real HTTP. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

export async function exchange(
  app: FastifyInstance,
  token: string,
  amount: string,
  channel: 'wechat' | 'alipay' = 'wechat',
  headers: Record<string, string> = {},
) {
  const { body } = await call<RechargeCreated>(app, 'POST', '/app/recharge/exchange', {
    token,
    body: { amount, channel },
    headers,
  });
  if (body.err_code !== 0 || !body.data) throw new Error(`exchange failed: ${JSON.stringify(body)}`);
  return body.data;
}

/** Presses a button on the sandbox cashier, as the browser's form post would. */
export async function cashier(app: FastifyInstance, cashierUrl: string, action: 'pay' | 'cancel') {
  return app.inject({
    method: 'POST',
    url: `${cashierUrl}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

export async function rechargeRow(db: Database, orderNo: string) {
  const [row] = await db.select().from(recharges).where(eq(recharges.orderNo, orderNo));
  if (!row) throw new Error(`no recharge ${orderNo}`);
  return row;
}

export async function gatewayRow(db: Database, orderNo: string) {
  const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.outTradeNo, orderNo));
  if (!row) throw new Error(`no sandbox payment ${orderNo}`);
  return row;
}

export async function outboxRow(db: Database, orderNo: string) {
  const payment = await gatewayRow(db, orderNo);
  const [row] = await db
    .select()
    .from(sandboxNotifyOutbox)
    .where(eq(sandboxNotifyOutbox.paymentId, payment.id));
  return row;
}

/** Points a payment's notify URL elsewhere (a dead port: the merchant is unreachable). */
export async function setNotifyUrl(db: Database, orderNo: string, url: string) {
  await db.update(sandboxPayments).set({ notifyUrl: url }).where(eq(sandboxPayments.outTradeNo, orderNo));
}

/** Ledger transfers that credited a recharge, by reference. */
export async function creditTransfersOf(db: Database, rechargeId: number) {
  return queryRows<{ id: number; amount: string | number; idempotency_key: string }>(
    db,
    sql`select id, amount, idempotency_key from ledger_transfers
        where reference_type = 'recharge' and reference_id = ${String(rechargeId)}`,
  );
}

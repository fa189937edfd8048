import { and, eq, sql } from 'drizzle-orm';
import { randomBytes, randomInt } from 'node:crypto';
import { RECHARGE_PAYMENT_SECONDS, type PaymentChannel } from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../lib/sql-rows.ts';
import { addSeconds } from '../../lib/time.ts';
import type {
  CreatePaymentInput,
  PaidPayment,
  PaymentProvider,
  ProviderPaymentState,
} from './payment-provider.ts';
import { acknowledgementFor, isAcknowledged, signedNotify, verifySignedNotify } from './sandbox-signature.ts';
import { sandboxNotifyOutbox, sandboxPayments } from './tables.ts';

/**
 * The built-in payment gateway. It really runs inside the server: it keeps its own books
 * (`sandbox_payments`), serves a cashier page, and after a payment posts a signed notify over HTTP
 * to the merchant's notify URL from a durable outbox, retried on the schedule WeChat Pay uses
 * until acknowledged. It never moves our money itself: only the verified notify (or our query) does.
 */

export const CASHIER_PATH_PREFIX = '/app/sandbox-pay/cashier';

/** Seconds to wait after the n-th failed attempt (WeChat Pay: 15s 15s 30s 3m 10m 20m 30m … 6h, ~24h). */
export const NOTIFY_RETRY_DELAYS_SECONDS = [
  15, 15, 30, 180, 600, 1200, 1800, 1800, 1800, 3600, 10800, 10800, 10800, 21600, 21600,
] as const;

/** A sandbox payment (and our recharge order) can be paid for 30 minutes. */
export const PAYMENT_EXPIRES_SECONDS = RECHARGE_PAYMENT_SECONDS;

/** A claimed delivery not finished within this is taken over (the sender crashed mid-attempt). */
const CLAIM_LEASE_SECONDS = 30;
const NOTIFY_TIMEOUT_MS = 5000;

export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;

export interface NotifyTransport {
  (
    url: string,
    request: { body: string; headers: Record<string, string> },
  ): Promise<{ statusCode: number; body: string }>;
}

export const httpTransport: NotifyTransport = async (url, request) => {
  const response = await fetch(url, {
    method: 'POST',
    body: request.body,
    headers: request.headers,
    signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
  });
  return { statusCode: response.status, body: await response.text() };
};

export interface SandboxGatewayOptions {
  db: Database;
  secret: string;
  now: () => Date;
  transport?: NotifyTransport;
  merchantName: string;
}

const paidOf = (row: SandboxPaymentRow): PaidPayment | null =>
  row.status === 'paid' && row.transactionId && row.paidAt
    ? {
        channel: row.channel,
        outTradeNo: row.outTradeNo,
        transactionId: row.transactionId,
        amount: row.amount,
        currency: row.currency,
        paidAt: row.paidAt,
      }
    : null;

const stateOf = (row: SandboxPaymentRow | undefined): ProviderPaymentState => {
  if (!row) return { status: 'not_found' };
  const paid = paidOf(row);
  if (paid) return { status: 'paid', payment: paid };
  return { status: row.status === 'closed' ? 'closed' : 'pending' };
};

/** 4200… for WeChat, 2026… for Alipay, like the real ones. */
function newTransactionId(channel: PaymentChannel, now: Date) {
  const digits = Array.from({ length: 10 }, () => randomInt(10)).join('');
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return channel === 'wechat' ? `4200${day}${digits}` : `${day}2200${digits}`;
}

export function createSandboxGateway(options: SandboxGatewayOptions) {
  const { db, secret, now, merchantName } = options;
  const transport = options.transport ?? httpTransport;
  let wakeDispatcher: () => void = () => {};

  const byTradeNo = async (channel: PaymentChannel, outTradeNo: string) => {
    const [row] = await db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.channel, channel), eq(sandboxPayments.outTradeNo, outTradeNo)));
    return row;
  };

  /** Closes an expired pending payment on read, as a real gateway's order expiry would. */
  const expireIfDue = async (row: SandboxPaymentRow | undefined, expiresAt: Date | null) => {
    if (!row || row.status !== 'pending' || !expiresAt || expiresAt > now()) return row;
    const [closed] = await db
      .update(sandboxPayments)
      .set({ status: 'closed' })
      .where(and(eq(sandboxPayments.id, row.id), eq(sandboxPayments.status, 'pending')))
      .returning();
    return closed ?? (await byTradeNo(row.channel, row.outTradeNo));
  };

  const expiresAtOf = (row: SandboxPaymentRow) => addSeconds(row.createdAt, PAYMENT_EXPIRES_SECONDS);

  const provider: PaymentProvider = {
    name: 'sandbox',
    async createPayment(input: CreatePaymentInput) {
      const prepayId = randomBytes(24).toString('base64url');
      await db.insert(sandboxPayments).values({
        prepayId,
        channel: input.channel,
        outTradeNo: input.outTradeNo,
        amount: input.amount,
        subject: input.subject,
        notifyUrl: input.notifyUrl,
        returnPath: input.returnPath,
        createdAt: now(),
      });
      return { cashierUrl: `${CASHIER_PATH_PREFIX}/${prepayId}` };
    },
    async queryPayment(channel, outTradeNo) {
      const row = await byTradeNo(channel, outTradeNo);
      return stateOf(row && (await expireIfDue(row, expiresAtOf(row))));
    },
    async closePayment(channel, outTradeNo) {
      await db
        .update(sandboxPayments)
        .set({ status: 'closed' })
        .where(
          and(
            eq(sandboxPayments.channel, channel),
            eq(sandboxPayments.outTradeNo, outTradeNo),
            eq(sandboxPayments.status, 'pending'),
          ),
        );
      return stateOf(await byTradeNo(channel, outTradeNo));
    },
    verifyNotify: (channel, request) => verifySignedNotify(secret, channel, request, now()),
    acknowledge: acknowledgementFor,
  };

  const cashier = {
    merchantName,
    async load(prepayId: string) {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.prepayId, prepayId));
      return row && (await expireIfDue(row, expiresAtOf(row)));
    },
    /** The user confirms: the gateway books the payment and queues its notify, in one transaction. */
    async pay(prepayId: string): Promise<SandboxPaymentRow | undefined> {
      const current = await cashier.load(prepayId);
      if (!current || current.status !== 'pending') return current;
      const paidAt = now();
      const paid = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(sandboxPayments)
          .set({ status: 'paid', paidAt, transactionId: newTransactionId(current.channel, paidAt) })
          .where(and(eq(sandboxPayments.id, current.id), eq(sandboxPayments.status, 'pending')))
          .returning();
        if (!row) return undefined;
        await tx
          .insert(sandboxNotifyOutbox)
          .values({ paymentId: row.id, nextAttemptAt: paidAt, createdAt: paidAt });
        return row;
      });
      if (!paid) return cashier.load(prepayId);
      wakeDispatcher();
      return paid;
    },
    async cancel(prepayId: string) {
      const current = await cashier.load(prepayId);
      if (!current || current.status !== 'pending') return current;
      await provider.closePayment(current.channel, current.outTradeNo);
      return cashier.load(prepayId);
    },
  };

  interface ClaimedDelivery {
    id: string | number;
    payment_id: string | number;
    attempts: number;
  }

  const dispatcher = {
    /** Delivers every notify that is due; returns how many were acknowledged. */
    async deliverDue(limit = 20): Promise<number> {
      const at = now();
      const claimed = await queryRows<ClaimedDelivery>(
        db,
        sql`update sandbox_notify_outbox set attempts = attempts + 1,
                   next_attempt_at = ${addSeconds(at, CLAIM_LEASE_SECONDS).toISOString()}
            where id in (select id from sandbox_notify_outbox
                         where delivered_at is null and abandoned_at is null
                           and next_attempt_at <= ${at.toISOString()}
                         order by next_attempt_at, id limit ${limit} for update skip locked)
            returning id, payment_id, attempts`,
      );
      const results = await Promise.all(claimed.map((delivery) => dispatcher.deliver(delivery)));
      return results.filter(Boolean).length;
    },
    async deliver(delivery: ClaimedDelivery): Promise<boolean> {
      const [payment] = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.id, Number(delivery.payment_id)));
      const paid = payment && paidOf(payment);
      let acknowledged = false;
      let error = '';
      if (!payment || !paid) {
        error = 'payment is not paid';
      } else {
        try {
          const request = signedNotify(secret, paid, now());
          const response = await transport(payment.notifyUrl, request);
          acknowledged = isAcknowledged(payment.channel, response.statusCode, response.body);
          if (!acknowledged) error = `HTTP ${response.statusCode}: ${response.body.slice(0, 200)}`;
        } catch (cause) {
          error = cause instanceof Error ? cause.message : String(cause);
        }
      }
      const at = now();
      const delay = NOTIFY_RETRY_DELAYS_SECONDS[delivery.attempts - 1];
      await db
        .update(sandboxNotifyOutbox)
        .set(
          acknowledged
            ? { deliveredAt: at, lastError: '' }
            : delay === undefined
              ? { abandonedAt: at, lastError: error }
              : { nextAttemptAt: addSeconds(at, delay), lastError: error },
        )
        .where(eq(sandboxNotifyOutbox.id, Number(delivery.id)));
      return acknowledged;
    },
  };

  return {
    provider,
    cashier,
    dispatcher,
    /** Called after a payment so its notify goes out at once rather than on the next tick. */
    onPaid(wake: () => void) {
      wakeDispatcher = wake;
    },
  };
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;

import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { paymentChannels, type PaymentChannel } from '@haoshi/contracts';
import { safeEqual } from '../../lib/crypto.ts';
import type {
  NotifyAcknowledgement,
  NotifyRequest,
  NotifyVerification,
  PaidPayment,
} from './payment-provider.ts';

/**
 * The sandbox gateway's notify format, modelled on WeChat Pay API v3: a JSON body, and headers
 * carrying a timestamp, a nonce and an HMAC-SHA256 over `timestamp\nnonce\nbody\n`.
 */
export const NOTIFY_HEADERS = {
  timestamp: 'x-sandbox-timestamp',
  nonce: 'x-sandbox-nonce',
  signature: 'x-sandbox-signature',
} as const;

/** A notify older or newer than this (by the receiver's clock) is refused as a replay. */
export const NOTIFY_TOLERANCE_SECONDS = 300;

const notifyBodySchema = z.object({
  id: z.string().min(1),
  event_type: z.literal('TRANSACTION.SUCCESS'),
  channel: z.enum(paymentChannels),
  out_trade_no: z.string().min(1).max(64),
  transaction_id: z.string().min(1).max(64),
  trade_state: z.literal('SUCCESS'),
  amount: z.object({ total: z.number().int().positive(), currency: z.string().min(3).max(3) }),
  success_time: z.iso.datetime({ offset: true }),
});

const signatureOf = (secret: string, timestamp: string, nonce: string, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}\n${nonce}\n${body}\n`).digest('base64');

export function signedNotify(secret: string, payment: PaidPayment, now: Date) {
  const body = JSON.stringify({
    id: randomBytes(12).toString('hex'),
    event_type: 'TRANSACTION.SUCCESS',
    channel: payment.channel,
    out_trade_no: payment.outTradeNo,
    transaction_id: payment.transactionId,
    trade_state: 'SUCCESS',
    amount: { total: payment.amount, currency: payment.currency },
    success_time: payment.paidAt.toISOString(),
  });
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const nonce = randomBytes(16).toString('hex');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      [NOTIFY_HEADERS.timestamp]: timestamp,
      [NOTIFY_HEADERS.nonce]: nonce,
      [NOTIFY_HEADERS.signature]: signatureOf(secret, timestamp, nonce, body),
    },
  };
}

const header = (request: NotifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

export function verifySignedNotify(
  secret: string,
  channel: PaymentChannel,
  request: NotifyRequest,
  now: Date,
): NotifyVerification {
  const timestamp = header(request, NOTIFY_HEADERS.timestamp);
  const nonce = header(request, NOTIFY_HEADERS.nonce);
  const signature = header(request, NOTIFY_HEADERS.signature);
  if (!timestamp || !nonce || !signature || !/^\d{1,12}$/.test(timestamp) || nonce.length > 64) {
    return { ok: false, reason: '缺少签名信息' };
  }
  if (!safeEqual(signature, signatureOf(secret, timestamp, nonce, request.rawBody))) {
    return { ok: false, reason: '签名错误' };
  }
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > NOTIFY_TOLERANCE_SECONDS) {
    return { ok: false, reason: '通知已过期' };
  }
  let json: unknown;
  try {
    json = JSON.parse(request.rawBody);
  } catch {
    return { ok: false, reason: '报文格式错误' };
  }
  const parsed = notifyBodySchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: '报文格式错误' };
  const body = parsed.data;
  if (body.channel !== channel) return { ok: false, reason: '支付渠道不符' };
  return {
    ok: true,
    payment: {
      channel,
      outTradeNo: body.out_trade_no,
      transactionId: body.transaction_id,
      amount: body.amount.total,
      currency: body.amount.currency,
      paidAt: new Date(body.success_time),
    },
  };
}

/** WeChat Pay wants HTTP 200/204 (or a JSON FAIL with 4xx/5xx); Alipay wants the text `success`. */
export function acknowledgementFor(
  channel: PaymentChannel,
  accepted: boolean,
  reason = '',
): NotifyAcknowledgement {
  if (channel === 'alipay') {
    return { statusCode: 200, contentType: 'text/plain; charset=utf-8', body: accepted ? 'success' : 'fail' };
  }
  return accepted
    ? {
        statusCode: 200,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({ code: 'SUCCESS', message: '成功' }),
      }
    : {
        statusCode: 400,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({ code: 'FAIL', message: reason || '失败' }),
      };
}

/** How the gateway reads the merchant's answer. */
export function isAcknowledged(channel: PaymentChannel, statusCode: number, body: string): boolean {
  if (channel === 'alipay') return statusCode === 200 && body.trim() === 'success';
  if (statusCode === 204) return true;
  if (statusCode !== 200) return false;
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    return parsed.code === 'SUCCESS';
  } catch {
    return false;
  }
}

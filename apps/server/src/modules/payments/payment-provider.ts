import type { PaymentChannel } from '@haoshi/contracts';

/**
 * What the recharge flow needs from a payment gateway (WeChat Pay, Alipay, or the built-in sandbox).
 * Amounts are fen; the provider is the authority on whether money arrived.
 */
export interface CreatePaymentInput {
  channel: PaymentChannel;
  /** Our order number (the gateways' out_trade_no). */
  outTradeNo: string;
  amount: number;
  subject: string;
  /** Where the gateway posts its signed notify. */
  notifyUrl: string;
  /** A path of this site the cashier sends the user back to. */
  returnPath: string;
  expiresAt: Date;
}

export type ProviderPaymentState =
  | { status: 'pending' }
  | { status: 'closed' }
  | { status: 'not_found' }
  | { status: 'paid'; payment: PaidPayment };

export interface PaidPayment {
  channel: PaymentChannel;
  outTradeNo: string;
  transactionId: string;
  /** Fen. */
  amount: number;
  currency: string;
  paidAt: Date;
}

export interface NotifyRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

export type NotifyVerification = { ok: true; payment: PaidPayment } | { ok: false; reason: string };

/** The HTTP answer a gateway expects from the merchant's notify endpoint. */
export interface NotifyAcknowledgement {
  statusCode: number;
  contentType: string;
  body: string;
}

export interface PaymentProvider {
  readonly name: string;
  createPayment(input: CreatePaymentInput): Promise<{ cashierUrl: string }>;
  queryPayment(channel: PaymentChannel, outTradeNo: string): Promise<ProviderPaymentState>;
  /** Closes an unpaid payment; answers the state after the attempt (it may have been paid meanwhile). */
  closePayment(channel: PaymentChannel, outTradeNo: string): Promise<ProviderPaymentState>;
  /** Checks the signature, timestamp and form of a notify; touches nothing. */
  verifyNotify(channel: PaymentChannel, request: NotifyRequest): NotifyVerification;
  acknowledge(channel: PaymentChannel, accepted: boolean, reason?: string): NotifyAcknowledgement;
}

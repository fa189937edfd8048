import { useMutation } from '@tanstack/react-query';
import {
  paymentPaths,
  type RechargeCreated,
  type RechargeExchangeRequest,
  type RechargeProxyRequest,
} from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';

export interface RechargeSubmission {
  /** With a phone: 代充 (/proxy) for that user; without: /exchange for oneself. */
  request: RechargeExchangeRequest | RechargeProxyRequest;
  /** One key per intended order: a retry of the same submission reuses it. */
  idempotencyKey: string;
}

export function postRecharge({ request, idempotencyKey }: RechargeSubmission): Promise<RechargeCreated> {
  const path = 'phone' in request ? paymentPaths.rechargeProxy : paymentPaths.rechargeExchange;
  return http
    .post<RechargeCreated>(path, request, { headers: { 'Idempotency-Key': idempotencyKey } })
    .then(unwrap);
}

/** POST /app/recharge/exchange (or /proxy): creates the order and answers the cashier address. */
export function useCreateRecharge(onCreated: (order: RechargeCreated) => void) {
  return useMutation({ mutationFn: postRecharge, onSuccess: onCreated, onError: showError });
}

export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `recharge-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

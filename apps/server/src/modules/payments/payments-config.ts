import { z } from 'zod';
import { hmac } from '../../lib/crypto.ts';
import type { Config } from '../../config.ts';

/** The payments module's own settings, read from the environment next to the app's config. */
const paymentsEnvSchema = z.object({
  /** HMAC-SHA256 key the sandbox gateway signs notifies with; derived from SESSION_SECRET by default. */
  SANDBOX_PAY_SECRET: z.string().min(16).optional(),
  /** The sandbox gives money for nothing: in production it stays off unless this says otherwise. */
  SANDBOX_PAY_IN_PRODUCTION: z.enum(['true', 'false']).default('false'),
  /** How often the notify outbox and the 5-minute active query run; 0 turns the timer off (tests). */
  PAYMENT_WORKER_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  /** The base URL notifies are posted to; by default this server's own listening address. */
  PAYMENT_NOTIFY_BASE_URL: z.string().url().optional(),
});

export interface PaymentsConfig {
  sandboxSecret: string;
  sandboxEnabled: boolean;
  workerIntervalMs: number;
  notifyBaseUrl: string | undefined;
}

export function loadPaymentsConfig(config: Config, env: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = paymentsEnvSchema.parse(present);
  return {
    sandboxSecret: parsed.SANDBOX_PAY_SECRET ?? hmac(config.SESSION_SECRET, 'sandbox-pay-notify'),
    sandboxEnabled: config.NODE_ENV !== 'production' || parsed.SANDBOX_PAY_IN_PRODUCTION === 'true',
    workerIntervalMs: parsed.PAYMENT_WORKER_INTERVAL_MS,
    notifyBaseUrl: parsed.PAYMENT_NOTIFY_BASE_URL,
  };
}

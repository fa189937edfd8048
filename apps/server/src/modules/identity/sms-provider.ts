import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { smsOutbox } from './tables.ts';
import { maskPhone } from './user-service.ts';

export interface SmsMessage {
  phone: string;
  scene: string;
  content: string;
}

/** Sends a text message. Runs inside the caller's transaction so a failed send leaves no code behind. */
export interface SmsProvider {
  send(message: SmsMessage, executor: Executor): Promise<void>;
}

/**
 * The built-in provider: every message lands in the sms_outbox table. Outside production the
 * server log shows it too (codes at hand while developing); in production the log names only the
 * scene and the masked phone, never the text with its code.
 */
export function createOutboxSmsProvider(
  log: FastifyBaseLogger,
  options: { logContent: boolean },
): SmsProvider {
  return {
    async send(message, executor) {
      await executor.insert(smsOutbox).values(message);
      if (options.logContent)
        log.info(
          { phone: message.phone, scene: message.scene },
          `SMS to ${message.phone}: ${message.content}`,
        );
      else log.info({ phone: maskPhone(message.phone), scene: message.scene }, 'SMS written to the outbox');
    },
  };
}

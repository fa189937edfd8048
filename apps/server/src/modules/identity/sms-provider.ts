import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { smsOutbox } from './tables.ts';

export interface SmsMessage {
  phone: string;
  scene: string;
  content: string;
}

/** Sends a text message. Runs inside the caller's transaction so a failed send leaves no code behind. */
export interface SmsProvider {
  send(message: SmsMessage, executor: Executor): Promise<void>;
}

/** The built-in provider: every message lands in the sms_outbox table and the server log. */
export function createOutboxSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    async send(message, executor) {
      await executor.insert(smsOutbox).values(message);
      log.info({ phone: message.phone, scene: message.scene }, `SMS to ${message.phone}: ${message.content}`);
    },
  };
}

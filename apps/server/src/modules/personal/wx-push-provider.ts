import type { FastifyBaseLogger } from 'fastify';
import type { NoticeTopic } from '@haoshi/contracts';

/** One push to a bound WeChat account (a subscription message of WeChat's template API). */
export interface WxPushMessage {
  /** The outbox row's id: a provider may use it to drop a repeat. */
  id: number;
  openid: string;
  topic: NoticeTopic;
  title: string;
  body: string;
  link: string;
}

export type WxPushOutcome = { ok: true } | { ok: false; error: string };

/**
 * Sends WeChat pushes. A real provider calls WeChat's subscription-message API; the built-in one
 * works on one machine (the outbox row it marks delivered is the push, shown on /wxPushInform).
 */
export interface WxPushProvider {
  readonly name: string;
  deliver(message: WxPushMessage): Promise<WxPushOutcome>;
}

/** The built-in provider: accepts every push and logs it (without its text in production). */
export function createBuiltinWxPushProvider(
  log: FastifyBaseLogger,
  options: { logContent: boolean },
): WxPushProvider {
  return {
    name: 'builtin',
    deliver(message) {
      log.info(
        {
          push: message.id,
          topic: message.topic,
          ...(options.logContent ? { title: message.title, body: message.body } : {}),
        },
        'wechat push delivered (built-in provider)',
      );
      return Promise.resolve({ ok: true });
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createChatPublisher, sessionsEndedEvent } from '../chat/index.ts';
import { createSessionService, type SessionService } from '../identity/index.ts';

/**
 * The session module as the admin command line has it, for `disable`. The command line is a process
 * of its own: what `ended` tells reaches running servers only on the chat bus over Redis (the
 * servers' REDIS_URL and CHAT_BUS_CHANNEL), and they close the account's sockets at once. Without
 * Redis nothing carries it: a socket closes when it next re-reads its session, before a frame it
 * handles or after one delivered to it once its last check is SESSION_RECHECK_MS old (docs/chat.md).
 * HTTP calls are refused at once either way: every request reads its session.
 */
export function openAdminSessions(
  db: Database,
  config: Config,
  log: Pick<FastifyBaseLogger, 'error'>,
): { sessions: SessionService; close: () => Promise<void> } {
  const sessions = createSessionService({
    db,
    secret: config.SESSION_SECRET,
    ttlDays: config.SESSION_TTL_DAYS,
    rotateAfterSeconds: config.SESSION_ROTATE_AFTER_SECONDS,
  });
  const publisher = createChatPublisher({
    redisUrl: config.REDIS_URL,
    channel: config.CHAT_BUS_CHANNEL,
    log,
  });
  sessions.onEnded((userId) => publisher.publish(sessionsEndedEvent(userId)));
  return { sessions, close: () => publisher.close() };
}

import type { FastifyPluginAsync } from 'fastify';
import { seedFaq } from './faq-service.ts';
import { createRatingService } from './rating-service.ts';
import { customerServiceRoutes } from './routes.ts';
import type { ServiceChat } from './service-chat.ts';
import { createSessionService } from './session-service.ts';

/** Customer service (issue 12 C): the help centre, the human queue with its timers, ratings. */
export const customerServicePlugin: FastifyPluginAsync<{ now: () => Date; chat: ServiceChat }> = async (
  app,
  { now, chat },
) => {
  const sessions = createSessionService({ db: app.db, now, processes: app.processes, chat });
  sessions.registerTimers(app.jobs);
  const ratings = createRatingService({ db: app.db, now });
  // The help centre's articles are product content, not demo data: ensured at every start.
  app.addHook('onReady', () => seedFaq(app.db));
  await app.register(customerServiceRoutes, { sessions, ratings });
};

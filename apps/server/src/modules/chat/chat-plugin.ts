import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import { apiPaths } from '@haoshi/contracts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { ImageUrl } from '../goods/index.ts';
import type { SessionService } from '../identity/index.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { createChatBus, sessionsEndedEvent, type ChatBus } from './chat-bus.ts';
import { createChatService, type ChatService, type OrderCardLookup } from './chat-service.ts';
import { createSocketHub, serveSocket, type SocketHub } from './chat-socket.ts';
import { registerNoticePush } from './notice-push.ts';
import { chatRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Chat (other modules use it through chat/index.ts; tests and the bench drive it directly). */
    chat: ChatService;
    chatSockets: SocketHub;
  }
}

/** Headroom over chatRules.maxFrameBytes: larger frames get an error frame, not a dropped socket. */
const WS_MAX_PAYLOAD = 1024 * 1024;

/**
 * Chat (issue 12 A): the WebSocket on this server's port, the HTTP calls, and the bus that carries
 * deliveries between instances (Redis pub/sub with REDIS_URL, in-process otherwise).
 */
export const chatPlugin = fp<{
  now: () => Date;
  sessions: SessionService;
  catalogue: CatalogueService;
  imageUrl: ImageUrl;
  orderCard: OrderCardLookup;
  /** Tests may share one in-process bus between two apps. */
  bus?: ChatBus;
}>(
  async (app, options) => {
    const bus =
      options.bus ??
      (await createChatBus({
        redisUrl: app.config.REDIS_URL,
        channel: app.config.CHAT_BUS_CHANNEL,
        log: app.log,
      }));
    if (!options.bus) app.addHook('onClose', () => bus.close());
    const chat = createChatService({
      db: app.db,
      now: options.now,
      bus,
      catalogue: options.catalogue,
      imageUrl: options.imageUrl,
      orderCard: options.orderCard,
    });
    registerNoticePush(app.jobs, { db: app.db, bus, unreadTotalsOf: chat.unreadTotalsOf });
    const hub = createSocketHub(bus);
    // Every instance closes the sockets whose session ended, wherever it was ended.
    options.sessions.onEnded((userId) => bus.publish(sessionsEndedEvent(userId)));
    app.decorate('chat', chat);
    app.decorate('chatSockets', hub);
    await app.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD } });
    await app.register(async (scope) => {
      scope.get(apiPaths.chatWs, { websocket: true, schema: { hide: true } }, (socket, request) => {
        serveSocket(socket, {
          headerToken: bearerToken(request.headers.authorization),
          sessions: options.sessions,
          chat,
          hub,
          log: request.log,
          now: options.now,
          setIdleTimeout: (ms, onIdle) => {
            request.raw.socket.setTimeout(ms);
            request.raw.socket.once('timeout', onIdle);
          },
        });
      });
    });
    await app.register(chatRoutes, { chat });
  },
  { name: 'chat', dependencies: ['config', 'db'] },
);

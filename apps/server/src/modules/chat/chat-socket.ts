import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  chatCloseCodes,
  chatRules,
  clientFrameSchema,
  ErrorCodes,
  messageFor,
  type ServerFrame,
} from '@haoshi/contracts';
import { AppError } from '../../lib/errors.ts';
import type { SessionService } from '../identity/index.ts';
import type { ChatBus } from './chat-bus.ts';
import type { ChatService } from './chat-service.ts';

/**
 * How long a socket goes on its last session check: its frames and the frames delivered to it read
 * the session again once this has passed. The bus closes a socket as soon as its session ends; this
 * bounds how long one that missed the bus's word (Redis cut off) goes on.
 */
export const SESSION_RECHECK_MS = 15_000;

/** One authenticated socket: frames wait while the backlog of a (re)connect is being sent. */
interface Connection {
  userId: number;
  sessionId: number;
  send(frame: ServerFrame): void;
  /** Reads the session now and closes the socket if it no longer holds (sessions of the user ended). */
  recheckSession(): void;
}

/**
 * This instance's sockets by user, fed by the bus: every event names the users it is for, and each
 * instance writes its frame to the sockets it holds for them (or, when their sessions ended, has
 * those sockets re-read their sessions).
 */
export function createSocketHub(bus: ChatBus) {
  const byUser = new Map<number, Set<Connection>>();
  bus.subscribe((event) => {
    for (const userId of event.userIds) {
      for (const connection of byUser.get(userId) ?? []) {
        if ('frame' in event) connection.send(event.frame);
        else connection.recheckSession();
      }
    }
  });
  return {
    add(connection: Connection) {
      const set = byUser.get(connection.userId) ?? new Set<Connection>();
      set.add(connection);
      byUser.set(connection.userId, set);
    },
    remove(connection: Connection) {
      const set = byUser.get(connection.userId);
      set?.delete(connection);
      if (set?.size === 0) byUser.delete(connection.userId);
    },
    /** Sockets held now (for the bench and health). */
    size: () => [...byUser.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

export type SocketHub = ReturnType<typeof createSocketHub>;

const errorFrame = (code: number, message = messageFor(code), clientMsgId?: string): ServerFrame => ({
  type: 'error',
  err_code: code,
  message,
  ...(clientMsgId ? { client_msg_id: clientMsgId } : {}),
});

function frameError(error: unknown, log: FastifyBaseLogger, clientMsgId?: string): ServerFrame {
  if (error instanceof AppError) return errorFrame(error.errCode, error.message, clientMsgId);
  log.error({ err: error }, 'chat: frame failed');
  return errorFrame(ErrorCodes.INTERNAL_ERROR, undefined, clientMsgId);
}

/**
 * Serves one socket: `hello` (token from the frame or the upgrade's Authorization header) and the
 * resume, then sends, acks, reads, typing and pings, one frame at a time in the order they came.
 * A frame that is not JSON, too large or not a known frame gets an error frame; the socket stays.
 * Once its session ends (logout, signed out from another device, phone rebound, account no longer
 * active) the socket gets an error frame (401/402) and is closed with 4401.
 */
export function serveSocket(
  socket: WebSocket,
  options: {
    headerToken: string | undefined;
    sessions: SessionService;
    chat: ChatService;
    hub: SocketHub;
    log: FastifyBaseLogger;
    now: () => Date;
    setIdleTimeout: (ms: number, onIdle: () => void) => void;
  },
): void {
  const { sessions, chat, hub, log } = options;
  let connection: Connection | null = null;
  let syncing: ServerFrame[] | null = null;
  let chain: Promise<void> = Promise.resolve();
  let sessionCheckedAt = 0;
  let ended = false;

  const write = (frame: ServerFrame) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };
  options.setIdleTimeout(chatRules.idleTimeoutSeconds * 1000, () =>
    socket.close(chatCloseCodes.idle, 'idle'),
  );

  function endSession(code: number, clientMsgId?: string) {
    if (ended) return;
    ended = true;
    if (connection) hub.remove(connection);
    write(errorFrame(code, undefined, clientMsgId));
    socket.close(chatCloseCodes.unauthorized, 'session ended');
  }

  const recheckDue = () => options.now().getTime() - sessionCheckedAt >= SESSION_RECHECK_MS;

  /**
   * Reads the connection's session again: whether it still holds; when it does not, the socket is
   * told and closed (`clientMsgId`: the send refused for it).
   */
  async function sessionHolds(clientMsgId?: string): Promise<boolean> {
    if (ended || !connection) return false;
    sessionCheckedAt = options.now().getTime();
    const state = await sessions.stateOf(connection.sessionId);
    if (state === 'ok') return !ended;
    endSession(state === 'disabled' ? ErrorCodes.ACCOUNT_DISABLED : ErrorCodes.SESSION_INVALID, clientMsgId);
    return false;
  }

  const recheckInBackground = () => {
    sessionHolds().catch((error: unknown) => log.warn({ err: error }, 'chat: session check failed'));
  };

  async function hello(token: string | undefined, lastSeqs: { conversation_id: number; seq: number }[]) {
    if (connection) return write(errorFrame(ErrorCodes.CHAT_FRAME_INVALID, '已完成连接认证'));
    const given = token ?? options.headerToken;
    const result = given ? await sessions.authenticate(given) : undefined;
    if (result?.status !== 'ok') {
      const code = !result
        ? ErrorCodes.LOGIN_REQUIRED
        : result.status === 'disabled'
          ? ErrorCodes.ACCOUNT_DISABLED
          : ErrorCodes.SESSION_INVALID;
      write(errorFrame(code));
      socket.close(chatCloseCodes.unauthorized, 'unauthorized');
      return;
    }
    const userId = result.user.id;
    const queue: ServerFrame[] = [];
    syncing = queue;
    sessionCheckedAt = options.now().getTime();
    connection = {
      userId,
      sessionId: result.sessionId,
      send: (frame) => {
        if (syncing) syncing.push(frame);
        else write(frame);
        if (recheckDue()) recheckInBackground();
      },
      recheckSession: recheckInBackground,
    };
    hub.add(connection);
    const marks = new Map(lastSeqs.map((entry) => [entry.conversation_id, entry.seq]));
    const { heads, messages } = await chat.resume(userId, marks);
    write({ type: 'ready', user_id: userId, server_time: options.now().toISOString(), heads });
    const sent = new Map<number, number>();
    for (const message of messages) {
      write({ type: 'message', message });
      sent.set(message.conversation_id, Math.max(sent.get(message.conversation_id) ?? 0, message.seq));
    }
    syncing = null;
    for (const frame of queue) {
      // Live messages that the backlog already held are not sent twice.
      if (frame.type === 'message' && frame.message.seq <= (sent.get(frame.message.conversation_id) ?? 0))
        continue;
      write(frame);
    }
  }

  async function handle(raw: string) {
    if (ended) return;
    if (Buffer.byteLength(raw) > chatRules.maxFrameBytes)
      return write(errorFrame(ErrorCodes.CHAT_FRAME_TOO_LARGE));
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return write(errorFrame(ErrorCodes.CHAT_FRAME_INVALID));
    }
    const parsed = clientFrameSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return write(
        errorFrame(
          ErrorCodes.CHAT_FRAME_INVALID,
          issue?.message ? `消息格式错误：${issue.message}` : undefined,
        ),
      );
    }
    const frame = parsed.data;
    if (frame.type === 'ping') {
      return write({
        type: 'pong',
        server_time: options.now().toISOString(),
        ...(frame.t === undefined ? {} : { t: frame.t }),
      });
    }
    if (frame.type === 'hello') return hello(frame.token, frame.last_seqs);
    if (!connection) return write(errorFrame(ErrorCodes.CHAT_NOT_HELLO));
    const userId = connection.userId;
    if (recheckDue() && !(await sessionHolds(frame.type === 'send' ? frame.client_msg_id : undefined)))
      return;
    switch (frame.type) {
      case 'send': {
        try {
          const result = await chat.send(userId, frame);
          write({ type: 'sent', client_msg_id: frame.client_msg_id, ...result });
        } catch (error) {
          write(frameError(error, log, frame.client_msg_id));
        }
        return;
      }
      case 'ack':
      case 'read':
        try {
          await chat.mark(userId, {
            conversation_id: frame.conversation_id,
            seq: frame.seq,
            read: frame.type === 'read',
          });
        } catch (error) {
          write(frameError(error, log));
        }
        return;
      case 'typing':
        try {
          await chat.typing(userId, frame.conversation_id);
        } catch (error) {
          write(frameError(error, log));
        }
        return;
    }
  }

  socket.on('message', (data, isBinary) => {
    const bytes = Buffer.isBuffer(data)
      ? data
      : Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.from(data);
    const raw = isBinary ? null : bytes.toString('utf8');
    chain = chain
      .then(() => (raw === null ? write(errorFrame(ErrorCodes.CHAT_FRAME_INVALID)) : handle(raw)))
      .catch((error: unknown) => write(frameError(error, log)));
  });
  socket.on('close', () => {
    if (connection) hub.remove(connection);
  });
  socket.on('error', (error) => log.warn({ err: error }, 'chat: socket error'));
}

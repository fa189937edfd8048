import {
  chatCloseCodes,
  serverFrameSchema,
  type ClientFrame,
  type ImConnect,
  type ServerFrame,
} from '@haoshi/contracts';

/** What the socket needs of a WebSocket (the browser's, or a fake in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export type SocketStatus = 'idle' | 'connecting' | 'online' | 'offline';

export interface ChatSocketOptions {
  /** GET /app/user/im, asked before every connect (the token may have rotated). */
  connectInfo: () => Promise<ImConnect>;
  createSocket: (url: string) => SocketLike;
  /** Runs `work` after `ms`; returns a cancel function (setTimeout, or a fake clock in tests). */
  schedule: (work: () => void, ms: number) => () => void;
  /** The highest seq the client holds per conversation: sent in every hello. */
  lastSeqs: () => { conversation_id: number; seq: number }[];
  onFrame: (frame: ServerFrame) => void;
  onStatus: (status: SocketStatus) => void;
  /** /app/user/im refused (no valid session): the socket stops until started again. */
  onUnauthorized: () => void;
  /**
   * The server closed with 4401: the session ended (logout, signed out from another device, phone
   * rebound, account disabled) or hello was refused. The socket stops instead of reconnecting.
   */
  onSessionEnded: () => void;
  random?: () => number;
  /** ws(s)://host of the page (read when connecting: a session may be created where there is no page). */
  origin: () => string;
}

const OPEN = 1;
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** 1 s, 2 s, 4 s … up to 30 s, each between half and the whole of it (so clients do not reconnect in step). */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() / 2));
}

/** Parses one text frame; undefined for anything the contract does not describe. */
export function parseServerFrame(data: unknown): ServerFrame | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = serverFrameSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One WebSocket to the chat server, kept up while started: hello with the session token and the
 * held seqs after every (re)connect, reconnect with backoff after any loss, a ping every heartbeat
 * and a reconnect when nothing at all came back for two of them.
 */
export class ChatSocket {
  private socket: SocketLike | undefined;
  private status: SocketStatus = 'idle';
  private started = false;
  private attempt = 0;
  private cancelRetry: (() => void) | undefined;
  private cancelHeartbeat: (() => void) | undefined;
  private heartbeatMs = 25_000;
  private lastHeard = 0;
  private generation = 0;

  constructor(private readonly options: ChatSocketOptions) {}

  get state(): SocketStatus {
    return this.status;
  }

  get isOnline(): boolean {
    return this.status === 'online';
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    void this.connect();
  }

  /** Closes and stays closed (logout, tab leaving). */
  stop(): void {
    this.started = false;
    this.drop();
    this.setStatus('idle');
  }

  /** The network is back (or the user asked): try now instead of waiting for the backoff. */
  reconnectNow(): void {
    if (!this.started || this.status === 'online' || this.status === 'connecting') return;
    this.attempt = 0;
    this.cancelRetry?.();
    void this.connect();
  }

  /** The browser says it is offline: stop pretending the socket is up; resume when it is back. */
  goOffline(): void {
    if (!this.started) return;
    this.drop();
    this.setStatus('offline');
  }

  /** Sends when the socket is up and authenticated; false otherwise (the caller falls back to HTTP). */
  send(frame: ClientFrame): boolean {
    const socket = this.socket;
    if (!socket || this.status !== 'online' || socket.readyState !== OPEN) return false;
    try {
      socket.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  private setStatus(status: SocketStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.options.onStatus(status);
  }

  private drop(): void {
    this.generation += 1;
    this.cancelRetry?.();
    this.cancelRetry = undefined;
    this.cancelHeartbeat?.();
    this.cancelHeartbeat = undefined;
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
      try {
        socket.close(1000, 'client');
      } catch {
        // Already closed.
      }
    }
  }

  private retryLater(): void {
    if (!this.started) return;
    this.setStatus('offline');
    const delay = backoffDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.cancelRetry = this.options.schedule(() => void this.connect(), delay);
  }

  private async connect(): Promise<void> {
    this.drop();
    const generation = this.generation;
    this.setStatus('connecting');
    let info: ImConnect;
    try {
      info = await this.options.connectInfo();
    } catch (error) {
      if (generation !== this.generation) return;
      if (isUnauthorized(error)) {
        this.stop();
        this.options.onUnauthorized();
      } else this.retryLater();
      return;
    }
    if (generation !== this.generation || !this.started) return;
    this.heartbeatMs = info.heartbeat_seconds * 1000;
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(`${this.options.origin()}${info.ws_path}`);
    } catch {
      this.retryLater();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.lastHeard = Date.now();
      socket.send(JSON.stringify({ type: 'hello', token: info.token, last_seqs: this.options.lastSeqs() }));
    };
    socket.onmessage = (event) => {
      this.lastHeard = Date.now();
      const frame = parseServerFrame(event.data);
      if (!frame) return;
      if (frame.type === 'ready') {
        this.attempt = 0;
        this.setStatus('online');
        this.beat(generation);
      }
      this.options.onFrame(frame);
    };
    socket.onclose = (event) => {
      if (generation !== this.generation) return;
      this.socket = undefined;
      this.cancelHeartbeat?.();
      if (event.code === chatCloseCodes.unauthorized) {
        this.stop();
        this.options.onSessionEnded();
      } else this.retryLater();
    };
    socket.onerror = () => undefined;
  }

  /** A ping every heartbeat; silence for two heartbeats means the line is dead: reconnect. */
  private beat(generation: number): void {
    this.cancelHeartbeat = this.options.schedule(() => {
      if (generation !== this.generation) return;
      if (Date.now() - this.lastHeard > this.heartbeatMs * 2) {
        this.drop();
        this.retryLater();
        return;
      }
      this.send({ type: 'ping', t: Date.now() });
      this.beat(generation);
    }, this.heartbeatMs);
  }
}

function isUnauthorized(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === 400 || code === 401 || code === 402;
}

import { afterEach, beforeEach } from 'vitest';
import { z } from 'zod';
import {
  apiCalls,
  dialogSchema,
  ErrorCodes,
  messageFor,
  type ApiCall,
  type ApiCallKey,
  type Dialog,
  type ErrorCode,
} from '@haoshi/contracts';
import {
  setTransport,
  TransportError,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from './transport';

/**
 * The one fake API of the web tests. It answers the shared client in-process (its transport) by the
 * contracts' `apiCalls` table: a request is read with the call's query/body schema and a reply is
 * written with its response schema, as the server's routes do, so a test cannot use a call, a
 * request or an answer the server would not have. Anything the server would refuse fails the test.
 */

type MethodOf<K> = K extends `${infer M} ${string}` ? M : never;
type PathOf<K> = K extends `${string} ${infer P}` ? P : never;
export type FakePath = PathOf<ApiCallKey>;
type KeysOf<P extends string> = Extract<ApiCallKey, `${string} ${P}`>;
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;
/** Paths served with one method only: `fake.on(path, …)`; the others name the method. */
type SingleMethodPath = { [P in FakePath]: true extends IsUnion<KeysOf<P>> ? never : P }[FakePath];

type CallOf<K extends ApiCallKey> = (typeof apiCalls)[K];
type SchemaOf<C, F extends string> = C extends { [key in F]: infer S extends z.ZodType } ? S : never;
export type FakeData<K extends ApiCallKey> = z.output<CallOf<K>['response']>;
type RawQuery = Record<string, string | string[]>;

export interface FakeRequest<K extends ApiCallKey = ApiCallKey> {
  /** "METHOD path", the contracts' key. */
  key: K;
  method: MethodOf<K>;
  path: string;
  /** The address as sent, query included. */
  url: string;
  /** The query as the server's schema reads it (numbers coerced, defaults filled in). */
  query: CallOf<K> extends { query: z.ZodType } ? z.output<SchemaOf<CallOf<K>, 'query'>> : RawQuery;
  /** The query as sent: strings, repeated keys as arrays. */
  rawQuery: RawQuery;
  /** The JSON body as sent (checked against the call's body schema). */
  body: CallOf<K> extends { body: z.ZodType } ? z.input<SchemaOf<CallOf<K>, 'body'>> : unknown;
  /** The request as the client sent it: headers, time-out. */
  config: SentConfig;
}

export interface SentConfig {
  headers: Record<string, string>;
  /** The call's time-out, ms. */
  timeout: number;
}

export interface UnlistedRequest {
  key: string;
  method: string;
  path: string;
  url: string;
  query: RawQuery;
  rawQuery: RawQuery;
  body: unknown;
  config: SentConfig;
}

type ReplyKind =
  | { kind: 'ok'; data: unknown; headers: Record<string, string> }
  | { kind: 'error'; envelope: ErrorEnvelope; status: number; headers: Record<string, string> }
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'pending' }
  | { kind: 'raw'; status: number; body: unknown; headers: Record<string, string> };

/** A reply other than plain data; make one with `reply.*`. */
export class FakeReply {
  constructor(readonly reply: ReplyKind) {}
}

interface ErrorEnvelope {
  err_code: number;
  message: string;
  sub_code?: number;
  dialog?: Dialog;
  data?: unknown;
  field?: string;
}

export interface ErrorExtra {
  sub_code?: number;
  dialog?: Dialog;
  /** Data some refusals carry (a cooldown…). */
  data?: unknown;
  /** The offending field of a validation failure. */
  field?: string;
  /** HTTP status; business refusals are 200 (DESIGN §3), transport refusals 4xx. */
  status?: number;
  headers?: Record<string, string>;
}

export const reply = {
  /** Success with response headers (a rotated Authorization); plain data needs no wrapper. */
  ok: (data: unknown, { headers = {} }: { headers?: Record<string, string> } = {}) =>
    new FakeReply({ kind: 'ok', data, headers }),
  /** A refusal: err_code from the catalogue, message as the server words it unless given. */
  error: (code: ErrorCode, message: string = messageFor(code), extra: ErrorExtra = {}) => {
    const { status = 200, headers = {}, ...rest } = extra;
    return new FakeReply({ kind: 'error', envelope: { err_code: code, message, ...rest }, status, headers });
  },
  /** No answer reached the phone. */
  network: () => new FakeReply({ kind: 'network' }),
  /** The call's time-out elapsed (answered at once, without waiting). */
  timeout: () => new FakeReply({ kind: 'timeout' }),
  /** Never answers: the screen stays loading. */
  pending: () => new FakeReply({ kind: 'pending' }),
  /** What a proxy in between may send (an HTML error page…); not checked against the contracts. */
  raw: (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new FakeReply({ kind: 'raw', status, body, headers }),
};

type Answer<T> = T | FakeReply | Promise<T | FakeReply>;
export type FakeHandler<K extends ApiCallKey> = (request: FakeRequest<K>) => Answer<FakeData<K>>;
type UnlistedHandler = (request: UnlistedRequest) => Answer<unknown>;
type AnyHandler = (request: FakeRequest | UnlistedRequest) => Answer<unknown>;

const calls = apiCalls as Record<string, ApiCall>;
const errorEnvelopeSchema = z.object({
  err_code: z
    .number()
    .int()
    .refine((code) => code !== ErrorCodes.OK && Object.values<number>(ErrorCodes).includes(code), {
      message: 'not a non-zero err_code of the catalogue',
    }),
  message: z.string().min(1),
  sub_code: z.number().int().optional(),
  dialog: dialogSchema.optional(),
  data: z.unknown().optional(),
  field: z.string().optional(),
});

function readQuery(url: string): RawQuery {
  const query: RawQuery = {};
  for (const [name, value] of new URL(url, 'http://fake.test').searchParams) {
    const seen = query[name];
    query[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return query;
}

function readBody(request: TransportRequest): unknown {
  if (request.body === undefined || request.body === '') return undefined;
  try {
    return JSON.parse(request.body) as unknown;
  } catch {
    return request.body;
  }
}

const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

export class FakeApi {
  /** Every request the client sent, in order. */
  readonly requests: Array<FakeRequest | UnlistedRequest> = [];
  private readonly handlers = new Map<string, AnyHandler>();
  private readonly violations: string[] = [];
  private previousTransport: Transport | undefined;

  /** Answers a listed call; a later `on` for the same call replaces the earlier one. */
  on<P extends SingleMethodPath>(path: P, handler: FakeHandler<KeysOf<P>>): this;
  on<P extends FakePath, M extends MethodOf<KeysOf<P>>>(
    method: M,
    path: P,
    handler: FakeHandler<`${M} ${P}` & ApiCallKey>,
  ): this;
  on(...args: [string, unknown] | [string, string, unknown]): this {
    const [method, path, handler] = (args.length === 2 ? [undefined, ...args] : args) as [
      string | undefined,
      string,
      AnyHandler,
    ];
    const keys = Object.keys(calls).filter((key) =>
      method ? key === `${method} ${path}` : key.endsWith(` ${path}`),
    );
    if (keys.length !== 1) {
      throw new Error(
        keys.length === 0
          ? `fake.on: ${method ?? ''} ${path} is not a call of the contracts (apiCalls)`
          : `fake.on: ${path} has ${keys.join(' and ')}; name the method`,
      );
    }
    this.handlers.set(keys[0] ?? '', handler);
    return this;
  }

  /**
   * Answers a call the contracts do not list yet (SPEC §7 calls still to be built), for tests of
   * the client itself; its reply is checked only as an envelope.
   */
  onUnlisted(method: 'GET' | 'POST', path: string, handler: UnlistedHandler): this {
    const key = `${method} ${path}`;
    if (key in calls) throw new Error(`fake.onUnlisted: ${key} is listed in apiCalls; use fake.on`);
    this.handlers.set(key, handler);
    return this;
  }

  /** The requests of one call (any method unless given), in order. */
  calls<P extends FakePath>(path: P, method?: MethodOf<KeysOf<P>>): Array<FakeRequest<KeysOf<P>>>;
  calls(path: string, method?: string): UnlistedRequest[];
  calls(path: string, method?: string): Array<FakeRequest | UnlistedRequest> {
    return this.requests.filter(
      (request) => request.path === path && (method === undefined || request.method === method),
    );
  }

  install(): void {
    this.previousTransport = setTransport((request) => this.answer(request));
  }

  /** Restores the client, forgets the handlers and fails if a request or reply broke the contracts. */
  uninstall(): void {
    if (this.previousTransport) setTransport(this.previousTransport);
    this.handlers.clear();
    this.requests.length = 0;
    const violations = this.violations.splice(0);
    if (violations.length > 0) {
      throw new Error(`The fake API saw what the server would refuse:\n- ${violations.join('\n- ')}`);
    }
  }

  private violation(message: string): Error {
    this.violations.push(message);
    return new Error(message);
  }

  private async answer(sent: TransportRequest): Promise<TransportResponse> {
    const { method, url } = sent;
    const path = new URL(url, 'http://fake.test').pathname;
    const key = `${method} ${path}`;
    const call = calls[key];
    const query = readQuery(url);
    const body = readBody(sent);
    const config: SentConfig = { headers: sent.headers, timeout: sent.timeoutMs };
    const request: UnlistedRequest = { key, method, path, url, query, rawQuery: query, body, config };
    this.requests.push(request);

    const handler = this.handlers.get(key);
    if (!handler) {
      throw this.violation(
        call
          ? `no reply for ${key}: add fake.on('${path}', …)`
          : `${key} is not a call of the contracts (apiCalls); the server answers it with 1004`,
      );
    }
    if (call) {
      const read = (part: 'query' | 'body', schema: z.ZodType | undefined, value: unknown) => {
        if (!schema) return value;
        const result = schema.safeParse(value);
        if (!result.success) {
          throw this.violation(`${key} sent a ${part} the server refuses:\n${z.prettifyError(result.error)}`);
        }
        return result.data;
      };
      request.query = read('query', call.query, query) as RawQuery;
      read('body', call.body, body);
    }
    const answered = await handler(request);
    return this.respond(key, call, answered);
  }

  private respond(key: string, call: ApiCall | undefined, answered: unknown): Promise<TransportResponse> {
    const given =
      answered instanceof FakeReply ? answered.reply : ({ kind: 'ok', data: answered, headers: {} } as const);
    const response = (status: number, body: unknown, headers: Record<string, string>) =>
      Promise.resolve({
        status,
        body,
        headers: Object.fromEntries(
          Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
        ),
      });
    switch (given.kind) {
      case 'network':
        throw new TransportError('network', 'network error');
      case 'timeout':
        throw new TransportError('network', 'timed out');
      case 'pending':
        return new Promise<never>(() => undefined);
      case 'raw':
        return response(given.status, given.body, given.headers);
      case 'error': {
        const checked = errorEnvelopeSchema.safeParse(given.envelope);
        if (!checked.success) {
          throw this.violation(
            `${key}: an error reply the server cannot send:\n${z.prettifyError(checked.error)}`,
          );
        }
        return response(given.status, json(given.envelope), given.headers);
      }
      case 'ok': {
        if (!call) return response(200, json({ err_code: 0, data: given.data }), given.headers);
        const encoded = z.safeEncode(call.response, given.data);
        if (!encoded.success) {
          throw this.violation(
            `${key}: a reply the server cannot send (its response schema refuses it):\n${z.prettifyError(encoded.error)}`,
          );
        }
        return response(200, json({ err_code: 0, data: encoded.data }), given.headers);
      }
    }
  }
}

/**
 * A fake API for every test of the file: installed before each test with no replies, removed after
 * it; the test fails if it broke the contracts.
 */
export function setupFakeApi(): FakeApi {
  const fake = new FakeApi();
  beforeEach(() => fake.install());
  afterEach(() => fake.uninstall());
  return fake;
}

import {
  APP_UPDATE_REQUIRED_MESSAGE,
  BOT_TOKEN_HEADER,
  botProtectedCalls,
  callTimeoutsMs,
  FALLBACK_ERROR_MESSAGE,
  HTTP_DEFAULT_TIMEOUT_MS,
  type Envelope,
} from '@haoshi/contracts';
import { readHeaderSign, setAuthorization, type HeaderSign } from '../storage';
import { applyErrorCatalogue, isCatalogueHandled } from './error-catalogue';
import { ApiError, HandledError } from './errors';
import { queryString, transport, TransportError, type TransportResponse } from './transport';

export { ApiError, HandledError, isApiError, isHandledError, type HandledErrorKind } from './errors';

export interface RequestOptions {
  /**
   * No toast, dialog or login flow for err_code ≠ 0. The 6500 update dialog still shows (and the
   * response is still withheld), and so does a server dialog on a success.
   */
  silent?: boolean;
  timeout?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Header values must be Latin-1; a native app may pass other values, so they go encoded. */
function headerValue(value: string): string {
  return /^[\t\x20-\x7e\x80-\xff]*$/.test(value) ? value : encodeURIComponent(value);
}

function requestHeaders(extra: Record<string, string> = {}): HeaderSign {
  const headers: HeaderSign = {};
  for (const [name, value] of Object.entries({ ...readHeaderSign(), ...extra })) {
    headers[name] = headerValue(value);
  }
  return headers;
}

function timeoutFor(path: string, override?: number): number {
  return override ?? callTimeoutsMs[path.split('?')[0] ?? path] ?? HTTP_DEFAULT_TIMEOUT_MS;
}

function rotateAuthorization(response: TransportResponse): void {
  const value = response.headers.authorization;
  if (value !== undefined && value !== '') setAuthorization(value);
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { err_code?: unknown }).err_code === 'number'
  );
}

function transportError(error: unknown): HandledError {
  if (error instanceof TransportError && error.kind === 'canceled')
    return new HandledError('canceled', 'request canceled', { cause: error });
  return new HandledError('network', 'network error', { cause: error });
}

interface CallConfig {
  method: 'GET' | 'POST';
  url: string;
  params?: Record<string, unknown>;
  data?: unknown;
}

/**
 * The risky calls (contracts' botProtectedCalls) carry a fresh bot-protection token: the client
 * loads on the first such call if it has not yet (docs/bot-protection.md).
 */
const botSceneOf = (config: CallConfig) =>
  config.method === 'POST' ? botProtectedCalls[config.url] : undefined;

async function botTokenHeader(
  scene: NonNullable<ReturnType<typeof botSceneOf>>,
): Promise<Record<string, string>> {
  const { botTokenFor } = await import('../bot-protection/bot-client');
  const outcome = await botTokenFor(scene);
  if ('closed' in outcome) throw new HandledError('canceled', 'security check closed');
  return 'token' in outcome ? { [BOT_TOKEN_HEADER]: outcome.token } : {};
}

async function send<T>(config: CallConfig, options: RequestOptions = {}): Promise<Envelope<T>> {
  // Other calls go out in the same tick: no await on their way.
  const scene = botSceneOf(config);
  const botHeader = scene ? await botTokenHeader(scene) : {};
  if (options.signal?.aborted) throw new HandledError('canceled', 'request canceled');
  let response: TransportResponse;
  try {
    response = await transport({
      method: config.method,
      url: `${config.url}${queryString(config.params)}`,
      headers: requestHeaders({
        ...(config.data === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
        ...botHeader,
      }),
      body: config.data === undefined ? undefined : JSON.stringify(config.data),
      timeoutMs: timeoutFor(config.url, options.timeout),
      signal: options.signal,
    });
  } catch (error) {
    throw transportError(error);
  }
  rotateAuthorization(response);
  const { body } = response;
  if (!isEnvelope(body)) throw new HandledError('http', `unexpected response (HTTP ${response.status})`);
  if (applyErrorCatalogue(body, { silent: options.silent }) === 'stop') {
    throw new HandledError('app-update', APP_UPDATE_REQUIRED_MESSAGE);
  }
  // The envelope's data is the server's contract for this path; it is not re-validated here.
  return body as Envelope<T>;
}

export const http = {
  get: <T>(path: string, params?: Record<string, unknown>, options?: RequestOptions) =>
    send<T>({ method: 'GET', url: path, params }, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    send<T>({ method: 'POST', url: path, data: body }, options),
};

/** The data of a successful envelope; an ApiError (code, message) otherwise. */
export function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope.err_code !== 0) {
    throw new ApiError(envelope.err_code, envelope.message ?? FALLBACK_ERROR_MESSAGE, {
      subCode: envelope.sub_code,
      handled: isCatalogueHandled(envelope),
    });
  }
  return envelope.data as T;
}

/**
 * How a request leaves the page: `fetch`, with the call's time-out. One small seam the web tests'
 * fake API replaces (`setTransport`), so screens are tested against the contracts in-process.
 */

export interface TransportRequest {
  method: 'GET' | 'POST';
  /** Same-origin path with its query string. */
  url: string;
  headers: Record<string, string>;
  /** JSON text, for POST. */
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface TransportResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The JSON body parsed, or its text when it is not JSON. */
  body: unknown;
}

/** No answer: the network failed or the time-out elapsed (`network`), or the caller gave up (`canceled`). */
export class TransportError extends Error {
  constructor(
    readonly kind: 'network' | 'canceled',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TransportError';
  }
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

function parseBody(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export const fetchTransport: Transport = async (request) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutMs);
  const { signal } = request;
  const abortWithCaller = () => controller.abort();
  signal?.addEventListener('abort', abortWithCaller);
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers:
        request.body === undefined
          ? request.headers
          : { 'Content-Type': 'application/json', ...request.headers },
      body: request.body,
      credentials: 'same-origin',
      signal: controller.signal,
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    return { status: response.status, headers, body: parseBody(await response.text()) };
  } catch (error) {
    if (signal?.aborted) throw new TransportError('canceled', 'request canceled', { cause: error });
    throw new TransportError('network', controller.signal.aborted ? 'timed out' : 'network error', {
      cause: error,
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortWithCaller);
  }
};

let current: Transport = fetchTransport;

/** The transport every call goes through. */
export const transport: Transport = (request) => current(request);

/** Replaces the transport (the web tests' fake API); returns the one it replaced. */
export function setTransport(next: Transport): Transport {
  const previous = current;
  current = next;
  return previous;
}

function paramText(item: unknown): string {
  if (item instanceof Date) return item.toISOString();
  if (typeof item === 'string') return item;
  if (typeof item === 'number' || typeof item === 'boolean' || typeof item === 'bigint') return `${item}`;
  return JSON.stringify(item) ?? '';
}

/**
 * `a=1&a=2` for arrays (what the server's query parser reads as an array), nothing for undefined or
 * null values.
 */
export function queryString(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      if (item === undefined || item === null) continue;
      search.append(name, paramText(item));
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

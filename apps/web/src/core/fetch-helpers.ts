/** SPEC §9: fetch helper default time-out. */
export const FETCH_TIMEOUT_MS = 5000;
/** SPEC §9: multi-base request helper default time-out. */
export const REQUEST_TIMEOUT_MS = 6000;

/** fetch that rejects with Error('request timeout') and aborts the request once timeoutMs pass. */
export async function fetchWithTimeout(
  input: RequestInfo | URL,
  init: RequestInit = {},
  timeoutMs = FETCH_TIMEOUT_MS,
): Promise<Response> {
  const controller = new AbortController();
  const outerSignal = init.signal;
  const abortFromOuter = () => controller.abort(outerSignal?.reason);
  outerSignal?.addEventListener('abort', abortFromOuter, { once: true });
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Racing a timer, not only aborting, also covers a fetch that ignores its signal.
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new Error('request timeout'));
      controller.abort();
    }, timeoutMs);
  });
  try {
    return await Promise.race([fetch(input, { ...init, signal: controller.signal }), timeout]);
  } catch (error) {
    throw timedOut ? new Error('request timeout') : error;
  } finally {
    clearTimeout(timer);
    outerSignal?.removeEventListener('abort', abortFromOuter);
  }
}

export interface RequestFromBasesOptions {
  baseUrls: readonly string[];
  init?: RequestInit;
  timeoutMs?: number;
}

async function requestJson(url: string, init: RequestInit | undefined, timeoutMs: number): Promise<unknown> {
  const response = await fetchWithTimeout(url, init, timeoutMs);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

/**
 * Tries each base URL in order and resolves the first JSON answer with a 2xx status. The caller
 * validates the shape of T.
 */
export async function requestFromBases<T>(
  path: string,
  { baseUrls, init, timeoutMs = REQUEST_TIMEOUT_MS }: RequestFromBasesOptions,
): Promise<T> {
  let lastError: unknown;
  for (const base of baseUrls) {
    try {
      return (await requestJson(base + path, init, timeoutMs)) as T;
    } catch (error) {
      lastError = error;
    }
  }
  throw new Error(`请求失败，已尝试 ${baseUrls.length} 次`, { cause: lastError });
}

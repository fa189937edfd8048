/**
 * SPEC §2/§8: when a route's on-demand part fails to load, report it (failure type and address, a
 * separate code for stylesheet chunks) and reload the current route. A sessionStorage counter stops
 * a reload loop when the chunk keeps failing.
 */
export const CHUNK_ERROR_CODES = {
  script: 'CHUNK_LOAD_FAILED',
  stylesheet: 'CSS_CHUNK_LOAD_FAILED',
} as const;
export type ChunkErrorCode = (typeof CHUNK_ERROR_CODES)[keyof typeof CHUNK_ERROR_CODES];

export type ChunkFailureType = 'timeout' | 'network' | 'stylesheet';

export interface ChunkFailure {
  code: ChunkErrorCode;
  type: ChunkFailureType;
  /** The chunk's address when the browser names it, otherwise the page's. */
  url: string;
}

export class ChunkTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`chunk load timed out after ${timeoutMs} ms`);
    this.name = 'ChunkTimeoutError';
  }
}

/** Thrown to the route's error boundary once the reload budget is spent. */
export class ChunkLoadError extends Error {
  readonly failure: ChunkFailure;

  constructor(failure: ChunkFailure, options?: ErrorOptions) {
    super(`Chunk failed to load [${failure.code}] type=${failure.type} url=${failure.url}`, options);
    this.name = 'ChunkLoadError';
    this.failure = failure;
  }
}

const CSS_PRELOAD_PREFIX = 'Unable to preload CSS for ';
const URL_IN_MESSAGE = /(https?:\/\/[^\s'"]+)/;

export function describeChunkFailure(error: unknown, pageUrl: string): ChunkFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (message.startsWith(CSS_PRELOAD_PREFIX)) {
    return {
      code: CHUNK_ERROR_CODES.stylesheet,
      type: 'stylesheet',
      url: message.slice(CSS_PRELOAD_PREFIX.length),
    };
  }
  const type: ChunkFailureType = error instanceof ChunkTimeoutError ? 'timeout' : 'network';
  return { code: CHUNK_ERROR_CODES.script, type, url: URL_IN_MESSAGE.exec(message)?.[1] ?? pageUrl };
}

export function reportChunkFailure(failure: ChunkFailure): void {
  console.error(`Chunk failed to load [${failure.code}] type=${failure.type} url=${failure.url}`);
}

export const RELOAD_RECORD_KEY = 'app_chunk_reload';
/** Reloads allowed for the same page within RELOAD_WINDOW_MS before giving up. */
export const MAX_CHUNK_RELOADS = 2;
export const RELOAD_WINDOW_MS = 60_000;

interface ReloadRecord {
  path: string;
  count: number;
  at: number;
  /** What failed last; reported again once the reloaded page loads (the first report may be lost). */
  failure?: ChunkFailure;
}

export interface RecoveryEnv {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload: () => void;
  now: () => number;
  /** Pathname and search of the page being recovered. */
  path: string;
}

function readRecord(storage: RecoveryEnv['storage']): ReloadRecord | undefined {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(RELOAD_RECORD_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { path, count, at, failure } = parsed as Partial<ReloadRecord>;
    if (typeof path !== 'string' || typeof count !== 'number' || typeof at !== 'number') return undefined;
    return { path, count, at, failure };
  } catch {
    return undefined;
  }
}

/** Reloads unless this page already reloaded MAX_CHUNK_RELOADS times recently; returns whether it did. */
export function reloadOnce(env: RecoveryEnv, failure?: ChunkFailure): boolean {
  const previous = readRecord(env.storage);
  const now = env.now();
  const recent = previous && previous.path === env.path && now - previous.at < RELOAD_WINDOW_MS;
  const count = recent ? previous.count : 0;
  if (count >= MAX_CHUNK_RELOADS) return false;
  try {
    const record: ReloadRecord = { path: env.path, count: count + 1, at: now, failure };
    env.storage.setItem(RELOAD_RECORD_KEY, JSON.stringify(record));
  } catch {
    // Without storage there is no loop guard; one reload is still better than a dead screen.
  }
  env.reload();
  return true;
}

/**
 * A chunk of this page loaded: a later failure starts with a fresh reload budget. If a reload got
 * it here, that is reported too, since a report made just before reloading can be lost.
 */
export function forgetReloads(env: Pick<RecoveryEnv, 'storage' | 'path'>): void {
  const record = readRecord(env.storage);
  if (record?.path !== env.path) return;
  env.storage.removeItem(RELOAD_RECORD_KEY);
  const { failure, count } = record;
  if (failure) {
    console.warn(
      `Chunk failed to load [${failure.code}] type=${failure.type} url=${failure.url}; recovered after ${count} reload(s)`,
    );
  }
}

/** Lets the user try again after the budget is spent. */
export function resetReloadsAndReload(env: Pick<RecoveryEnv, 'storage' | 'reload'>): void {
  env.storage.removeItem(RELOAD_RECORD_KEY);
  env.reload();
}

export function browserRecoveryEnv(): RecoveryEnv {
  return {
    storage: window.sessionStorage,
    reload: () => window.location.reload(),
    now: () => Date.now(),
    path: window.location.pathname + window.location.search,
  };
}

/** Failures already reported by the preload listener, so the lazy loader does not report them twice. */
const reportedFailures = new WeakSet<object>();

export function wasReported(error: unknown): boolean {
  return typeof error === 'object' && error !== null && reportedFailures.has(error);
}

/**
 * Vite announces failed preloads with 'vite:preloadError'. Stylesheet failures get their own code
 * here; the error still propagates to the route's lazy loader, which reloads the page.
 */
export function installPreloadErrorReporting(target: Window = window): () => void {
  const onPreloadError = (event: Event) => {
    const payload: unknown = (event as Event & { payload?: unknown }).payload;
    const failure = describeChunkFailure(payload, target.location.href);
    if (failure.type !== 'stylesheet') return;
    reportChunkFailure(failure);
    if (typeof payload === 'object' && payload !== null) reportedFailures.add(payload);
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}

import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import {
  browserRecoveryEnv,
  ChunkLoadError,
  ChunkTimeoutError,
  describeChunkFailure,
  forgetReloads,
  reloadOnce,
  reportChunkFailure,
  wasReported,
  type RecoveryEnv,
} from './chunk-recovery';

import type { ScreenLoader, ScreenModule } from '@/core/feature-routes';

export type { ScreenLoader, ScreenModule };

/** SPEC §9: route chunk load time-out. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkTimeoutError(timeoutMs)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Loads a screen; on failure reports it and reloads the page. The returned promise then never
 * settles (the page is going away), so the route keeps showing its loading state. Once the reload
 * budget is spent it rejects with ChunkLoadError for the route's error boundary.
 */
export async function loadScreen(
  load: ScreenLoader,
  env: RecoveryEnv = browserRecoveryEnv(),
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<ScreenModule> {
  try {
    const screen = await withTimeout(load(), timeoutMs);
    forgetReloads(env);
    return screen;
  } catch (error) {
    const failure = describeChunkFailure(error, window.location.href);
    if (!wasReported(error)) reportChunkFailure(failure);
    if (reloadOnce(env, failure)) return new Promise<never>(() => undefined);
    throw new ChunkLoadError(failure, { cause: error });
  }
}

export function lazyScreen(load: ScreenLoader): LazyExoticComponent<ComponentType> {
  return lazy(() => loadScreen(load));
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoutePrefetch } from '@/core/feature-routes';
import { preloadRoute } from './route-preload';
import type { RouteEntry } from './route-table';

const screenModule = { default: () => null };
const noPrefetch: RoutePrefetch = () => Promise.resolve();
const entry = (
  path: string,
  screen: RouteEntry['screen'],
  prefetch?: RouteEntry['prefetch'],
): RouteEntry => ({
  path,
  title: path,
  login: false,
  keepAlive: false,
  screen,
  ...(prefetch ? { prefetch } : {}),
});

const unhandled = vi.fn();
afterEach(() => {
  process.off('unhandledRejection', unhandled);
  unhandled.mockReset();
});

describe('preloadRoute', () => {
  it("starts loading the opened address's screen and prefetch, and nothing for an unknown address", () => {
    const home = vi.fn(() => Promise.resolve(screenModule));
    const detail = vi.fn(() => Promise.resolve(screenModule));
    const detailPrefetch = vi.fn(() => Promise.resolve(noPrefetch));
    const entries = [entry('/', home), entry('/goodsDetail', detail, detailPrefetch)];
    preloadRoute('/goodsDetail', entries);
    preloadRoute('/no-such-page', entries);
    expect(detail).toHaveBeenCalledTimes(1);
    expect(detailPrefetch).toHaveBeenCalledTimes(1);
    expect(home).not.toHaveBeenCalled();
  });

  it("leaves a failed load to the route's own loading (no unhandled rejection)", async () => {
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    const failingPrefetch = vi.fn(() => Promise.reject(new Error('offline')));
    process.on('unhandledRejection', unhandled);
    preloadRoute('/', [entry('/', failing, failingPrefetch)]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(failing).toHaveBeenCalledTimes(1);
    expect(failingPrefetch).toHaveBeenCalledTimes(1);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

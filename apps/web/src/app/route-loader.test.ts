import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { PrefetchContext, RoutePrefetch } from '@/core/feature-routes';
import { setAuthorization } from '@/core/storage';
import type { RouteEntry } from './route-table';
import { routeLoader } from './router';

const screen = vi.fn(() => Promise.resolve({ default: () => null }));

function entryWith(prefetch: RoutePrefetch, login = false): RouteEntry {
  return {
    path: '/x',
    title: 'x',
    login,
    keepAlive: false,
    screen,
    prefetch: () => Promise.resolve(prefetch),
  };
}

async function load(entry: RouteEntry, url = 'http://localhost/x?goods_id=7', waitMs = 50) {
  const loader = routeLoader(entry, new QueryClient(), waitMs);
  if (!loader) throw new Error('no loader');
  return loader({
    request: new Request(url),
    url: new URL(url),
    params: {},
    pattern: '/x',
    context: undefined,
  });
}

describe('route loaders', () => {
  it('are only made for routes with a prefetch', () => {
    const entry: RouteEntry = { path: '/y', title: 'y', login: false, keepAlive: false, screen };
    expect(routeLoader(entry, new QueryClient())).toBeUndefined();
  });

  it('hand the prefetch the address and the login state, and load the screen too', async () => {
    let seen: PrefetchContext | undefined;
    setAuthorization('token');
    await load(
      entryWith(async (context) => {
        seen = context;
      }),
    );
    expect(seen?.search.get('goods_id')).toBe('7');
    expect(seen?.loggedIn).toBe(true);
    expect(screen).toHaveBeenCalled();
  });

  it('prefetch nothing for a login route without a login', async () => {
    const prefetch = vi.fn(async () => undefined);
    await load(entryWith(prefetch, true));
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('never fail and never wait longer than their budget', async () => {
    expect(await load(entryWith(() => Promise.reject(new Error('offline'))))).toBeNull();
    const started = Date.now();
    expect(
      await load(
        entryWith(() => new Promise<void>(() => undefined)),
        undefined,
        30,
      ),
    ).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

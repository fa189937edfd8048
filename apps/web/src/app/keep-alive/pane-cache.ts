import type { ReactNode } from 'react';
import type { Location, NavigationType } from 'react-router';
import type { RouteMeta } from '@/ui/route-meta';

/** One kept-alive route: its element and the last location it was shown for. */
export interface CachedPane {
  key: string;
  element: ReactNode;
  location: Location;
  navigationType: NavigationType;
  meta: RouteMeta;
  /** Larger = used more recently. */
  usedAt: number;
}

/** How many keep-alive routes stay mounted; the least recently used one beyond this is dropped. */
export const KEEP_ALIVE_LIMIT = 10;

/**
 * Records that a pane is shown now. Panes keep their first-seen order (so React never moves their
 * DOM); recency only decides which one to drop when the cache is over the limit.
 */
export function rememberPane(
  panes: readonly CachedPane[],
  pane: Omit<CachedPane, 'usedAt'>,
  limit = KEEP_ALIVE_LIMIT,
): CachedPane[] {
  const usedAt = panes.reduce((max, cached) => Math.max(max, cached.usedAt), 0) + 1;
  const next = panes.some((cached) => cached.key === pane.key)
    ? panes.map((cached) => (cached.key === pane.key ? { ...pane, usedAt } : cached))
    : [...panes, { ...pane, usedAt }];
  if (next.length <= limit) return next;
  const evicted = next.reduce((oldest, cached) => (cached.usedAt < oldest.usedAt ? cached : oldest));
  return next.filter((cached) => cached !== evicted);
}

import { useState } from 'react';
import { rememberPane, type CachedPane } from './pane-cache';
import { RoutePane } from './route-pane';

export type CurrentPane = Omit<CachedPane, 'usedAt'>;

interface CacheState {
  /** Changes when what a user may see changes (login, logout): every kept pane is dropped. */
  epoch: string;
  locationKey: string | undefined;
  panes: CachedPane[];
}

interface KeepAliveOutletProps {
  current: CurrentPane;
  epoch: string;
}

/**
 * DESIGN §6 keep-alive: keep-alive (K) routes stay mounted, hidden inside React's Activity, when
 * the user leaves them, and come back with their state and scroll positions. Other routes mount
 * fresh each time.
 */
export function KeepAliveOutlet({ current, epoch }: KeepAliveOutletProps) {
  const [cache, setCache] = useState<CacheState>({ epoch, locationKey: undefined, panes: [] });
  const keep = current.meta.keepAlive;
  if (cache.epoch !== epoch || (keep && cache.locationKey !== current.location.key)) {
    const panes = cache.epoch === epoch ? cache.panes : [];
    setCache({
      epoch,
      locationKey: current.location.key,
      panes: keep ? rememberPane(panes, current) : panes,
    });
  }
  const panes: CurrentPane[] = cache.panes.some((pane) => pane.key === current.key)
    ? cache.panes
    : [...cache.panes, current];
  return panes.map((pane) => {
    const shown = pane.key === current.key ? current : pane;
    return (
      <RoutePane
        key={pane.key}
        paneKey={pane.key}
        visible={pane.key === current.key}
        meta={shown.meta}
        location={shown.location}
        navigationType={shown.navigationType}
      >
        {shown.element}
      </RoutePane>
    );
  });
}

import { Activity, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { UNSAFE_LocationContext as LocationContext, type Location, type NavigationType } from 'react-router';
import { RouteMetaContext, type RouteMeta } from '@/ui/route-meta';
import { restoreScrollPositions, trackScrollPositions, type ScrollPosition } from './scroll-memory';

interface RoutePaneProps {
  /** The pathname the pane is kept for. */
  paneKey: string;
  visible: boolean;
  meta: RouteMeta;
  location: Location;
  navigationType: NavigationType;
  children: ReactNode;
}

/**
 * The scroll container of one route. Its layout effect runs each time the pane becomes visible
 * (React's Activity disconnects effects while hidden), which is when scroll positions come back.
 */
function ScrollMemoryPane({ path, children }: { path: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [positions] = useState(() => new WeakMap<Element, ScrollPosition>());
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    restoreScrollPositions(root, positions);
    return trackScrollPositions(root, positions);
  }, [positions]);
  return (
    <div ref={ref} className="route-pane" data-route-pane={path}>
      {children}
    </div>
  );
}

/**
 * A route's screen, visible or kept hidden with its state. A hidden pane sees the location it was
 * last shown for, not the current one, so it does not re-render for other routes' addresses.
 */
export function RoutePane({ paneKey, visible, meta, location, navigationType, children }: RoutePaneProps) {
  const locationValue = useMemo(() => ({ location, navigationType }), [location, navigationType]);
  return (
    <Activity mode={visible ? 'visible' : 'hidden'} name={paneKey}>
      <LocationContext.Provider value={locationValue}>
        <RouteMetaContext.Provider value={meta}>
          <ScrollMemoryPane path={paneKey}>{children}</ScrollMemoryPane>
        </RouteMetaContext.Provider>
      </LocationContext.Provider>
    </Activity>
  );
}

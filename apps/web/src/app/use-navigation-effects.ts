import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { getCurrentBrand } from '@/core/brands';

function documentTitle(title: string): string {
  return `${title} - ${getCurrentBrand().name}`;
}

/**
 * SPEC §2: the page scrolls to the top after every navigation. Kept-alive panes restore their own
 * scroll positions; a new address on the same route (another goods id) starts at the top too.
 */
export function useNavigationEffects(title: string): void {
  const { key, pathname } = useLocation();
  const navigationType = useNavigationType();
  const previousPath = useRef<string | undefined>(undefined);

  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    if (previousPath.current === pathname && navigationType === NavigationType.Push) {
      const panes = document.querySelectorAll<HTMLElement>('[data-route-pane]');
      const pane = [...panes].find((element) => element.dataset.routePane === pathname);
      if (pane) pane.scrollTop = 0;
    }
    previousPath.current = pathname;
  }, [key, pathname, navigationType]);

  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

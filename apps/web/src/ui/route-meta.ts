import { createContext, useContext } from 'react';

/** What a screen may know about the route it is shown for; the app provides it per route. */
export interface RouteMeta {
  path: string;
  title: string;
  keepAlive: boolean;
}

export const RouteMetaContext = createContext<RouteMeta | undefined>(undefined);

export function useRouteMeta(): RouteMeta | undefined {
  return useContext(RouteMetaContext);
}

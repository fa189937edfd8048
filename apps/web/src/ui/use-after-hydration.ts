import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * False while the server paints a page and while the browser hydrates that paint, true from then on
 * (and from the start on a page the client draws itself): for parts that only exist in a browser,
 * such as the chat socket behind the unread badge.
 */
export function useAfterHydration(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

export interface NavigateOptions {
  replace?: boolean;
}
export type NavigateFn = (to: string, options?: NavigateOptions) => void;

let registered: NavigateFn | undefined;

/** The router registers its navigate function; returns a function that unregisters it. */
export function setNavigator(fn: NavigateFn): () => void {
  registered = fn;
  return () => {
    if (registered === fn) registered = undefined;
  };
}

/** Navigates inside the app; before the router is up it falls back to a full page load. */
export function navigateTo(to: string, options?: NavigateOptions): void {
  if (registered) {
    registered(to, options);
  } else if (options?.replace) {
    window.location.replace(to);
  } else {
    window.location.assign(to);
  }
}

export function currentPathWithSearch(): string {
  return window.location.pathname + window.location.search;
}

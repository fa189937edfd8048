import type { ComponentType } from 'react';

/** A screen module: its default export is the screen. */
export interface ScreenModule {
  default: ComponentType;
}

/** Loads one route's screen on demand (a dynamic import). */
export type ScreenLoader = () => Promise<ScreenModule>;

/**
 * What a feature contributes to the route table: screens for routes SPEC §2 already lists (their
 * titles and L/K flags stay as SPEC marks them), and routes of its own that SPEC does not list
 * (e.g. the publish page, staff screens), each documented in docs/decisions.md.
 */
export interface FeatureRoutes {
  screens: Readonly<Record<string, ScreenLoader>>;
  extraRoutes?: readonly ExtraRoute[];
}

export interface ExtraRoute {
  path: string;
  /** Chinese page title. */
  title: string;
  login: boolean;
  keepAlive: boolean;
  screen: ScreenLoader;
}

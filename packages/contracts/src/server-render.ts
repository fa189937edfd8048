/**
 * What the server and the web client's server-render bundle (apps/web/src/server-render) agree on:
 * the server paints a public page's first screen as HTML (docs/server-render.md); the client then
 * hydrates it instead of drawing it again.
 */

/** One API call the page's data needs, answered in-process by the server. */
export interface RenderCall {
  method: 'GET' | 'POST';
  /** Same-origin path with its query string. */
  url: string;
  headers: Record<string, string>;
  /** JSON text, for POST. */
  body?: string;
}

export interface RenderAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The JSON body parsed, or its text when it is not JSON. */
  body: unknown;
}

/** A first screen painted on the server, with what the client needs to hydrate it. */
export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** The hydration data of `#root`, read by the client's main.tsx (SERVER_RENDER_DATA_ID). */
  data: ServerRenderData;
  /** Source modules of the lazily loaded screens drawn (their stylesheets must come with the page). */
  modules: string[];
}

export interface ServerRenderData {
  /** Whether the frame was painted for a logged-in visitor (LOGIN_HINT_COOKIE); their data is not in it. */
  loggedIn: boolean;
  /** TanStack Query's dehydrated cache. */
  queries: unknown;
  /** React Router's loader data by route id. */
  loaderData: Record<string, unknown>;
}

/**
 * On `#root` of a painted page: the brand it was painted as (always the main one). A tab of another
 * brand reloading a page without `?pkg=` hides that painting before its first paint (brand-theme.css)
 * and its client draws the page as its own brand instead of hydrating the main brand's.
 */
export const PAINTED_BRAND_ATTRIBUTE = 'data-painted-brand';

/**
 * Dispatched on `document` by the client each time a route's screen is on screen and live (drawn,
 * hydrated, or shown again): on a painted page the first one lets the page's first script give a tap
 * it kept to its element.
 */
export const SCREEN_LIVE_EVENT = 'haoshi:screen-live';

export interface PageRenderer {
  /**
   * Paints `url` (absolute) as a visitor of the main brand sees it before their own data arrives
   * (every call is made without their login), or answers `null` when the page cannot be painted so (a
   * redirect, missing data, an error on the way): the server then sends the page for the client to
   * draw.
   */
  renderPage(
    url: string,
    call: (request: RenderCall) => Promise<RenderAnswer>,
    visitor: { loggedIn: boolean },
  ): Promise<RenderedPage | null>;
}

/**
 * On a painted page the server holds back the client's scripts until the page is on screen: its
 * modulepreload links keep their rel in this attribute instead, its entry script is made inert and
 * marked with it (apps/web/src/app/after-paint-start.ts starts them).
 */
export const HELD_BACK_ATTRIBUTE = 'data-after-paint';

/**
 * Set by the client while it holds a login (no secret: the login itself never leaves the client's
 * storage), so the server paints a logged-in visitor's frame, e.g. /mine's account header waiting for
 * its data rather than the guest's login entry.
 */
export const LOGIN_HINT_COOKIE = 'haoshi_signed_in';

/** Where the client build lists each screen's own stylesheets and scripts (in WEB_DIST). */
export const SCREEN_ASSETS_FILE = '.vite/screen-assets.json';

/** A screen's own files beyond what index.html loads, by the screen's source path (`src/…tsx`). */
export type ScreenAssets = Record<string, { css: string[]; js: string[] }>;

/** The element whose JSON text carries the ServerRenderData. */
export const SERVER_RENDER_DATA_ID = 'server-render-data';

/**
 * The pages the server paints: public pages whose first screen is the same for every anonymous
 * visitor of the main brand and that people open from outside (links, shares, search engines).
 */
export const SERVER_RENDERED_PATHS: readonly string[] = [
  '/',
  '/home',
  '/search_goods_list',
  '/productList',
  '/goodsDetail',
  '/mine',
];

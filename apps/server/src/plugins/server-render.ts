import {
  HELD_BACK_ATTRIBUTE,
  LOGIN_HINT_COOKIE,
  MAIN_PACKAGE,
  PAINTED_BRAND_ATTRIBUTE,
  SCREEN_ASSETS_FILE,
  SERVER_RENDER_DATA_ID,
  SERVER_RENDERED_PATHS,
  type PageRenderer,
  type RenderAnswer,
  type RenderCall,
  type RenderedPage,
  type ScreenAssets,
} from '@haoshi/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Past this a visitor gets the page for the client to draw rather than wait for the server's. */
export const RENDER_BUDGET_MS = 800;

/** Query parameters that make the page another brand's or a native app's: those pages are not painted. */
const ENVIRONMENT_PARAMS = ['header', 'isHm', 'sb_h'];

export interface PagePainter {
  /** The whole page with its first screen painted, or null: send the page for the client to draw. */
  paint(request: FastifyRequest): Promise<string | null>;
}

function isRenderer(module: unknown): module is PageRenderer {
  return typeof (module as Partial<PageRenderer> | null)?.renderPage === 'function';
}

/** Loads the web client's server-render bundle, when the build made one. */
export async function loadPageRenderer(path: string): Promise<PageRenderer | undefined> {
  if (!existsSync(path)) return undefined;
  const module: unknown = await import(pathToFileURL(path).href);
  if (!isRenderer(module)) throw new Error(`${path} does not export renderPage`);
  return module;
}

/** A visit the server can paint: a listed public page, as the main brand's web visitor sees it. */
export function isPaintable(url: URL): boolean {
  if (!SERVER_RENDERED_PATHS.includes(url.pathname)) return false;
  if (ENVIRONMENT_PARAMS.some((name) => url.searchParams.has(name))) return false;
  const pkg = url.searchParams.get('pkg');
  return pkg === null || pkg === MAIN_PACKAGE;
}

/** The client's hint that it holds a login (never the login itself). */
export function hasLoginHint(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((pair) => pair.trim() === `${LOGIN_HINT_COOKIE}=1`);
}

/** `</script>` and friends cannot end the data block early. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** React puts the image preloads it hoists before the markup; they belong in the head. */
function splitHoistedLinks(html: string): { links: string; body: string } {
  const hoisted = /^(?:<link\b[^>]*\/?>)+/.exec(html)?.[0] ?? '';
  return { links: hoisted, body: html.slice(hoisted.length) };
}

/**
 * The client's scripts wait until the painted page is on screen (HELD_BACK_ATTRIBUTE): the
 * modulepreload links keep their rel in the attribute, the entry script (Vite's one module script
 * without `async`; the small preload entry is async and starts the others) becomes inert.
 */
function holdBackScripts(template: string): string {
  return template
    .replaceAll('<link rel="modulepreload" ', `<link ${HELD_BACK_ATTRIBUTE}="modulepreload" `)
    .replace(
      '<script type="module" crossorigin src=',
      `<script type="text/plain" ${HELD_BACK_ATTRIBUTE} crossorigin src=`,
    );
}

/** The page template with a painted first screen, its screens' stylesheets and its hydration data. */
export function paintedPage(template: string, rendered: RenderedPage, assets: ScreenAssets): string {
  const css = new Set<string>();
  const js = new Set<string>();
  for (const module of rendered.modules) {
    for (const file of assets[module]?.css ?? []) css.add(file);
    for (const file of assets[module]?.js ?? []) js.add(file);
  }
  const { links, body } = splitHoistedLinks(rendered.html);
  const head = [
    links,
    ...[...js].map((file) => `<link ${HELD_BACK_ATTRIBUTE}="modulepreload" crossorigin href="/${file}">`),
    ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ].join('');
  const data = `<script type="application/json" id="${SERVER_RENDER_DATA_ID}">${jsonForScript(rendered.data)}</script>`;
  return holdBackScripts(template)
    .replace('</head>', `${head}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" ${PAINTED_BRAND_ATTRIBUTE}="${MAIN_PACKAGE}">${body}</div>${data}`,
    );
}

/**
 * Paints the listed public pages with the web client's own screens (React on the server): their
 * data calls are answered in-process, as the visitor (their address, for rate limits), anonymous.
 */
export function createPagePainter(
  app: FastifyInstance,
  renderer: PageRenderer,
  options: { template: string; webDist: string },
): PagePainter {
  const assetsPath = join(options.webDist, SCREEN_ASSETS_FILE);
  const assets = existsSync(assetsPath) ? (JSON.parse(readFileSync(assetsPath, 'utf8')) as ScreenAssets) : {};
  return {
    async paint(request) {
      const url = new URL(request.url, 'http://haoshi.local');
      if (!isPaintable(url)) return null;
      const call = async ({ method, url: path, headers, body }: RenderCall): Promise<RenderAnswer> => {
        const response = await app.inject({
          method,
          url: path,
          headers: { ...headers, 'user-agent': request.headers['user-agent'] ?? '' },
          ...(body === undefined ? {} : { payload: body }),
          remoteAddress: request.ip,
        });
        const answerHeaders: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (typeof value === 'string') answerHeaders[name.toLowerCase()] = value;
        }
        const json = answerHeaders['content-type']?.includes('json') === true;
        return {
          status: response.statusCode,
          headers: answerHeaders,
          body: json ? response.json() : response.body,
        };
      };
      let timer: NodeJS.Timeout | undefined;
      const budget = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), RENDER_BUDGET_MS);
      });
      try {
        const rendered = await Promise.race([
          renderer.renderPage(url.href, call, { loggedIn: hasLoginHint(request.headers.cookie) }),
          budget,
        ]);
        return rendered ? paintedPage(options.template, rendered, assets) : null;
      } catch (error) {
        request.log.warn({ err: error, url: request.url }, 'server render failed; the client draws the page');
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

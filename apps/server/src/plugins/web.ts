import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { isApiPath, routeNotFound } from './errors.ts';
import { createPagePainter, loadPageRenderer, type PagePainter } from './server-render.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const KEY_PLACEHOLDER = '__DEVICE_SIGN_KEY__';

/** Hashed file names change with their content: a browser may keep them for a year unasked. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

type Encoding = 'br' | 'gzip';

/** index.html in each encoding a browser may ask for, compressed once at start. */
function encodedPage(html: string): Record<Encoding | 'identity', Buffer> {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** A painted page differs per request: compressed quickly rather than as small as possible. */
async function encodeOnce(html: string, encoding: Encoding | null): Promise<Buffer> {
  const identity = Buffer.from(html);
  if (encoding === 'br') return brotliAsync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return gzipAsync(identity, { level: 6 });
  return identity;
}

/** The web client's server-render bundle: WEB_SERVER_RENDER, or dist-server beside the client's dist. */
function rendererPath(webDist: string, configured: string | undefined): string {
  return configured ?? join(dirname(webDist), 'dist-server', 'render-page.js');
}

/**
 * Serves the built web app on the API's origin: hashed assets cached for a year, sent as the brotli
 * or gzip copy the build wrote next to them when the browser accepts it; every other GET outside the
 * API answered with index.html (client-side routing, never cached), carrying the device-sign key.
 */
export const webPlugin = fp(
  async (app) => {
    const dist = app.config.WEB_DIST;
    const indexPath = join(dist, 'index.html');
    if (!existsSync(indexPath)) {
      app.log.warn(`web app not built (${indexPath} missing): run \`npm run build\``);
      return;
    }
    const template = readFileSync(indexPath, 'utf8').replace(KEY_PLACEHOLDER, app.config.DEVICE_SIGN_KEY);
    const page = encodedPage(template);
    const renderer = await loadPageRenderer(rendererPath(dist, app.config.WEB_SERVER_RENDER));
    const painter: PagePainter | undefined = renderer
      ? createPagePainter(app, renderer, { template, webDist: dist })
      : undefined;
    const encodings = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });
    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      const accepted = request.headers['accept-encoding'];
      const encoding = typeof accepted === 'string' ? encodings.negotiate(accepted) : null;
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8');
      if (encoding) reply.header('content-encoding', encoding);
      const painted = painter ? await painter.paint(request) : null;
      return reply.send(
        painted === null ? page[encoding ?? 'identity'] : await encodeOnce(painted, encoding),
      );
    };
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes('/assets/') ? IMMUTABLE_CACHE : 'no-cache');
      },
    });
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      if (isApiPath(request.url) || request.url.startsWith('/assets/')) return routeNotFound(request, reply);
      return sendPage(request, reply);
    });
    app.get('/', { schema: { hide: true } }, sendPage);
  },
  { name: 'web', dependencies: ['config'] },
);

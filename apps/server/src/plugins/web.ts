import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { isApiPath, routeNotFound } from './errors.ts';

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
    const page = encodedPage(
      readFileSync(indexPath, 'utf8').replace(KEY_PLACEHOLDER, app.config.DEVICE_SIGN_KEY),
    );
    const encodings = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });
    const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
      const accepted = request.headers['accept-encoding'];
      const encoding = typeof accepted === 'string' ? encodings.negotiate(accepted) : null;
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(page[encoding ?? 'identity']);
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

import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isApiPath, routeNotFound } from './errors.ts';

const KEY_PLACEHOLDER = '__DEVICE_SIGN_KEY__';

/**
 * Serves the built web app on the API's origin: hashed assets cached for a year, every other GET
 * outside the API answered with index.html (client-side routing), carrying the device-sign key.
 */
export const webPlugin = fp(
  async (app) => {
    const dist = app.config.WEB_DIST;
    const indexPath = join(dist, 'index.html');
    if (!existsSync(indexPath)) {
      app.log.warn(`web app not built (${indexPath} missing): run \`npm run build\``);
      return;
    }
    const indexHtml = readFileSync(indexPath, 'utf8').replace(KEY_PLACEHOLDER, app.config.DEVICE_SIGN_KEY);
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      if (isApiPath(request.url) || request.url.startsWith('/assets/')) return routeNotFound(request, reply);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml),
    );
  },
  { name: 'web', dependencies: ['config'] },
);

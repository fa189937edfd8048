import fp from 'fastify-plugin';
import fastifyHelmet from '@fastify/helmet';
import helmet from 'helmet';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';

/** CSP directives by their header names, as helmet and @fastify/swagger-ui both take them. */
type Directives = Record<string, string[]>;

/** Where pictures are read from and uploads sent to, besides this origin. */
export const storageOriginOf = (config: Config) =>
  config.S3_ENDPOINT ? new URL(config.S3_ENDPOINT).origin : undefined;

/** One year; sent only on answers that reached us over TLS (directly or through a trusted proxy). */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Locks down what no page of ours needs, whatever else it allows. */
const lockedDown: Directives = {
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * CSP sources for the inline scripts of a page (index.html's brand bootstrap, which must run before
 * the first paint): each allowed by the SHA-256 of its exact text, so no other inline script runs.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '', body = '']) => !/\bsrc=/.test(attributes) && body.trim() !== '')
    .map(([, , body = '']) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
}

/** The inline scripts of the built web app, when it is built (WEB_DIST/index.html). */
function builtPageScriptHashes(webDist: string): string[] {
  const indexPath = join(webDist, 'index.html');
  return existsSync(indexPath) ? inlineScriptHashes(readFileSync(indexPath, 'utf8')) : [];
}

/**
 * The web client and the API: scripts and styles only from our own files (and index.html's inline
 * scripts by their hashes), pictures and uploads also from object storage, previews from blob: and
 * data: URLs.
 */
function appDirectives(storageOrigin: string | undefined, scriptHashes: readonly string[] = []): Directives {
  const storage = storageOrigin ? [storageOrigin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'style-src': ["'self'"],
    // Style attributes only (no <style> elements): the pages the server paints carry the ones React
    // would otherwise set through the CSSOM, which CSP does not restrict either.
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...storage],
    'connect-src': ["'self'", ...storage],
    'font-src': ["'self'", 'data:'],
    ...lockedDown,
  };
}

/**
 * Swagger UI at /docs: the app policy, but Swagger UI applies inline styles (its own files only, no
 * inline script). @fastify/swagger-ui sets this on its routes in place of the app's.
 */
export function docsContentSecurityPolicy(storageOrigin: string | undefined): Directives {
  return { ...appDirectives(storageOrigin), 'style-src': ["'self'", "'unsafe-inline'"] };
}

/**
 * The sandbox gateway's cashier: a server-rendered page with its own inline stylesheet and no script
 * at all. Its route sets this in place of the app's policy (`helmet: cashierHelmet`).
 */
export const cashierHelmet = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'none'"],
      'style-src': ["'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      ...lockedDown,
    },
  },
};

/**
 * Security headers on every answer (helmet): the CSP above, X-Frame-Options DENY, nosniff,
 * Referrer-Policy, cross-origin isolation of our resources; HSTS only behind TLS, since a browser
 * that learns it over plain HTTP on a development address would refuse that address afterwards.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    const storageOrigin = storageOriginOf(app.config);
    const scriptHashes = builtPageScriptHashes(app.config.WEB_DIST);
    const options = {
      contentSecurityPolicy: { useDefaults: false, directives: appDirectives(storageOrigin, scriptHashes) },
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'same-origin' },
    } as const;
    // @fastify/helmet serves the routes with a policy of their own (`helmet:` on the route, the
    // cashier); it builds helmet's middleware anew on every request, so every other answer gets the
    // same headers from one middleware built here.
    await app.register(fastifyHelmet, { ...options, global: false });
    const applyHeaders = helmet(options);
    app.addHook('onRequest', (request, reply, done) => {
      if ((request.routeOptions.config as { helmet?: unknown }).helmet !== undefined) return done();
      applyHeaders(request.raw, reply.raw, (error?: unknown) =>
        done(error instanceof Error ? error : undefined),
      );
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done(null, payload);
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);

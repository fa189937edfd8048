import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

type Directives = Record<string, string[]>;

/** One year; sent only on answers that reached us over TLS (directly or through a trusted proxy). */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Locks down what no page of ours needs, whatever else it allows. */
const lockedDown: Directives = {
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The web client and the API: scripts and styles only from our own files (index.html has no inline
 * script), pictures and uploads also from object storage, previews from blob: and data: URLs.
 */
function appDirectives(storageOrigin: string | undefined): Directives {
  const storage = storageOrigin ? [storageOrigin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...storage],
    connectSrc: ["'self'", ...storage],
    fontSrc: ["'self'", 'data:'],
    ...lockedDown,
  };
}

/**
 * The sandbox gateway's cashier: a server-rendered page with its own inline stylesheet and no script
 * at all. Its route sets this in place of the app's policy (`helmet: cashierHelmet`).
 */
export const cashierHelmet = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      styleSrc: ["'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
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
    const storageOrigin = app.config.S3_ENDPOINT ? new URL(app.config.S3_ENDPOINT).origin : undefined;
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: appDirectives(storageOrigin) },
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'same-origin' },
    });
    app.addHook('onSend', async (request, reply) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);

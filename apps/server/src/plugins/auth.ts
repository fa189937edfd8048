import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { RequestAuth } from '../types.ts';
import { DEVICE_SIGN_HEADER, ErrorCodes } from '@haoshi/contracts';
import { AppError } from '../lib/errors.ts';
import { decryptDeviceSignature, type SessionService } from '../modules/identity/index.ts';

/** The session of a route declared with `config: { auth: 'required' }`. */
export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new AppError(ErrorCodes.LOGIN_REQUIRED);
  return request.auth;
}

export function bearerToken(header: string | undefined): string | undefined {
  const value = header?.trim().replace(/^Bearer(?:\s+|$)/i, '');
  return value ? value : undefined;
}

/**
 * Every request: the device signature header is decrypted (unknown device when it cannot be).
 * Routes with `config.auth` get the session resolved; a rotated token goes back in `authorization`.
 * The session is checked before the body is validated (preValidation): SPEC §8 has a caller without
 * a session hear 400/401/402, not a validation error about a body it could not send anyway.
 */
export const authPlugin = fp<{ sessions: SessionService }>(
  (app, options, done) => {
    app.decorateRequest('device', null);
    app.decorateRequest('auth', null);

    app.addHook('onRequest', async (request) => {
      const signature = request.headers[DEVICE_SIGN_HEADER];
      if (typeof signature === 'string' && signature.length > 0 && signature.length < 2048) {
        request.device = decryptDeviceSignature(signature, app.config.DEVICE_SIGN_KEY) ?? null;
      }
    });

    app.addHook('preValidation', async (request, reply) => {
      const mode = request.routeOptions.config.auth;
      if (!mode) return;
      const token = bearerToken(request.headers.authorization);
      const result = token ? await options.sessions.authenticate(token) : undefined;
      if (result?.status === 'ok') {
        request.auth = { sessionId: result.sessionId, user: result.user };
        if (result.rotatedToken) reply.header('authorization', result.rotatedToken);
        return;
      }
      if (mode === 'optional') return;
      if (!result) throw new AppError(ErrorCodes.LOGIN_REQUIRED);
      throw new AppError(
        result.status === 'disabled' ? ErrorCodes.ACCOUNT_DISABLED : ErrorCodes.SESSION_INVALID,
      );
    });
    done();
  },
  { name: 'auth', dependencies: ['config', 'db'] },
);

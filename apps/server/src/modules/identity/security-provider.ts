import { createHash } from 'node:crypto';
import { ErrorCodes, type SecurityTokenRequest } from '@haoshi/contracts';
import { AppError } from '../../lib/errors.ts';
import { hmac, randomToken, safeEqual } from '../../lib/crypto.ts';

export const SECURITY_TOKEN_TTL_SECONDS = 120;

export interface SecurityClaims {
  deviceId: string;
  package: string;
  fingerprint: string;
  issuedAt: number;
}

/**
 * The device-risk provider: issues short-lived signed tokens describing the client, and verifies
 * them when the client presents one to /app/device/v2. A vendor adapter implements the same shape.
 */
export interface SecurityProvider {
  issue(request: SecurityTokenRequest): string;
  verify(token: string): SecurityClaims;
}

interface TokenBody {
  d: string;
  p: string;
  f: string;
  iat: number;
  n: string;
}

export function createBuiltinSecurityProvider(
  secret: string,
  now: () => Date = () => new Date(),
): SecurityProvider {
  return {
    issue(request) {
      const body: TokenBody = {
        d: request.device_id,
        p: request.package,
        f: createHash('sha256').update(request.fingerprint).digest('base64url'),
        iat: Math.floor(now().getTime() / 1000),
        n: randomToken(9),
      };
      const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
      return `${payload}.${hmac(secret, payload)}`;
    },
    verify(token) {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined || !safeEqual(signature, hmac(secret, payload))) {
        throw new AppError(ErrorCodes.DEVICE_TOKEN_INVALID);
      }
      let body: TokenBody;
      try {
        body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenBody;
      } catch {
        throw new AppError(ErrorCodes.DEVICE_TOKEN_INVALID);
      }
      const age = Math.floor(now().getTime() / 1000) - body.iat;
      if (!(age >= 0 && age <= SECURITY_TOKEN_TTL_SECONDS))
        throw new AppError(ErrorCodes.DEVICE_TOKEN_EXPIRED);
      return { deviceId: body.d, package: body.p, fingerprint: body.f, issuedAt: body.iat };
    },
  };
}

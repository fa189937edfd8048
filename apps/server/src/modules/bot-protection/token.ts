import { createHash } from 'node:crypto';
import { BOT_TOKEN_TTL_SECONDS, BotResultCodes, ErrorCodes, type BotScene } from '@haoshi/contracts';
import { AppError } from '../../lib/errors.ts';
import { hmac, randomToken, safeEqual } from '../../lib/crypto.ts';
import type { OnceStore } from './once-store.ts';

interface TokenBody {
  /** The scene the token was made for. */
  s: BotScene;
  /** Unique id: a token is used once. */
  j: string;
  /** Issued at, seconds. */
  iat: number;
  /** The browser's user agent, hashed: a token does not move to another client. */
  u: string;
  /** The risk it was issued at (0–100) and whether a slider was solved for it. */
  r: number;
  c: boolean;
}

export interface TokenClaims {
  scene: BotScene;
  risk: number;
  solvedChallenge: boolean;
}

const agentHash = (userAgent: string) =>
  createHash('sha256').update(userAgent).digest('base64url').slice(0, 16);

const refuse = (code: (typeof ErrorCodes)[keyof typeof ErrorCodes], subCode: number) =>
  new AppError(code, undefined, { subCode });

/** Signed, short-lived, single-use tokens for one guarded call (HMAC over the body). */
export function createTokenIssuer(secret: string, store: OnceStore, now: () => Date) {
  const seconds = () => Math.floor(now().getTime() / 1000);
  return {
    issue(scene: BotScene, userAgent: string, risk: number, solvedChallenge: boolean): string {
      const body: TokenBody = {
        s: scene,
        j: randomToken(12),
        iat: seconds(),
        u: agentHash(userAgent),
        r: risk,
        c: solvedChallenge,
      };
      const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
      return `${payload}.${hmac(secret, payload)}`;
    },

    /** Checks a token for this scene and uses it up; refusals carry SPEC §8's result code as sub_code. */
    async consume(token: string | undefined, scene: BotScene, userAgent: string): Promise<TokenClaims> {
      if (!token) throw refuse(ErrorCodes.BOT_TOKEN_MISSING, BotResultCodes.TOKEN_INVALID);
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined || !safeEqual(signature, hmac(secret, payload)))
        throw refuse(ErrorCodes.BOT_TOKEN_INVALID, BotResultCodes.TOKEN_INVALID);
      const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenBody;
      if (body.s !== scene || body.u !== agentHash(userAgent))
        throw refuse(ErrorCodes.BOT_TOKEN_INVALID, BotResultCodes.TOKEN_INVALID);
      const age = seconds() - body.iat;
      if (!(age >= 0 && age <= BOT_TOKEN_TTL_SECONDS))
        throw refuse(ErrorCodes.BOT_TOKEN_EXPIRED, BotResultCodes.TOKEN_EXPIRED);
      if (!(await store.claim(`token:${body.j}`, BOT_TOKEN_TTL_SECONDS + 5)))
        throw refuse(ErrorCodes.BOT_TOKEN_USED, BotResultCodes.TOKEN_USED);
      return { scene: body.s, risk: body.r, solvedChallenge: body.c };
    },
  };
}

export type TokenIssuer = ReturnType<typeof createTokenIssuer>;

import { and, eq, gt, isNull } from 'drizzle-orm';
import { apiPaths, type ThirdPartyProvider } from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { hmac, randomToken } from '../../lib/crypto.ts';
import { addSeconds } from '../../lib/time.ts';
import { builtinOauthGrants } from './tables.ts';
import type { ThirdPartyAuthProvider } from './third-party-provider.ts';

export const OAUTH_CODE_TTL_SECONDS = 300;
/** The account name typed on the provider's page: what the third party would know the user as. */
export const oauthAccountPattern = /^[\p{L}\p{N}_\-·]{2,20}$/u;

/**
 * The built-in provider: plays the third party on this machine. Its authorize page (served by
 * oauth-routes.ts) asks which account to authorize; approving grants a single-use code for 5 minutes.
 * The same account name always gives the same openid, as a real platform's account would.
 */
export function createBuiltinOauthProvider(deps: { db: Database; secret: string; now: () => Date }) {
  const { db, now } = deps;
  const hashCode = (code: string) => hmac(deps.secret, `oauth-code:${code}`);

  const provider: ThirdPartyAuthProvider = {
    authorizeUrl({ provider: name, state, redirectUri }) {
      const query = new URLSearchParams({ provider: name, state, redirect_uri: redirectUri });
      return `${apiPaths.oauthAuthorize}?${query.toString()}`;
    },

    async exchange(name, code) {
      const [grant] = await db
        .update(builtinOauthGrants)
        .set({ usedAt: now() })
        .where(
          and(
            eq(builtinOauthGrants.codeHash, hashCode(code)),
            eq(builtinOauthGrants.provider, name),
            isNull(builtinOauthGrants.usedAt),
            gt(builtinOauthGrants.expiresAt, now()),
          ),
        )
        .returning();
      return grant ? { openid: grant.openid, nickname: grant.nickname } : undefined;
    },
  };

  /** The user approved `account` on the provider's page: a fresh code for the redirect. */
  async function approve(name: ThirdPartyProvider, account: string): Promise<string> {
    const code = randomToken(24);
    await db.insert(builtinOauthGrants).values({
      codeHash: hashCode(code),
      provider: name,
      openid: hmac(deps.secret, `openid:${name}:${account}`).slice(0, 28),
      nickname: account,
      expiresAt: addSeconds(now(), OAUTH_CODE_TTL_SECONDS),
    });
    return code;
  }

  return { provider, approve };
}

export type BuiltinOauthProvider = ReturnType<typeof createBuiltinOauthProvider>;

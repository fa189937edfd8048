import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  ErrorCodes,
  thirdPartyLabels,
  thirdPartyProviders,
  type Binding,
  type ThirdPartyProvider,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { hmac, randomToken } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { addSeconds } from '../../lib/time.ts';
import { notify } from '../notifications/index.ts';
import { bindStates, thirdPartyBindings } from './tables.ts';
import type { ThirdPartyAuthProvider } from './third-party-provider.ts';

export const BIND_STATE_TTL_SECONDS = 600;

/** Third-party bindings (第三方账号绑定) through a provider; a `state` ties the return to its user. */
export function createBindingService(deps: {
  db: Database;
  provider: ThirdPartyAuthProvider;
  secret: string;
  now: () => Date;
}) {
  const { db, now } = deps;
  const hashState = (state: string) => hmac(deps.secret, `bind-state:${state}`);

  const rowsOf = (executor: Executor, userId: number) =>
    executor.select().from(thirdPartyBindings).where(eq(thirdPartyBindings.userId, userId));

  const told = (executor: Executor, userId: number, title: string, body: string) =>
    notify(executor, { userId, kind: 'security', title, body, link: '/thirdInfo', at: now() });

  return {
    async list(userId: number): Promise<Binding[]> {
      const rows = await rowsOf(db, userId);
      return thirdPartyProviders.map((provider) => {
        const row = rows.find((candidate) => candidate.provider === provider);
        return {
          provider,
          name: thirdPartyLabels[provider],
          bound: row !== undefined,
          nickname: row?.nickname ?? '',
          bound_at: row ? row.boundAt.toISOString() : null,
        };
      });
    },

    async isBound(executor: Executor, userId: number, provider: ThirdPartyProvider): Promise<boolean> {
      return (await rowsOf(executor, userId)).some((row) => row.provider === provider);
    },

    async authorize(userId: number, provider: ThirdPartyProvider, returnTo: string): Promise<string> {
      if ((await rowsOf(db, userId)).some((row) => row.provider === provider))
        throw new AppError(ErrorCodes.THIRD_PARTY_ALREADY_BOUND);
      const state = randomToken(24);
      await db.insert(bindStates).values({
        stateHash: hashState(state),
        userId,
        provider,
        expiresAt: addSeconds(now(), BIND_STATE_TTL_SECONDS),
      });
      return deps.provider.authorizeUrl({ provider, state, redirectUri: returnTo });
    },

    async confirm(userId: number, input: { provider: ThirdPartyProvider; code: string; state: string }) {
      const [state] = await db
        .update(bindStates)
        .set({ usedAt: now() })
        .where(
          and(
            eq(bindStates.stateHash, hashState(input.state)),
            eq(bindStates.userId, userId),
            eq(bindStates.provider, input.provider),
            isNull(bindStates.usedAt),
            gt(bindStates.expiresAt, now()),
          ),
        )
        .returning({ provider: bindStates.provider });
      if (!state) throw new AppError(ErrorCodes.BIND_STATE_INVALID);
      const identity = await deps.provider.exchange(input.provider, input.code);
      if (!identity) throw new AppError(ErrorCodes.BIND_CODE_INVALID);
      await db.transaction(async (tx) => {
        const [taken] = await tx
          .select({ userId: thirdPartyBindings.userId })
          .from(thirdPartyBindings)
          .where(
            and(
              eq(thirdPartyBindings.provider, input.provider),
              eq(thirdPartyBindings.openid, identity.openid),
            ),
          );
        if (taken) {
          throw new AppError(
            taken.userId === userId ? ErrorCodes.THIRD_PARTY_ALREADY_BOUND : ErrorCodes.THIRD_PARTY_TAKEN,
          );
        }
        const inserted = await tx
          .insert(thirdPartyBindings)
          .values({ userId, provider: input.provider, ...identity, boundAt: now() })
          .onConflictDoNothing()
          .returning({ userId: thirdPartyBindings.userId });
        if (inserted.length === 0) throw new AppError(ErrorCodes.THIRD_PARTY_ALREADY_BOUND);
        const label = thirdPartyLabels[input.provider];
        await told(tx, userId, `已绑定${label}`, `你的账号已绑定${label}账号“${identity.nickname}”。`);
      });
    },

    async unbind(userId: number, provider: ThirdPartyProvider): Promise<void> {
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(thirdPartyBindings)
          .where(and(eq(thirdPartyBindings.userId, userId), eq(thirdPartyBindings.provider, provider)))
          .returning({ nickname: thirdPartyBindings.nickname });
        if (removed.length === 0) throw new AppError(ErrorCodes.THIRD_PARTY_NOT_BOUND);
        const label = thirdPartyLabels[provider];
        await told(tx, userId, `已解绑${label}`, `你的账号已解除与${label}账号的绑定。`);
      });
    },
  };
}

export type BindingService = ReturnType<typeof createBindingService>;

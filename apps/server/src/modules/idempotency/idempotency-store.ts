import { and, eq, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { createGroupCommit } from '../../lib/group-commit.ts';
import { preparedRows } from '../../lib/sql-rows.ts';
import { onlyOf } from '../../lib/turn-batch.ts';
import { addSeconds } from '../../lib/time.ts';
import { idempotencyKeys } from './tables.ts';

/** How long a key is remembered (Stripe keeps them 24 h). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/**
 * An attempt still "in flight" after this long died with its process; a retry with the same request
 * may take the key over. The client's time-outs are at most 60 s (SPEC §9).
 */
export const STALE_CLAIM_SECONDS = 120;

export interface IdempotencyClaim {
  scope: string;
  key: string;
  /** Identifies this attempt: a slow attempt whose key was taken over cannot overwrite the new one. */
  claimedAt: Date;
}

export type ClaimOutcome =
  | { status: 'claimed'; claim: IdempotencyClaim }
  | { status: 'replay'; statusCode: number; contentType: string; body: string }
  | { status: 'mismatch' }
  | { status: 'in_flight' };

/**
 * Claims and completions of many requests by one statement each (lib/group-commit.ts): the same
 * conditions as the single statements below, over parallel arrays. $1 scopes, $2 keys, $3
 * fingerprints; $4 now, $5 expiry, $6 the stale limit.
 */
const claimMany = {
  name: 'idempotency_claim_many',
  text: `insert into idempotency_keys as held (scope, key, fingerprint, state, claimed_at, expires_at)
  select scope, key, fingerprint, 'in_flight', $4, $5
  from unnest($1::text[], $2::text[], $3::text[]) as asked (scope, key, fingerprint)
  on conflict (scope, key) do update set fingerprint = excluded.fingerprint, state = 'in_flight',
    claimed_at = excluded.claimed_at, expires_at = excluded.expires_at,
    status_code = null, content_type = null, response = null
  where held.expires_at <= $4
    or (held.state = 'in_flight' and held.fingerprint = excluded.fingerprint and held.claimed_at <= $6)
  returning scope, key, claimed_at`,
};
const completeMany = {
  name: 'idempotency_complete_many',
  text: `update idempotency_keys as held set state = 'done', status_code = done.status_code,
    content_type = done.content_type, response = done.response
  from unnest($1::text[], $2::text[], $3::timestamptz[], $4::int[], $5::text[], $6::text[])
    as done (scope, key, claimed_at, status_code, content_type, response)
  where held.scope = done.scope and held.key = done.key and held.claimed_at = done.claimed_at
    and held.state = 'in_flight'`,
};

interface Asked {
  scope: string;
  key: string;
  fingerprint: string;
}
interface Completion {
  claim: IdempotencyClaim;
  statusCode: number;
  contentType: string;
  body: string;
}

const keyOf = (claim: IdempotencyClaim) =>
  and(
    eq(idempotencyKeys.scope, claim.scope),
    eq(idempotencyKeys.key, claim.key),
    eq(idempotencyKeys.claimedAt, claim.claimedAt),
  );

export function createIdempotencyStore(db: Database, now: () => Date) {
  // Every idempotent write runs the claim and then completes it: both are built once and run as
  // named prepared statements.
  const param = sql.placeholder;
  const claimKey = db
    .insert(idempotencyKeys)
    .values({
      scope: param('scope'),
      key: param('key'),
      fingerprint: param('fingerprint'),
      state: 'in_flight',
      claimedAt: param('at'),
      expiresAt: param('expiresAt'),
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.key],
      set: {
        fingerprint: sql`excluded.fingerprint`,
        state: 'in_flight',
        claimedAt: sql`excluded.claimed_at`,
        expiresAt: sql`excluded.expires_at`,
        statusCode: null,
        contentType: null,
        response: null,
      },
      setWhere: or(
        lte(idempotencyKeys.expiresAt, param('at')),
        and(
          eq(idempotencyKeys.state, 'in_flight'),
          eq(idempotencyKeys.fingerprint, param('fingerprint')),
          lte(idempotencyKeys.claimedAt, param('staleBefore')),
        ),
      ),
    })
    .returning({ claimedAt: idempotencyKeys.claimedAt })
    .prepare('idempotency_claim');
  const completeKey = db
    .update(idempotencyKeys)
    .set({
      state: 'done',
      statusCode: sql`${param('statusCode')}`,
      contentType: sql`${param('contentType')}`,
      response: sql`${param('response')}`,
    })
    .where(
      and(
        eq(idempotencyKeys.scope, param('scope')),
        eq(idempotencyKeys.key, param('key')),
        eq(idempotencyKeys.claimedAt, param('claimedAt')),
        eq(idempotencyKeys.state, 'in_flight'),
      ),
    )
    .prepare('idempotency_complete');

  /** Claims (scope, key) for a request with this fingerprint, or says why not. */
  async function claimAlone({ scope, key, fingerprint }: Asked): Promise<ClaimOutcome> {
    // A retry may also find the key released (deleted) between its two statements: try again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const at = now();
      const claimed = await claimKey.execute({
        scope,
        key,
        fingerprint,
        at,
        expiresAt: addSeconds(at, IDEMPOTENCY_TTL_SECONDS),
        staleBefore: addSeconds(at, -STALE_CLAIM_SECONDS),
      });
      if (claimed[0]) return { status: 'claimed', claim: { scope, key, claimedAt: claimed[0].claimedAt } };

      const [existing] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      if (!existing) continue;
      if (existing.fingerprint !== fingerprint) return { status: 'mismatch' };
      if (existing.state === 'in_flight' || existing.statusCode === null || existing.response === null)
        return { status: 'in_flight' };
      return {
        status: 'replay',
        statusCode: existing.statusCode,
        contentType: existing.contentType ?? 'application/json; charset=utf-8',
        body: existing.response,
      };
    }
    return { status: 'in_flight' };
  }

  /**
   * Claims of requests arriving together, by one statement; a key asked twice in a batch, and every
   * key it did not claim (replays, mismatches, attempts in flight), go the single way, which tells.
   */
  const claimSoon = createGroupCommit<Asked, ClaimOutcome>({
    runOne: claimAlone,
    async runMany(asked) {
      const at = now();
      const seen = new Set<string>();
      const once = asked.filter(({ scope, key }) => {
        const id = `${scope}\n${key}`;
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      });
      const rows = await preparedRows<{ scope: string; key: string; claimed_at: Date | string }>(
        db,
        claimMany.name,
        claimMany.text,
        [
          once.map(({ scope }) => scope),
          once.map(({ key }) => key),
          once.map(({ fingerprint }) => fingerprint),
          at,
          addSeconds(at, IDEMPOTENCY_TTL_SECONDS),
          addSeconds(at, -STALE_CLAIM_SECONDS),
        ],
      );
      const claimed = new Map(rows.map((row) => [`${row.scope}\n${row.key}`, new Date(row.claimed_at)]));
      return asked.map(({ scope, key }): ClaimOutcome | undefined => {
        const id = `${scope}\n${key}`;
        const claimedAt = claimed.get(id);
        if (!claimedAt) return undefined;
        claimed.delete(id);
        return { status: 'claimed', claim: { scope, key, claimedAt } };
      });
    },
  });

  const claim = (scope: string, key: string, fingerprint: string) => claimSoon({ scope, key, fingerprint });

  /** Stores the first response; later requests with the key get it back. */
  const completeAlone = async ({ claim: done, statusCode, contentType, body }: Completion) => {
    await completeKey.execute({ ...done, statusCode, contentType, response: body });
    return true as const;
  };
  const complete = createGroupCommit<Completion, true>({
    runOne: completeAlone,
    async runMany(completions) {
      // One by its own statement (`onlyOf`): PostgreSQL plans the batch statement anew on every call.
      const only = onlyOf(completions);
      if (only) return [await completeAlone(only)];
      const column = <T>(pick: (completion: Completion) => T) => completions.map(pick);
      await preparedRows(db, completeMany.name, completeMany.text, [
        column(({ claim: done }) => done.scope),
        column(({ claim: done }) => done.key),
        column(({ claim: done }) => done.claimedAt),
        column(({ statusCode }) => statusCode),
        column(({ contentType }) => contentType),
        column(({ body }) => body),
      ]);
      return completions.map(() => true as const);
    },
  });

  /** Forgets an attempt that produced no result worth replaying (a server error), so a retry runs again. */
  async function release(claim: IdempotencyClaim) {
    await db.delete(idempotencyKeys).where(and(keyOf(claim), eq(idempotencyKeys.state, 'in_flight')));
  }

  /** Deletes keys past their 24 hours (a claim would overwrite them anyway); returns how many. */
  async function purgeExpired(): Promise<number> {
    const purged = await db
      .delete(idempotencyKeys)
      .where(lte(idempotencyKeys.expiresAt, now()))
      .returning({ key: idempotencyKeys.key });
    return purged.length;
  }

  return {
    claim,
    complete: async (done: IdempotencyClaim, statusCode: number, contentType: string, body: string) => {
      await complete({ claim: done, statusCode, contentType, body });
    },
    release,
    purgeExpired,
  };
}

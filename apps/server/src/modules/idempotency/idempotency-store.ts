import { and, eq, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
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
  async function claim(scope: string, key: string, fingerprint: string): Promise<ClaimOutcome> {
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

  /** Stores the first response; later requests with the key get it back. */
  async function complete(claim: IdempotencyClaim, statusCode: number, contentType: string, body: string) {
    await completeKey.execute({ ...claim, statusCode, contentType, response: body });
  }

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

  return { claim, complete, release, purgeExpired };
}

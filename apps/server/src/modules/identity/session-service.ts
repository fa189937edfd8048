import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { hmac, randomToken } from '../../lib/crypto.ts';
import { addSeconds } from '../../lib/time.ts';
import { createTurnBatcher, paddedForPlan } from '../../lib/turn-batch.ts';
import { sessions, users } from './tables.ts';
import type { UserRow } from './user-service.ts';

/** How long a token replaced by rotation keeps working, for requests already in flight. */
export const ROTATION_GRACE_SECONDS = 120;

export interface SessionServiceDeps {
  db: Database;
  secret: string;
  ttlDays: number;
  rotateAfterSeconds: number;
  now?: () => Date;
}

export interface SessionMeta {
  ip: string;
  userAgent: string;
  deviceId?: string | undefined;
}

export type AuthenticateResult = Authenticated | { status: 'invalid' } | { status: 'disabled' };

export interface Authenticated {
  status: 'ok';
  sessionId: number;
  user: UserRow;
  /** A fresh token when this request rotated the session; the client must store it. */
  rotatedToken?: string;
}

/**
 * Run in a login's transaction for an existing account, before its session is created (a
 * cancellation in its cooling-off is withdrawn); answers what the user must be told, if anything.
 */
export type LoginHook = (tx: Executor, userId: number) => Promise<string | undefined>;

/** Opaque random session tokens, stored only as HMACs; sliding expiry with rotation. */
export function createSessionService(deps: SessionServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const hashToken = (token: string) => hmac(deps.secret, token);
  const ttlSeconds = deps.ttlDays * 86_400;
  const loginHooks: LoginHook[] = [];
  const endedListeners: Array<(userId: number) => void> = [];

  /** Registers a hook every login path runs (SMS, QR code, any later one): see `startLogin`. */
  function onLogin(hook: LoginHook): void {
    loginHooks.push(hook);
  }

  /** Registers a listener told after sessions of a user ended (chat closes the sockets they opened). */
  function onEnded(listener: (userId: number) => void): void {
    endedListeners.push(listener);
  }

  /**
   * Tells the listeners that sessions of the user ended. Call it once the transaction that ended
   * them committed: a listener reads the sessions as they are then, so a rollback ends nothing.
   */
  function ended(userId: number): void {
    for (const listener of endedListeners) listener(userId);
  }

  async function create(executor: Executor, userId: number, meta: SessionMeta) {
    const token = randomToken(32);
    const at = now();
    const expiresAt = addSeconds(at, ttlSeconds);
    await executor.insert(sessions).values({
      userId,
      tokenHash: hashToken(token),
      tokenIssuedAt: at,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent.slice(0, 512),
      deviceId: meta.deviceId ?? null,
      createdAt: at,
    });
    return { token, expiresAt };
  }

  /**
   * The one way a login creates a session: for an existing account every login hook runs first, in
   * the login's transaction, then the session is created. Answers the session and what the user
   * must be told (the hooks' notices), if anything.
   */
  async function startLogin(
    tx: Executor,
    userId: number,
    meta: SessionMeta,
    options: { created: boolean },
  ): Promise<{ token: string; expiresAt: Date; notice?: string }> {
    const notices: string[] = [];
    if (!options.created) {
      for (const hook of loginHooks) {
        const notice = await hook(tx, userId);
        if (notice) notices.push(notice);
      }
    }
    const session = await create(tx, userId, meta);
    return notices.length > 0 ? { ...session, notice: notices.join('\n') } : session;
  }

  // Every authenticated request needs one of them: each built once, a named prepared statement. The
  // lookups of one turn of the event loop share one statement by current token (see `lookUp`); a
  // token it does not find (one replaced by rotation in its grace period, or no session at all), or
  // a lookup alone, takes the single-token statement.
  const hashParam = sql.placeholder('hash');
  const atParam = sql.placeholder('at');
  const live = and(isNull(sessions.revokedAt), gt(sessions.expiresAt, atParam));
  const sessionsWithUsers = () =>
    deps.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId));
  const sessionByToken = sessionsWithUsers()
    .where(
      and(
        or(
          eq(sessions.tokenHash, hashParam),
          and(eq(sessions.previousTokenHash, hashParam), gt(sessions.previousValidUntil, atParam)),
        ),
        live,
      ),
    )
    .limit(1)
    .prepare('session_by_token');
  // One index probe per token; the array padded with '' (no token's hash) so the plan is kept.
  const sessionsByCurrentTokens = sessionsWithUsers()
    .where(and(sql`${sessions.tokenHash} = any(${sql.placeholder('hashes')}::text[])`, live))
    .prepare('sessions_by_current_tokens');
  type SessionRow = Awaited<ReturnType<typeof sessionByToken.execute>>[number];
  const stateById = deps.db
    .select({ status: users.status })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), live))
    .limit(1)
    .prepare('session_state_by_id');

  /**
   * The session a token hash opens, if any. Requests that arrive together (a burst, or any load
   * above one request at a time) are answered by one statement: every request read its session
   * with a round trip of its own before, the largest part of a signed-in request's cost. Nothing is
   * cached: each request still sees its session as the database has it after it arrived.
   */
  const lookUp = createTurnBatcher<string, SessionRow>(async (hashes) => {
    const at = now();
    const rows =
      hashes.length > 1
        ? await sessionsByCurrentTokens.execute({ hashes: paddedForPlan(hashes, ''), at })
        : [];
    const found = new Map(rows.map((row) => [row.session.tokenHash, row]));
    const missed = hashes.filter((hash) => !found.has(hash));
    await Promise.all(
      missed.map(async (hash) => {
        const [row] = await sessionByToken.execute({ hash, at });
        if (row) found.set(hash, row);
      }),
    );
    return found;
  });

  async function authenticate(token: string): Promise<AuthenticateResult> {
    const hash = hashToken(token);
    const row = await lookUp(hash);
    if (!row) return { status: 'invalid' };
    if (row.user.status !== 'active') return { status: 'disabled' };
    const { session, user } = row;
    const at = now();
    const isCurrentToken = session.tokenHash === hash;
    const due = at.getTime() - session.tokenIssuedAt.getTime() >= deps.rotateAfterSeconds * 1000;
    if (!isCurrentToken || !due) return { status: 'ok', sessionId: session.id, user };

    const rotatedToken = randomToken(32);
    const rotated = await deps.db
      .update(sessions)
      .set({
        tokenHash: hashToken(rotatedToken),
        tokenIssuedAt: at,
        previousTokenHash: hash,
        previousValidUntil: addSeconds(at, ROTATION_GRACE_SECONDS),
        expiresAt: addSeconds(at, ttlSeconds),
      })
      .where(and(eq(sessions.id, session.id), eq(sessions.tokenHash, hash)))
      .returning({ id: sessions.id });
    // A parallel request may have rotated first; the old token still works during the grace period.
    return rotated.length > 0
      ? { status: 'ok', sessionId: session.id, user, rotatedToken }
      : { status: 'ok', sessionId: session.id, user };
  }

  /**
   * What `authenticate` would answer now for a token of this session, without rotating it: a socket
   * authenticated once re-checks its session with this.
   */
  async function stateOf(sessionId: number): Promise<AuthenticateResult['status']> {
    const [row] = await stateById.execute({ id: sessionId, at: now() });
    if (!row) return 'invalid';
    return row.status === 'active' ? 'ok' : 'disabled';
  }

  /** Ends one session (logout) and tells the `onEnded` listeners. */
  async function revoke(sessionId: number): Promise<void> {
    const [row] = await deps.db
      .update(sessions)
      .set({ revokedAt: now() })
      .where(eq(sessions.id, sessionId))
      .returning({ userId: sessions.userId });
    if (row) ended(row.userId);
  }

  /**
   * Ends every session of the user, in the caller's transaction; how many ended. The caller calls
   * `ended(userId)` once that transaction committed.
   */
  async function revokeAllOf(executor: Executor, userId: number): Promise<number> {
    const revoked = await executor
      .update(sessions)
      .set({ revokedAt: now() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return revoked.length;
  }

  /**
   * Ends every session of the user but `keepSessionId` (the caller's own), in the caller's
   * transaction; the caller calls `ended(userId)` once that transaction committed.
   */
  async function revokeOthersOf(executor: Executor, userId: number, keepSessionId: number): Promise<void> {
    await executor
      .update(sessions)
      .set({ revokedAt: now() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)));
  }

  return {
    create,
    onLogin,
    onEnded,
    ended,
    startLogin,
    authenticate,
    stateOf,
    revoke,
    revokeAllOf,
    revokeOthersOf,
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { hmac, randomToken } from '../../lib/crypto.ts';
import { addSeconds } from '../../lib/time.ts';
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

  /** Registers a hook every login path runs (SMS, QR code, any later one): see `startLogin`. */
  function onLogin(hook: LoginHook): void {
    loginHooks.push(hook);
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

  // Every authenticated request runs it: built once, a named prepared statement.
  const hash = sql.placeholder('hash');
  const at = sql.placeholder('at');
  const sessionByToken = deps.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        or(
          eq(sessions.tokenHash, hash),
          and(eq(sessions.previousTokenHash, hash), gt(sessions.previousValidUntil, at)),
        ),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, at),
      ),
    )
    .limit(1)
    .prepare('session_by_token');

  async function authenticate(token: string): Promise<AuthenticateResult> {
    const hash = hashToken(token);
    const at = now();
    const [row] = await sessionByToken.execute({ hash, at });
    if (!row) return { status: 'invalid' };
    if (row.user.status !== 'active') return { status: 'disabled' };
    const { session, user } = row;
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

  async function revoke(sessionId: number): Promise<void> {
    await deps.db.update(sessions).set({ revokedAt: now() }).where(eq(sessions.id, sessionId));
  }

  async function revokeAllOf(executor: Executor, userId: number): Promise<void> {
    await executor
      .update(sessions)
      .set({ revokedAt: now() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  /** Ends every session of the user but `keepSessionId` (the caller's own), in the caller's transaction. */
  async function revokeOthersOf(executor: Executor, userId: number, keepSessionId: number): Promise<void> {
    await executor
      .update(sessions)
      .set({ revokedAt: now() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)));
  }

  return { create, onLogin, startLogin, authenticate, revoke, revokeAllOf, revokeOthersOf };
}

export type SessionService = ReturnType<typeof createSessionService>;

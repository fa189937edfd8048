import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { isoOrNull, type DataExportSource } from '../../lib/data-export.ts';
import { sessions, users } from './tables.ts';

/** The personal centre's reads and writes of accounts and sessions, each in the caller's transaction. */

export interface LiveSession {
  id: number;
  ip: string;
  userAgent: string;
  createdAt: Date;
  lastActiveAt: Date;
}

const live = (userId: number, at: Date) =>
  and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, at));

/** The user's signed-in sessions, most recently active first (a rotation marks activity). */
export async function liveSessionsOf(executor: Executor, userId: number, at: Date): Promise<LiveSession[]> {
  const rows = await executor
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastActiveAt: sessions.tokenIssuedAt,
    })
    .from(sessions)
    .where(live(userId, at))
    .orderBy(desc(sessions.tokenIssuedAt), desc(sessions.id));
  return rows;
}

/**
 * Ends one live session of this user (another user's id ends nothing); whether it did. After the
 * commit the caller calls `SessionService.ended(userId)`, as for every way a session ends.
 */
export async function revokeSessionOf(
  executor: Executor,
  userId: number,
  sessionId: number,
  at: Date,
): Promise<boolean> {
  const ended = await executor
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(live(userId, at), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every live session of the user but `keepSessionId`; how many ended (then `ended`, as above). */
export async function revokeSessionsExcept(
  executor: Executor,
  userId: number,
  keepSessionId: number,
  at: Date,
): Promise<number> {
  const ended = await executor
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(live(userId, at), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Writes the nickname and/or avatar URL of the account. */
export async function setNicknameAvatar(
  executor: Executor,
  userId: number,
  change: { nickname?: string | undefined; avatar?: string | undefined },
): Promise<void> {
  const set: { nickname?: string; avatar?: string } = {};
  if (change.nickname !== undefined) set.nickname = change.nickname;
  if (change.avatar !== undefined) set.avatar = change.avatar;
  if (Object.keys(set).length > 0) await executor.update(users).set(set).where(eq(users.id, userId));
}

/** "My data": the account and every session it ever had. */
export const identityExportSources: DataExportSource[] = [
  {
    module: 'identity',
    title: '账号信息',
    async records(executor, userId) {
      const rows = await executor.select().from(users).where(eq(users.id, userId));
      return rows.map((row) => ({
        id: row.id,
        phone: row.phone,
        nickname: row.nickname,
        avatar: row.avatar,
        status: row.status,
        created_at: row.createdAt.toISOString(),
      }));
    },
  },
  {
    module: 'identity',
    title: '登录记录',
    async records(executor, userId) {
      const rows = await executor
        .select()
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.id));
      return rows.map((row) => ({
        id: row.id,
        ip: row.ip,
        user_agent: row.userAgent,
        created_at: row.createdAt.toISOString(),
        revoked_at: isoOrNull(row.revokedAt),
        expires_at: row.expiresAt.toISOString(),
      }));
    },
  },
];

import { ErrorCodes, type SessionItem } from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  liveSessionsOf,
  revokeSessionOf,
  revokeSessionsExcept,
  type SessionService,
} from '../identity/index.ts';
import { notify } from '../notifications/index.ts';
import { describeDevice, placeOfIp } from './device-describe.ts';

/** Devices (登录设备管理): the user's live sessions; signing one out revokes it at once. */
export function createDeviceSessions(deps: {
  db: Database;
  sessions: Pick<SessionService, 'ended'>;
  now: () => Date;
}) {
  const { db, sessions, now } = deps;
  return {
    async list(userId: number, currentSessionId: number): Promise<SessionItem[]> {
      const rows = await liveSessionsOf(db, userId, now());
      return rows.map((row) => ({
        id: row.id,
        current: row.id === currentSessionId,
        device: describeDevice(row.userAgent),
        ip: row.ip,
        place: placeOfIp(row.ip),
        created_at: row.createdAt.toISOString(),
        last_active_at: row.lastActiveAt.toISOString(),
      }));
    },

    async revoke(userId: number, currentSessionId: number, sessionId: number): Promise<number> {
      if (sessionId === currentSessionId) throw new AppError(ErrorCodes.SESSION_IS_CURRENT);
      await db.transaction(async (tx) => {
        const ended = await revokeSessionOf(tx, userId, sessionId, now());
        if (!ended) throw new AppError(ErrorCodes.SESSION_NOT_FOUND);
        await notify(tx, {
          userId,
          kind: 'security',
          title: '设备已下线',
          body: '你在“登录设备管理”中下线了一台设备，该设备需要重新登录。如非本人操作，请立即修改密码并联系客服。',
          link: '/devicceInfo',
          at: now(),
        });
      });
      sessions.ended(userId);
      return 1;
    },

    async revokeOthers(userId: number, currentSessionId: number): Promise<number> {
      const ended = await db.transaction(async (tx) => {
        const ended = await revokeSessionsExcept(tx, userId, currentSessionId, now());
        if (ended > 0) {
          await notify(tx, {
            userId,
            kind: 'security',
            title: '其他设备已全部下线',
            body: `你下线了其他 ${ended} 台设备，它们需要重新登录。`,
            link: '/devicceInfo',
            at: now(),
          });
        }
        return ended;
      });
      if (ended > 0) sessions.ended(userId);
      return ended;
    },
  };
}

export type DeviceSessions = ReturnType<typeof createDeviceSessions>;

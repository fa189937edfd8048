import { desc, eq } from 'drizzle-orm';
import type { DataExportSource } from '../../lib/data-export.ts';
import {
  noticeSubscriptions,
  profileChanges,
  thirdPartyBindings,
  userProfiles,
  wxPushOutbox,
} from './tables.ts';

/** The personal centre's own share of "my data". */
export const personalExportSources: DataExportSource[] = [
  {
    module: 'personal',
    title: '个人资料',
    async records(executor, userId) {
      const rows = await executor.select().from(userProfiles).where(eq(userProfiles.userId, userId));
      return rows.map((row) => ({
        gender: row.gender,
        birthday: row.birthday,
        province_code: row.provinceCode,
        city_code: row.cityCode,
        updated_at: row.updatedAt.toISOString(),
      }));
    },
  },
  {
    module: 'personal',
    title: '资料修改记录',
    async records(executor, userId) {
      const rows = await executor
        .select()
        .from(profileChanges)
        .where(eq(profileChanges.userId, userId))
        .orderBy(desc(profileChanges.id));
      return rows.map((row) => ({
        field: row.field,
        old_value: row.oldValue,
        new_value: row.newValue,
        ip: row.ip,
        user_agent: row.userAgent,
        created_at: row.createdAt.toISOString(),
      }));
    },
  },
  {
    module: 'personal',
    title: '第三方账号绑定',
    async records(executor, userId) {
      const rows = await executor
        .select()
        .from(thirdPartyBindings)
        .where(eq(thirdPartyBindings.userId, userId));
      return rows.map((row) => ({
        provider: row.provider,
        nickname: row.nickname,
        bound_at: row.boundAt.toISOString(),
      }));
    },
  },
  {
    module: 'personal',
    title: '微信推送设置',
    async records(executor, userId) {
      const rows = await executor
        .select()
        .from(noticeSubscriptions)
        .where(eq(noticeSubscriptions.userId, userId));
      return rows.map((row) => ({ topic: row.topic, enabled: row.enabled }));
    },
  },
  {
    module: 'personal',
    title: '微信推送记录',
    async records(executor, userId) {
      const rows = await executor
        .select()
        .from(wxPushOutbox)
        .where(eq(wxPushOutbox.userId, userId))
        .orderBy(desc(wxPushOutbox.id));
      return rows.map((row) => ({
        topic: row.topic,
        title: row.title,
        body: row.body,
        status: row.status,
        created_at: row.createdAt.toISOString(),
        delivered_at: row.deliveredAt?.toISOString() ?? null,
      }));
    },
  },
];

import { eq } from 'drizzle-orm';
import { defaultPrivacySettings, type PrivacySettings } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import type { DataExportSource } from '../../lib/data-export.ts';
import { privacySettings } from './tables.ts';

/** The user's switches (the defaults until they change one); other modules ask before they record. */
export async function privacyOf(executor: Executor, userId: number): Promise<PrivacySettings> {
  const [row] = await executor.select().from(privacySettings).where(eq(privacySettings.userId, userId));
  if (!row) return defaultPrivacySettings;
  return {
    visitor_traces: row.visitorTraces,
    personalised_recommendations: row.personalisedRecommendations,
  };
}

export async function updatePrivacy(
  executor: Executor,
  userId: number,
  change: Partial<PrivacySettings>,
  at: Date,
): Promise<PrivacySettings> {
  const next = { ...(await privacyOf(executor, userId)), ...definedOf(change) };
  const values = {
    visitorTraces: next.visitor_traces,
    personalisedRecommendations: next.personalised_recommendations,
    updatedAt: at,
  };
  await executor
    .insert(privacySettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: privacySettings.userId, set: values });
  return next;
}

function definedOf(change: Partial<PrivacySettings>): Partial<PrivacySettings> {
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
}

export const privacyExportSources: DataExportSource[] = [
  {
    module: 'privacy',
    title: '隐私设置',
    async records(executor, userId) {
      return [{ ...(await privacyOf(executor, userId)) }];
    },
  },
];

import { bigint, boolean, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../identity/tables.ts';

/** The user's privacy switches (隐私设置); no row means the defaults (all on). */
export const privacySettings = pgTable('privacy_settings', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  visitorTraces: boolean('visitor_traces').notNull(),
  personalisedRecommendations: boolean('personalised_recommendations').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { processRoles } from '@haoshi/contracts';
import { users } from '../identity/tables.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Every transition of every process (packages/contracts process engine): who moved which subject
 * from where to where, when and why. The timelines screens show and the audit trail.
 */
export const processTransitions = pgTable(
  'process_transitions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    process: text('process').notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    action: text('action').notNull(),
    /** null: the subject was created in `to_state`. */
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    actorRole: text('actor_role', { enum: processRoles }).notNull(),
    actorUserId: bigint('actor_user_id', { mode: 'number' }).references(() => users.id),
    reason: text('reason'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('process_transitions_subject_idx').on(table.process, table.subjectId, table.id)],
);

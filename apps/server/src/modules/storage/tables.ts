import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { UploadFileType, UploadPurpose } from '@haoshi/contracts';
import { users } from '../identity/tables.ts';

/** One signed, expiring, single-use upload of one file to a server-chosen key. */
export const uploadTickets = pgTable(
  'upload_tickets',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').$type<UploadPurpose>().notNull(),
    key: text('key').notNull().unique(),
    contentType: text('content_type').$type<UploadFileType>().notNull(),
    declaredBytes: integer('declared_bytes').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set once the bytes are stored, checked and re-encoded. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    bytes: integer('bytes'),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('upload_tickets_user_idx').on(table.userId, table.createdAt)],
);

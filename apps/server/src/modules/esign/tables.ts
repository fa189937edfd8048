import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ProtocolRole } from '@haoshi/contracts';
import { users } from '../identity/tables.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** A party as the snapshot names them: identity from the real-name record, masked. */
export interface SnapshotParty {
  user_id: number;
  name_masked: string;
  id_number_masked: string;
}

export interface SnapshotSignature extends SnapshotParty {
  role: ProtocolRole;
  image_key: string;
  image_sha256: string;
  signed_at: string;
}

/**
 * A signer's declared intent: the drawn signature and the text they read, waiting for the SMS
 * code. At most one open intent per signer and subject; a new one closes the previous.
 */
export const protocolSignIntents = pgTable(
  'protocol_sign_intents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    signerId: bigint('signer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    role: text('role').$type<ProtocolRole>().notNull(),
    imageKey: text('image_key').notNull(),
    imageSha256: text('image_sha256').notNull(),
    textSha256: text('text_sha256').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    /** Set when signed or superseded. */
    closedAt: timestamptz('closed_at'),
  },
  (table) => [
    uniqueIndex('protocol_sign_intents_open_key')
      .on(table.subjectId, table.signerId)
      .where(sql`${table.closedAt} is null`),
  ],
);

/**
 * Signed snapshots: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE) and hash-chained
 * per subject; `hash` is the SHA-256 of the canonical JSON of the row's content and `prev_hash`,
 * and `platform_signature` the platform's Ed25519 signature of that hash.
 */
export const protocolSnapshots = pgTable(
  'protocol_snapshots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    orderNo: text('order_no').notNull(),
    seq: integer('seq').notNull(),
    signedBy: text('signed_by').$type<ProtocolRole>().notNull(),
    templateVersion: text('template_version').notNull(),
    text: text('text').notNull(),
    textSha256: text('text_sha256').notNull(),
    parties: jsonb('parties').$type<Record<ProtocolRole, SnapshotParty>>().notNull(),
    signatures: jsonb('signatures').$type<SnapshotSignature[]>().notNull(),
    signedAt: timestamptz('signed_at').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    platformSignature: text('platform_signature').notNull(),
    keyId: text('key_id').notNull(),
  },
  (table) => [
    uniqueIndex('protocol_snapshots_subject_seq_key').on(table.subjectId, table.seq),
    index('protocol_snapshots_order_no_idx').on(table.orderNo),
  ],
);

import type { ConversationStatus, ConversationType, MessageContent } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { preparedRows } from '../../lib/sql-rows.ts';
import type { MessageRow } from './chat-views.ts';

/**
 * The send path's statements, prepared once per connection. A send is the hottest write in chat:
 * everything it must know before writing (a retry's stored message, membership, the conversation's
 * state, its members, a block either way, the sender's recent sends) is one statement, the write
 * (next seq on the row-locked conversation, the message, the sender's read mark) another, and a
 * plain text (no card to look up, no warning to add) does both in one statement, which PostgreSQL
 * runs atomically on its own: one round trip, no BEGIN/COMMIT.
 *
 * Parameters shared by the texts: $1 sender, $2 conversation, $3 client_msg_id, $4 start of the
 * rate window.
 */

export interface SendCheck {
  /** The message this sender already stored under the client_msg_id: the send is a retry. */
  existingId: number | null;
  /** Null when the sender is not an active member (or the conversation does not exist). */
  conversation: { id: number; type: ConversationType; status: ConversationStatus } | null;
  memberIds: number[];
  blockedByMe: boolean;
  blockedByPeer: boolean;
  recentSends: number;
}

const CHECK_TEXT = `
select
  (select m.id from chat_messages m where m.sender_id = $1 and m.client_msg_id = $3) as existing_id,
  c.id as conversation_id, c.type, c.status,
  (select array_agg(cm.user_id order by cm.user_id) from chat_members cm
     where cm.conversation_id = c.id and cm.left_at is null) as member_ids,
  exists (select 1 from chat_members p join chat_blocks b on b.user_id = $1 and b.blocked_user_id = p.user_id
     where c.type = 'private' and p.conversation_id = c.id and p.user_id <> $1 and p.left_at is null)
    as blocked_by_me,
  exists (select 1 from chat_members p join chat_blocks b on b.user_id = p.user_id and b.blocked_user_id = $1
     where c.type = 'private' and p.conversation_id = c.id and p.user_id <> $1 and p.left_at is null)
    as blocked_by_peer,
  (select count(*) from chat_messages r where r.sender_id = $1 and r.created_at >= $4::timestamptz)
    as recent_sends
from (select 1) as one
left join chat_members me on me.conversation_id = $2 and me.user_id = $1 and me.left_at is null
left join chat_conversations c on c.id = me.conversation_id`;

interface CheckRow {
  existing_id: string | number | null;
  conversation_id: string | number | null;
  type: ConversationType | null;
  status: ConversationStatus | null;
  member_ids: (string | number)[] | null;
  blocked_by_me: boolean | null;
  blocked_by_peer: boolean | null;
  recent_sends: string | number;
}

const fromCheck = (row: CheckRow | undefined): SendCheck => {
  const conversation =
    row?.conversation_id != null && row.type && row.status
      ? { id: Number(row.conversation_id), type: row.type, status: row.status }
      : null;
  return {
    existingId: row?.existing_id != null ? Number(row.existing_id) : null,
    conversation,
    memberIds: (row?.member_ids ?? []).map(Number),
    blockedByMe: row?.blocked_by_me === true,
    blockedByPeer: row?.blocked_by_peer === true,
    recentSends: Number(row?.recent_sends ?? 0),
  };
};

export async function checkSend(
  tx: Executor,
  input: { senderId: number; conversationId: number; clientMsgId: string; windowStart: Date },
): Promise<SendCheck> {
  const [row] = await preparedRows<CheckRow>(tx, 'chat_send_check', CHECK_TEXT, [
    input.senderId,
    input.conversationId,
    input.clientMsgId,
    input.windowStart.toISOString(),
  ]);
  return fromCheck(row);
}

interface WrittenMessage {
  conversationId: number;
  senderId: number;
  clientMsgId: string;
  content: MessageContent;
  flagged: boolean;
  at: Date;
}

/** What a message is stored from: its sender (none for the system), their id for it, what it says. */
export interface MessageInput {
  senderId: number | null;
  clientMsgId: string | null;
  content: MessageContent;
  flagged: boolean;
  at: Date;
}

/** A message's columns from what its sender gave (every way of storing a message writes these). */
export const messageColumns = (conversationId: number, input: MessageInput) => ({
  conversationId,
  senderId: input.senderId,
  clientMsgId: input.clientMsgId,
  kind: input.content.kind,
  content: input.content,
  flagged: input.flagged,
  createdAt: input.at,
});

/** The row a send statement stored, from what it was given and the id and seq it answered. */
const storedRow = (input: WrittenMessage, id: string | number, seq: string | number): MessageRow => ({
  ...messageColumns(input.conversationId, input),
  id: Number(id),
  seq: Number(seq),
  recalledAt: null,
});

const WRITE_TEXT = `
with head as (
  update chat_conversations set last_seq = last_seq + 1, last_message_at = $7::timestamptz
  where id = $1 returning last_seq
), inserted as (
  insert into chat_messages (conversation_id, seq, sender_id, client_msg_id, kind, content, flagged, created_at)
  select $1, head.last_seq, $2, $3, $4, $5::jsonb, $6, $7::timestamptz from head
  returning id, seq
), marked as (
  update chat_members m
  set last_read_seq = greatest(m.last_read_seq, inserted.seq),
      last_acked_seq = greatest(m.last_acked_seq, inserted.seq)
  from inserted where m.conversation_id = $1 and m.user_id = $2
)
select id, seq from inserted`;

/** Takes the next seq on the (row-locked) conversation, stores the message, moves the sender's marks. */
export async function writeSentMessage(tx: Executor, input: WrittenMessage): Promise<MessageRow | null> {
  const [row] = await preparedRows<{ id: string | number; seq: string | number }>(
    tx,
    'chat_send_write',
    WRITE_TEXT,
    [
      input.conversationId,
      input.senderId,
      input.clientMsgId,
      input.content.kind,
      JSON.stringify(input.content),
      input.flagged,
      input.at.toISOString(),
    ],
  );
  return row ? storedRow(input, row.id, row.seq) : null;
}

const TEXT_AT_ONCE_TEXT = `
with checked as (${CHECK_TEXT}
), head as (
  update chat_conversations c set last_seq = c.last_seq + 1, last_message_at = $6::timestamptz
  from checked k
  where c.id = k.conversation_id and k.existing_id is null and k.status <> 'closed'
    and not k.blocked_by_me and not k.blocked_by_peer and k.recent_sends < $7
  returning c.last_seq
), inserted as (
  insert into chat_messages (conversation_id, seq, sender_id, client_msg_id, kind, content, flagged, created_at)
  select $2, head.last_seq, $1, $3, 'text', $5::jsonb, false, $6::timestamptz from head
  returning id, seq
), marked as (
  update chat_members m
  set last_read_seq = greatest(m.last_read_seq, inserted.seq),
      last_acked_seq = greatest(m.last_acked_seq, inserted.seq)
  from inserted where m.conversation_id = $2 and m.user_id = $1
)
select checked.*, inserted.id as message_id, inserted.seq as message_seq
from checked left join inserted on true`;

/**
 * A plain text checked and stored in one statement. `message` is null when a check refused it (or
 * it is a retry): the caller reads why from `check`.
 */
export async function sendTextAtOnce(
  executor: Executor,
  input: {
    senderId: number;
    conversationId: number;
    clientMsgId: string;
    windowStart: Date;
    sendsPerWindow: number;
    content: Extract<MessageContent, { kind: 'text' }>;
    at: Date;
  },
): Promise<{ check: SendCheck; message: MessageRow | null }> {
  const [row] = await preparedRows<
    CheckRow & { message_id: string | number | null; message_seq: string | number | null }
  >(executor, 'chat_send_text', TEXT_AT_ONCE_TEXT, [
    input.senderId,
    input.conversationId,
    input.clientMsgId,
    input.windowStart.toISOString(),
    JSON.stringify(input.content),
    input.at.toISOString(),
    input.sendsPerWindow,
  ]);
  const check = fromCheck(row);
  if (row?.message_id == null || row.message_seq == null) return { check, message: null };
  return {
    check,
    message: storedRow({ ...input, flagged: false }, row.message_id, row.message_seq),
  };
}

import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { isStaff, type ChatMessage, type ChatUser, type Conversation } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { profilesOf, rolesByUser } from '../identity/index.ts';
import type { chatConversations } from './tables.ts';
import { chatBlocks, chatMembers, chatMessages } from './tables.ts';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MemberRow = typeof chatMembers.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

export const toMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  conversation_id: row.conversationId,
  seq: row.seq,
  sender_id: row.senderId,
  client_msg_id: row.clientMsgId,
  content: row.content,
  flagged: row.flagged,
  created_at: row.createdAt.toISOString(),
  recalled_at: row.recalledAt?.toISOString() ?? null,
});

/** Members still in each conversation. */
export async function activeMembersOf(
  executor: Executor,
  conversationIds: readonly number[],
): Promise<Map<number, MemberRow[]>> {
  const byConversation = new Map<number, MemberRow[]>();
  if (conversationIds.length === 0) return byConversation;
  const rows = await executor
    .select()
    .from(chatMembers)
    .where(
      and(inArray(chatMembers.conversationId, [...new Set(conversationIds)]), isNull(chatMembers.leftAt)),
    );
  for (const row of rows)
    byConversation.set(row.conversationId, [...(byConversation.get(row.conversationId) ?? []), row]);
  return byConversation;
}

export async function chatUsersOf(
  executor: Executor,
  ids: readonly number[],
): Promise<Map<number, ChatUser>> {
  const [profiles, roles] = await Promise.all([profilesOf(executor, ids), rolesByUser(executor, ids)]);
  return new Map(
    ids.map((id) => {
      const profile = profiles.get(id);
      return [
        id,
        {
          user_id: id,
          nickname: profile?.nickname ?? '',
          avatar: profile?.avatar ?? '',
          staff: isStaff(roles.get(id) ?? []),
        },
      ];
    }),
  );
}

const SERVICE_TITLE = '在线客服';
const GROUP_TITLE = '订单群聊';

/** Conversations as the viewer sees them (their own member rows given). */
export async function conversationViews(
  executor: Executor,
  viewerId: number,
  rows: { conversation: ConversationRow; member: MemberRow }[],
): Promise<Conversation[]> {
  const ids = rows.map((row) => row.conversation.id);
  const members = await activeMembersOf(executor, ids);
  const userIds = [...new Set([...members.values()].flat().map((member) => member.userId))];
  const users = await chatUsersOf(executor, userIds);
  const lastKeys = rows.filter((row) => row.conversation.lastSeq > 0);
  const lastMessages = lastKeys.length
    ? await executor
        .select()
        .from(chatMessages)
        .where(
          or(
            ...lastKeys.map((row) =>
              and(
                eq(chatMessages.conversationId, row.conversation.id),
                eq(chatMessages.seq, row.conversation.lastSeq),
              ),
            ),
          ),
        )
    : [];
  const lastByConversation = new Map(lastMessages.map((row) => [row.conversationId, row]));
  const peers = rows
    .filter((row) => row.conversation.type === 'private')
    .map((row) => members.get(row.conversation.id)?.find((member) => member.userId !== viewerId)?.userId)
    .filter((id): id is number => id !== undefined);
  const blocked = peers.length
    ? await executor
        .select({ id: chatBlocks.blockedUserId })
        .from(chatBlocks)
        .where(and(eq(chatBlocks.userId, viewerId), inArray(chatBlocks.blockedUserId, peers)))
    : [];
  const blockedIds = new Set(blocked.map((row) => row.id));
  return rows.map(({ conversation, member }) => {
    const memberUsers = (members.get(conversation.id) ?? [])
      .map((row) => users.get(row.userId))
      .filter((user): user is ChatUser => user !== undefined);
    const peer =
      conversation.type === 'private'
        ? (memberUsers.find((user) => user.user_id !== viewerId) ?? null)
        : null;
    const peerMember = peer
      ? (members.get(conversation.id) ?? []).find((row) => row.userId === peer.user_id)
      : undefined;
    const last = lastByConversation.get(conversation.id);
    const title =
      conversation.title ||
      (conversation.type === 'private'
        ? (peer?.nickname ?? '')
        : conversation.type === 'service'
          ? SERVICE_TITLE
          : GROUP_TITLE);
    return {
      id: conversation.id,
      type: conversation.type,
      status: conversation.status,
      title,
      avatar: peer?.avatar ?? '',
      peer,
      members: memberUsers,
      goods_id: conversation.goodsId,
      order_id: conversation.orderId,
      last_message: last ? toMessage(last) : null,
      last_seq: conversation.lastSeq,
      read_seq: member.lastReadSeq,
      peer_read_seq: peerMember ? peerMember.lastReadSeq : null,
      unread: Math.max(0, conversation.lastSeq - member.lastReadSeq),
      muted: member.muted,
      blocked: peer ? blockedIds.has(peer.user_id) : false,
      updated_at: conversation.lastMessageAt.toISOString(),
    };
  });
}

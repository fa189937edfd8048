import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  chatRules,
  ErrorCodes,
  type ChatMessage,
  type ChatNoticeList,
  type ChatOrderCard,
  type Conversation,
  type ConversationList,
  type ConversationStatus,
  type History,
  type MemberRole,
  type MessageContent,
  type MsgHome,
  type NoticeChannel,
  type NoticeChannelSummary,
  type OpenPrivateRequest,
  type OutgoingContent,
  type ServerFrame,
  noticeChannelLabels,
  noticeChannels,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { lockForTransaction } from '../../lib/locks.ts';
import { postgresErrorOf } from '../../lib/sql-rows.ts';
import type { CatalogueLookup, CatalogueService } from '../catalogue/index.ts';
import { goodsShownTo, type ImageUrl } from '../goods/index.ts';
import { findUser } from '../identity/index.ts';
import {
  markNoticesRead,
  noticesOf,
  notifyAll,
  unreadNoticeCounts,
  unreadNoticeCountsOf,
} from '../notifications/index.ts';
import { finishedUpload } from '../storage/index.ts';
import type { ChatBus } from './chat-bus.ts';
import {
  activeMembersOf,
  chatUsersOf,
  conversationViews,
  toMessage,
  type ConversationRow,
  type MemberRow,
  type MessageRow,
} from './chat-views.ts';
import { toNotice } from './notice-view.ts';
import { isRiskyText, SAFETY_WARNING } from './safety.ts';
import {
  checkSend,
  messageColumns,
  type MessageInput,
  sendTextAtOnce,
  writeSentMessage,
  type SendCheck,
} from './send-statements.ts';
import { chatBlocks, chatConversations, chatMembers, chatMessages, chatReports } from './tables.ts';

/** The order card of an order the user is a party of (or null): given by the composition root. */
export type OrderCardLookup = (
  executor: Executor,
  orderId: number,
  userId: number,
) => Promise<ChatOrderCard | null>;

export interface SystemNoticeInput {
  kind: string;
  title: string;
  body: string;
  link?: string;
  channel?: NoticeChannel;
  at: Date;
}

/**
 * Writes a system notice (or a seller-helper line) to the user's inbox in the caller's transaction.
 * The notifications inbox is the one store of notices; chat shows it as the pinned channels.
 */
export const postSystemNotice = (executor: Executor, userId: number, input: SystemNoticeInput) =>
  postSystemNotices(executor, [{ userId, input }]);

/** Several system notices written together (one insert); see postSystemNotice. */
export async function postSystemNotices(
  executor: Executor,
  notices: readonly { userId: number; input: SystemNoticeInput }[],
): Promise<void> {
  await notifyAll(
    executor,
    notices.map(({ userId, input }) => ({
      userId,
      kind: input.kind,
      title: input.title,
      body: input.body,
      link: input.link ?? '',
      channel: input.channel ?? 'system',
      at: input.at,
    })),
  );
}

const REPORTS_PER_DAY = 20;

function pairKey(a: number, b: number): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

/** Appends one message: takes the next seq on the locked conversation row, stores the message. */
async function appendMessage(tx: Executor, conversationId: number, input: MessageInput): Promise<MessageRow> {
  const [head] = await tx
    .update(chatConversations)
    .set({ lastSeq: sql`${chatConversations.lastSeq} + 1`, lastMessageAt: input.at })
    .where(eq(chatConversations.id, conversationId))
    .returning({ seq: chatConversations.lastSeq });
  if (!head) throw new AppError(ErrorCodes.CHAT_CONVERSATION_NOT_FOUND);
  const [row] = await tx
    .insert(chatMessages)
    .values({ ...messageColumns(conversationId, input), seq: head.seq })
    .returning();
  if (!row) throw new AppError(ErrorCodes.INTERNAL_ERROR);
  return row;
}

async function activeMember(
  executor: Executor,
  conversationId: number,
  userId: number,
): Promise<{ conversation: ConversationRow; member: MemberRow }> {
  const [row] = await executor
    .select({ conversation: chatConversations, member: chatMembers })
    .from(chatMembers)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMembers.conversationId))
    .where(
      and(
        eq(chatMembers.conversationId, conversationId),
        eq(chatMembers.userId, userId),
        isNull(chatMembers.leftAt),
      ),
    );
  // Another user's conversation reads exactly like one that does not exist.
  if (!row) throw new AppError(ErrorCodes.CHAT_CONVERSATION_NOT_FOUND);
  return row;
}

const UNIQUE_VIOLATION = '23505';
const CLIENT_MSG_ID_INDEX = 'chat_messages_client_idx';

/** A stored send, or the check that refused it or found it a retry. */
type SendOutcome = { message: MessageRow; warning: MessageRow | null; members: number[] } | SendCheck;

/** Why a checked send may not be stored (null: it may, or it is a retry of a stored one). */
function refusal(check: SendCheck): AppError | null {
  if (check.existingId !== null) return null;
  // Another user's conversation reads exactly like one that does not exist.
  if (!check.conversation) return new AppError(ErrorCodes.CHAT_CONVERSATION_NOT_FOUND);
  if (check.conversation.status === 'closed') return new AppError(ErrorCodes.CHAT_CONVERSATION_CLOSED);
  if (check.blockedByMe) return new AppError(ErrorCodes.CHAT_BLOCKED);
  if (check.blockedByPeer) return new AppError(ErrorCodes.CHAT_BLOCKED_BY_PEER);
  if (check.recentSends >= chatRules.sendsPerWindow) return new AppError(ErrorCodes.CHAT_SEND_RATE_LIMITED);
  return null;
}

export function createChatService(deps: {
  db: Database;
  now: () => Date;
  bus: ChatBus;
  catalogue: CatalogueService;
  imageUrl: ImageUrl;
  orderCard: OrderCardLookup;
}) {
  const { db, now, bus, catalogue, imageUrl, orderCard } = deps;

  const publish = (userIds: number[], frame: ServerFrame) => {
    if (userIds.length > 0) bus.publish({ userIds, frame });
  };

  async function memberIds(executor: Executor, conversationId: number): Promise<number[]> {
    return ((await activeMembersOf(executor, [conversationId])).get(conversationId) ?? []).map(
      (row) => row.userId,
    );
  }

  /**
   * What a send stores. `lookup`: the catalogue, read before the send's transaction (its cold read
   * inside one would wait for a connection the transaction holds, on a pool of one).
   */
  async function storedContent(
    tx: Executor,
    userId: number,
    content: OutgoingContent,
    lookup: CatalogueLookup | undefined,
  ): Promise<MessageContent> {
    switch (content.kind) {
      case 'text':
        return content;
      case 'image': {
        const upload = await finishedUpload(tx, { userId, key: content.image });
        if (upload?.purpose !== 'chat') throw new AppError(ErrorCodes.CHAT_IMAGE_INVALID);
        // The size measured when the upload was re-encoded: the picture's box is drawn before it loads.
        return {
          kind: 'image',
          url: imageUrl(content.image),
          width: upload.width ?? 0,
          height: upload.height ?? 0,
        };
      }
      case 'goods': {
        if (!lookup) throw new Error('chat: a goods card is sent with the catalogue read before');
        const goods = (await goodsShownTo(tx, userId, [content.goods_id], lookup, imageUrl)).get(
          content.goods_id,
        );
        if (!goods) throw new AppError(ErrorCodes.CHAT_GOODS_NOT_FOUND);
        return {
          kind: 'goods',
          card: {
            goods_id: goods.id,
            title: goods.title,
            price: goods.price,
            image: goods.cover,
            link: `/goodsDetail?goods_id=${goods.id}`,
          },
        };
      }
      case 'order': {
        const card = await orderCard(tx, content.order_id, userId);
        if (!card) throw new AppError(ErrorCodes.CHAT_ORDER_NOT_FOUND);
        return { kind: 'order', card };
      }
    }
  }

  /** Posts a platform line into a conversation (joins, transfers, order events) and delivers it. */
  async function postConversationNotice(
    conversationId: number,
    text: string,
    level: 'info' | 'warning' = 'info',
  ): Promise<ChatMessage> {
    const { message, members } = await db.transaction(async (tx) => {
      const row = await appendMessage(tx, conversationId, {
        senderId: null,
        clientMsgId: null,
        content: { kind: 'notice', text, level },
        flagged: false,
        at: now(),
      });
      return { message: toMessage(row), members: await memberIds(tx, conversationId) };
    });
    publish(members, { type: 'message', message });
    return message;
  }

  /** The unread totals of each of `userIds`: two statements however many users. */
  async function unreadTotalsOf(
    executor: Executor,
    userIds: readonly number[],
  ): Promise<Map<number, MsgHome>> {
    const chatRows =
      userIds.length === 0
        ? []
        : await executor
            .select({
              userId: chatMembers.userId,
              value: sql<string>`coalesce(sum(greatest(${chatConversations.lastSeq} - ${chatMembers.lastReadSeq}, 0)), 0)`,
            })
            .from(chatMembers)
            .innerJoin(chatConversations, eq(chatConversations.id, chatMembers.conversationId))
            .where(
              and(
                inArray(chatMembers.userId, [...userIds]),
                isNull(chatMembers.leftAt),
                eq(chatMembers.muted, false),
              ),
            )
            .groupBy(chatMembers.userId);
    const chatByUser = new Map(chatRows.map((row) => [row.userId, Number(row.value)]));
    const notices = await unreadNoticeCountsOf(executor, userIds);
    return new Map(
      userIds.map((userId) => {
        const chatUnread = chatByUser.get(userId) ?? 0;
        const { system, seller_helper } = notices.get(userId) ?? { system: 0, seller_helper: 0 };
        return [
          userId,
          { chat: chatUnread, system, seller_helper, total: chatUnread + system + seller_helper },
        ];
      }),
    );
  }

  async function unreadTotals(executor: Executor, userId: number): Promise<MsgHome> {
    const totals = (await unreadTotalsOf(executor, [userId])).get(userId);
    if (!totals) throw new Error(`chat: no unread totals for user ${userId}`);
    return totals;
  }

  async function viewOf(executor: Executor, userId: number, conversationId: number): Promise<Conversation> {
    const row = await activeMember(executor, conversationId, userId);
    const [view] = await conversationViews(executor, userId, [row]);
    if (!view) throw new AppError(ErrorCodes.CHAT_CONVERSATION_NOT_FOUND);
    return view;
  }

  async function addMemberIn(
    tx: Executor,
    conversationId: number,
    userId: number,
    role: MemberRole,
    at: Date,
  ) {
    await tx
      .insert(chatMembers)
      .values({ conversationId, userId, role, joinedAt: at })
      .onConflictDoUpdate({
        target: [chatMembers.conversationId, chatMembers.userId],
        set: { leftAt: null, role },
      });
  }

  return {
    unreadTotals: (userId: number) => unreadTotals(db, userId),
    unreadTotalsOf: (userIds: readonly number[]) => unreadTotalsOf(db, userIds),
    conversation: (userId: number, conversationId: number) => viewOf(db, userId, conversationId),
    postConversationNotice,

    /**
     * Stores a send (once per client_msg_id) and delivers it; the warning follows a flagged text.
     * No lock: a retry racing its original loses on the unique (sender, client_msg_id) index and
     * answers the stored message; the rate window is exact for one socket's frames (handled in
     * order) and can be passed by a few concurrent sends of one user on several connections.
     */
    async send(
      userId: number,
      input: { conversation_id: number; client_msg_id: string; content: OutgoingContent },
    ): Promise<{ message: ChatMessage; duplicate: boolean }> {
      const at = now();
      const checkInput = {
        senderId: userId,
        conversationId: input.conversation_id,
        clientMsgId: input.client_msg_id,
        windowStart: new Date(at.getTime() - chatRules.sendWindowSeconds * 1000),
      };
      let result: SendOutcome | 'lost-race';
      try {
        const { content } = input;
        const lookup = content.kind === 'goods' ? await catalogue.lookup() : undefined;
        result =
          content.kind === 'text' && !isRiskyText(content.text)
            ? await sendTextAtOnce(db, {
                ...checkInput,
                sendsPerWindow: chatRules.sendsPerWindow,
                content,
                at,
              }).then(({ check, message }) =>
                message ? { message, warning: null, members: check.memberIds } : check,
              )
            : await db.transaction(async (tx) => {
                const check = await checkSend(tx, checkInput);
                if (check.existingId !== null || refusal(check)) return check;
                const { conversation } = check;
                if (!conversation) throw new AppError(ErrorCodes.CHAT_CONVERSATION_NOT_FOUND);
                const stored = await storedContent(tx, userId, content, lookup);
                const flagged = stored.kind === 'text' && isRiskyText(stored.text);
                const message = await writeSentMessage(tx, {
                  conversationId: conversation.id,
                  senderId: userId,
                  clientMsgId: input.client_msg_id,
                  content: stored,
                  flagged,
                  at,
                });
                if (!message) throw new AppError(ErrorCodes.CHAT_CONVERSATION_NOT_FOUND);
                // The warning follows the message; the sender's read mark stays on what they wrote.
                const warning = flagged
                  ? await appendMessage(tx, conversation.id, {
                      senderId: null,
                      clientMsgId: null,
                      content: { kind: 'notice', text: SAFETY_WARNING, level: 'warning' },
                      flagged: false,
                      at,
                    })
                  : null;
                return { message, warning, members: check.memberIds };
              });
      } catch (error) {
        const cause = postgresErrorOf(error);
        if (cause?.code !== UNIQUE_VIOLATION || cause.constraint !== CLIENT_MSG_ID_INDEX) throw error;
        // A copy of this send committed first: answer it, as a retry.
        result = 'lost-race';
      }
      if (result !== 'lost-race' && 'message' in result) {
        const message = toMessage(result.message);
        publish(result.members, { type: 'message', message });
        if (result.warning) publish(result.members, { type: 'message', message: toMessage(result.warning) });
        return { message, duplicate: false };
      }
      if (result === 'lost-race' || result.existingId !== null) {
        const [existing] = await db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.senderId, userId), eq(chatMessages.clientMsgId, input.client_msg_id)));
        if (!existing) throw new AppError(ErrorCodes.INTERNAL_ERROR);
        return { message: toMessage(existing), duplicate: true };
      }
      throw refusal(result) ?? new AppError(ErrorCodes.INTERNAL_ERROR);
    },

    async history(
      userId: number,
      query: { conversation_id: number; before_seq?: number; after_seq?: number; limit: number },
    ): Promise<History> {
      const { conversation, member } = await activeMember(db, query.conversation_id, userId);
      const inConversation = eq(chatMessages.conversationId, conversation.id);
      let rows: MessageRow[];
      let hasMore: boolean;
      if (query.after_seq !== undefined) {
        rows = await db
          .select()
          .from(chatMessages)
          .where(and(inConversation, gt(chatMessages.seq, query.after_seq)))
          .orderBy(asc(chatMessages.seq))
          .limit(query.limit + 1);
        hasMore = rows.length > query.limit;
        rows = rows.slice(0, query.limit);
      } else {
        rows = await db
          .select()
          .from(chatMessages)
          .where(
            and(
              inConversation,
              query.before_seq === undefined ? undefined : lt(chatMessages.seq, query.before_seq),
            ),
          )
          .orderBy(desc(chatMessages.seq))
          .limit(query.limit + 1);
        hasMore = rows.length > query.limit;
        rows = rows.slice(0, query.limit).reverse();
      }
      return {
        list: rows.map(toMessage),
        has_more: hasMore,
        last_seq: conversation.lastSeq,
        read_seq: member.lastReadSeq,
      };
    },

    /** Delivered (ack) or read up to seq; marks never move back nor past the conversation's head. */
    async mark(
      userId: number,
      input: { conversation_id: number; seq: number; read: boolean },
    ): Promise<MsgHome> {
      const { conversation } = await activeMember(db, input.conversation_id, userId);
      const seq = Math.min(input.seq, conversation.lastSeq);
      const mine = and(eq(chatMembers.conversationId, conversation.id), eq(chatMembers.userId, userId));
      await db
        .update(chatMembers)
        .set(
          input.read
            ? {
                lastReadSeq: sql`greatest(${chatMembers.lastReadSeq}, ${seq})`,
                lastAckedSeq: sql`greatest(${chatMembers.lastAckedSeq}, ${seq})`,
              }
            : { lastAckedSeq: sql`greatest(${chatMembers.lastAckedSeq}, ${seq})` },
        )
        .where(mine);
      const totals = await unreadTotals(db, userId);
      if (input.read) {
        const others = (await memberIds(db, conversation.id)).filter((id) => id !== userId);
        publish(others, { type: 'read', conversation_id: conversation.id, user_id: userId, seq });
        publish([userId], { type: 'unread', totals });
      }
      return totals;
    },

    async recall(userId: number, input: { conversation_id: number; seq: number }): Promise<ChatMessage> {
      const at = now();
      const { row, members } = await db.transaction(async (tx) => {
        await activeMember(tx, input.conversation_id, userId);
        const [message] = await tx
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.conversationId, input.conversation_id), eq(chatMessages.seq, input.seq)))
          .for('update');
        if (!message) throw new AppError(ErrorCodes.CHAT_MESSAGE_NOT_FOUND);
        if (message.senderId !== userId) throw new AppError(ErrorCodes.CHAT_RECALL_NOT_OWN);
        if (message.recalledAt) return { row: message, members: [] };
        if (at.getTime() - message.createdAt.getTime() > chatRules.recallSeconds * 1000) {
          throw new AppError(ErrorCodes.CHAT_RECALL_EXPIRED);
        }
        const [updated] = await tx
          .update(chatMessages)
          .set({ kind: 'recalled', content: { kind: 'recalled' }, recalledAt: at })
          .where(eq(chatMessages.id, message.id))
          .returning();
        if (!updated) throw new AppError(ErrorCodes.INTERNAL_ERROR);
        return { row: updated, members: await memberIds(tx, input.conversation_id) };
      });
      const message = toMessage(row);
      publish(members, { type: 'recall', message });
      return message;
    },

    async openPrivate(userId: number, input: OpenPrivateRequest): Promise<Conversation> {
      if (input.user_id === userId) throw new AppError(ErrorCodes.CHAT_SELF);
      const at = now();
      // Read before the transaction: see storedContent.
      const lookup = input.goods_id !== undefined ? await catalogue.lookup() : undefined;
      return db.transaction(async (tx) => {
        if (!(await findUser(tx, { id: input.user_id }))) throw new AppError(ErrorCodes.CHAT_USER_NOT_FOUND);
        if (input.goods_id !== undefined && lookup) {
          const goods = await goodsShownTo(tx, userId, [input.goods_id], lookup, imageUrl);
          if (!goods.has(input.goods_id)) throw new AppError(ErrorCodes.CHAT_GOODS_NOT_FOUND);
        }
        if (input.order_id !== undefined && !(await orderCard(tx, input.order_id, userId))) {
          throw new AppError(ErrorCodes.CHAT_ORDER_NOT_FOUND);
        }
        const key = pairKey(userId, input.user_id);
        await tx
          .insert(chatConversations)
          .values({ type: 'private', pairKey: key, lastMessageAt: at, createdAt: at })
          .onConflictDoNothing();
        const [conversation] = await tx
          .select()
          .from(chatConversations)
          .where(eq(chatConversations.pairKey, key));
        if (!conversation) throw new AppError(ErrorCodes.INTERNAL_ERROR);
        if (input.goods_id !== undefined || input.order_id !== undefined) {
          await tx
            .update(chatConversations)
            .set({ goodsId: input.goods_id ?? null, orderId: input.order_id ?? null })
            .where(eq(chatConversations.id, conversation.id));
        }
        for (const id of [userId, input.user_id]) {
          await tx
            .insert(chatMembers)
            .values({ conversationId: conversation.id, userId: id, role: 'member', joinedAt: at })
            .onConflictDoNothing();
        }
        return viewOf(tx, userId, conversation.id);
      });
    },

    async list(userId: number, query: { before?: string; limit: number }): Promise<ConversationList> {
      const [beforeAt, beforeId] = (query.before ?? '').split('|');
      const cursorTime = beforeAt ? new Date(beforeAt) : null;
      const cursorId = Number(beforeId);
      const cursor =
        cursorTime && !Number.isNaN(cursorTime.getTime()) && Number.isInteger(cursorId)
          ? or(
              lt(chatConversations.lastMessageAt, cursorTime),
              and(eq(chatConversations.lastMessageAt, cursorTime), lt(chatConversations.id, cursorId)),
            )
          : undefined;
      const rows = await db
        .select({ conversation: chatConversations, member: chatMembers })
        .from(chatMembers)
        .innerJoin(chatConversations, eq(chatConversations.id, chatMembers.conversationId))
        .where(and(eq(chatMembers.userId, userId), isNull(chatMembers.leftAt), cursor))
        .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const pinned: NoticeChannelSummary[] = [];
      if (!query.before) {
        const unread = await unreadNoticeCounts(db, userId);
        for (const channel of noticeChannels) {
          const [latest] = await noticesOf(db, userId, { channel, limit: 1 });
          pinned.push({
            channel,
            title: noticeChannelLabels[channel],
            last_notice: latest ? toNotice(latest) : null,
            unread: unread[channel],
          });
        }
      }
      return {
        pinned,
        list: await conversationViews(db, userId, page),
        next_before:
          rows.length > query.limit && last
            ? `${last.conversation.lastMessageAt.toISOString()}|${last.conversation.id}`
            : null,
      };
    },

    async mute(userId: number, input: { conversation_id: number; muted: boolean }): Promise<void> {
      await activeMember(db, input.conversation_id, userId);
      await db
        .update(chatMembers)
        .set({ muted: input.muted })
        .where(and(eq(chatMembers.conversationId, input.conversation_id), eq(chatMembers.userId, userId)));
    },

    async block(userId: number, blockedUserId: number): Promise<void> {
      if (blockedUserId === userId) throw new AppError(ErrorCodes.CHAT_SELF);
      if (!(await findUser(db, { id: blockedUserId }))) throw new AppError(ErrorCodes.CHAT_USER_NOT_FOUND);
      await db.insert(chatBlocks).values({ userId, blockedUserId, createdAt: now() }).onConflictDoNothing();
    },

    async unblock(userId: number, blockedUserId: number): Promise<void> {
      await db
        .delete(chatBlocks)
        .where(and(eq(chatBlocks.userId, userId), eq(chatBlocks.blockedUserId, blockedUserId)));
    },

    async blocks(userId: number) {
      const rows = await db
        .select({ id: chatBlocks.blockedUserId })
        .from(chatBlocks)
        .where(eq(chatBlocks.userId, userId))
        .orderBy(desc(chatBlocks.createdAt));
      const users = await chatUsersOf(
        db,
        rows.map((row) => row.id),
      );
      return { list: rows.map((row) => users.get(row.id)).filter((user) => user !== undefined) };
    },

    async report(
      userId: number,
      input: { conversation_id: number; seq?: number | undefined; reason: string; detail: string },
    ) {
      const at = now();
      return db.transaction(async (tx) => {
        await lockForTransaction(tx, `chat-report:${userId}`);
        await activeMember(tx, input.conversation_id, userId);
        const [today] = await tx
          .select({ value: count() })
          .from(chatReports)
          .where(
            and(
              eq(chatReports.reporterId, userId),
              gte(chatReports.createdAt, new Date(at.getTime() - 86_400_000)),
            ),
          );
        if ((today?.value ?? 0) >= REPORTS_PER_DAY) throw new AppError(ErrorCodes.CHAT_REPORT_LIMIT);
        let reportedUserId: number | null = null;
        if (input.seq !== undefined) {
          const [message] = await tx
            .select({ senderId: chatMessages.senderId })
            .from(chatMessages)
            .where(
              and(eq(chatMessages.conversationId, input.conversation_id), eq(chatMessages.seq, input.seq)),
            );
          if (!message) throw new AppError(ErrorCodes.CHAT_MESSAGE_NOT_FOUND);
          reportedUserId = message.senderId;
        } else {
          reportedUserId = (await memberIds(tx, input.conversation_id)).find((id) => id !== userId) ?? null;
        }
        const [row] = await tx
          .insert(chatReports)
          .values({
            reporterId: userId,
            conversationId: input.conversation_id,
            seq: input.seq ?? null,
            reportedUserId,
            reason: input.reason,
            detail: input.detail,
            createdAt: at,
          })
          .returning({ id: chatReports.id });
        if (!row) throw new AppError(ErrorCodes.INTERNAL_ERROR);
        return { report_id: row.id };
      });
    },

    async notices(
      userId: number,
      query: { channel: NoticeChannel; before_id?: number | undefined; limit: number },
    ): Promise<ChatNoticeList> {
      const rows = await noticesOf(db, userId, {
        channel: query.channel,
        limit: query.limit + 1,
        ...(query.before_id === undefined ? {} : { beforeId: query.before_id }),
      });
      return { list: rows.slice(0, query.limit).map(toNotice), has_more: rows.length > query.limit };
    },

    async readNotices(
      userId: number,
      input: { channel: NoticeChannel; up_to_id?: number },
    ): Promise<MsgHome> {
      await markNoticesRead(db, userId, {
        channel: input.channel,
        at: now(),
        ...(input.up_to_id === undefined ? {} : { upToId: input.up_to_id }),
      });
      const totals = await unreadTotals(db, userId);
      publish([userId], { type: 'unread', totals });
      return totals;
    },

    /**
     * After a (re)connect: the conversations with messages past the client's marks (its own, or the
     * delivered mark stored here for the conversations it did not name) and up to a page of each.
     */
    async resume(
      userId: number,
      lastSeqs: ReadonlyMap<number, number>,
    ): Promise<{ heads: { conversation_id: number; last_seq: number }[]; messages: ChatMessage[] }> {
      const rows = await db
        .select({
          id: chatConversations.id,
          lastSeq: chatConversations.lastSeq,
          acked: chatMembers.lastAckedSeq,
        })
        .from(chatMembers)
        .innerJoin(chatConversations, eq(chatConversations.id, chatMembers.conversationId))
        .where(and(eq(chatMembers.userId, userId), isNull(chatMembers.leftAt)));
      const heads: { conversation_id: number; last_seq: number }[] = [];
      const messages: ChatMessage[] = [];
      for (const row of rows) {
        const mark = lastSeqs.get(row.id) ?? row.acked;
        if (row.lastSeq <= mark) continue;
        heads.push({ conversation_id: row.id, last_seq: row.lastSeq });
        const page = await db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.conversationId, row.id), gt(chatMessages.seq, mark)))
          .orderBy(asc(chatMessages.seq))
          .limit(chatRules.historyPageSize);
        messages.push(...page.map(toMessage));
      }
      return { heads, messages };
    },

    /** Typing: told to the other members, if the user is one. */
    async typing(userId: number, conversationId: number): Promise<void> {
      await activeMember(db, conversationId, userId);
      const others = (await memberIds(db, conversationId)).filter((id) => id !== userId);
      publish(others, { type: 'typing', conversation_id: conversationId, user_id: userId });
    },

    /** The group of an order (buyer and seller), made once per order. */
    async openOrderGroup(orderId: number, buyerId: number, sellerId: number): Promise<Conversation> {
      const at = now();
      return db.transaction(async (tx) => {
        await lockForTransaction(tx, `chat-order-group:${orderId}`);
        let [conversation] = await tx
          .select()
          .from(chatConversations)
          .where(and(eq(chatConversations.type, 'group'), eq(chatConversations.orderId, orderId)));
        if (!conversation) {
          [conversation] = await tx
            .insert(chatConversations)
            .values({ type: 'group', orderId, lastMessageAt: at, createdAt: at })
            .returning();
        }
        if (!conversation) throw new AppError(ErrorCodes.INTERNAL_ERROR);
        await addMemberIn(tx, conversation.id, buyerId, 'member', at);
        await addMemberIn(tx, conversation.id, sellerId, 'member', at);
        return viewOf(tx, buyerId, conversation.id);
      });
    },

    /** A new customer-service conversation of the user, queued until staff take it. */
    async openServiceConversation(userId: number): Promise<Conversation> {
      const at = now();
      return db.transaction(async (tx) => {
        const [conversation] = await tx
          .insert(chatConversations)
          .values({ type: 'service', status: 'queued', lastMessageAt: at, createdAt: at })
          .returning();
        if (!conversation) throw new AppError(ErrorCodes.INTERNAL_ERROR);
        await addMemberIn(tx, conversation.id, userId, 'owner', at);
        return viewOf(tx, userId, conversation.id);
      });
    },

    /** Adds (or brings back) a member, e.g. staff joining a group or taking a service conversation. */
    async addMember(conversationId: number, userId: number, role: MemberRole): Promise<void> {
      await db.transaction(async (tx) => {
        const [conversation] = await tx
          .select({ id: chatConversations.id, lastSeq: chatConversations.lastSeq })
          .from(chatConversations)
          .where(eq(chatConversations.id, conversationId));
        if (!conversation) throw new AppError(ErrorCodes.CHAT_CONVERSATION_NOT_FOUND);
        await addMemberIn(tx, conversationId, userId, role, now());
      });
    },

    async removeMember(conversationId: number, userId: number): Promise<void> {
      await db
        .update(chatMembers)
        .set({ leftAt: now() })
        .where(and(eq(chatMembers.conversationId, conversationId), eq(chatMembers.userId, userId)));
    },

    async setStatus(conversationId: number, status: ConversationStatus): Promise<void> {
      await db.update(chatConversations).set({ status }).where(eq(chatConversations.id, conversationId));
    },

    /** Members of a conversation (for staff tools of the customer-service module). */
    memberIds: (conversationId: number) => memberIds(db, conversationId),

    /** A frame for some users' sockets on every instance (customer service tells staff of the queue). */
    tell: (userIds: number[], frame: ServerFrame) => publish(userIds, frame),
  };
}

export type ChatService = ReturnType<typeof createChatService>;

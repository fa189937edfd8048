import { z } from 'zod';
import { coercedId, idSchema, INT4_MAX, requestText } from './primitives.ts';

/**
 * Chat (聊天): conversations between users (private, about a listing or an order), an order's group
 * (buyer, seller and the customer-service staff who join) and customer-service conversations.
 *
 * Delivery (docs/chat.md): every message is stored with a per-conversation sequence number `seq`
 * (1, 2, 3, … without gaps) before the sender hears `sent`. Clients remember the highest seq they
 * hold per conversation, send it in `hello` after every reconnect and receive what they miss; a send
 * carries the sender's `client_msg_id`, so a retried send returns the stored message instead of a
 * second one. Screens key messages by (conversation_id, seq): at-least-once delivery, shown once.
 *
 * System notices (order, bargain, withdrawal events) and the seller helper are not conversations:
 * they are the notifications inbox, read through the notice calls below.
 */

// ---------------------------------------------------------------------------------------------
// Rules.

export const chatRules = {
  /** A sender may recall their own message within this many seconds. */
  recallSeconds: 120,
  /** Messages per user per window (all conversations), beyond which sends are refused. */
  sendsPerWindow: 30,
  sendWindowSeconds: 10,
  /** Longest text message, in characters. */
  textMaxLength: 2000,
  /** Messages per page of history and per conversation pushed on resume. */
  historyPageSize: 50,
  historyMaxPageSize: 200,
  /** The server closes a socket that sent nothing (not even ping) for this long. */
  idleTimeoutSeconds: 75,
  /** The client pings this often. */
  heartbeatSeconds: 25,
  /** A socket that does not authenticate (`hello`) within this is closed. */
  helloTimeoutSeconds: 10,
  /** Largest frame the server reads, in bytes. */
  maxFrameBytes: 16 * 1024,
} as const;

/** Close codes of the chat socket (4000–4999 are the application's own). */
export const chatCloseCodes = {
  /** No valid session (missing, expired, disabled): log in again, then reconnect. */
  unauthorized: 4401,
  /** Nothing received for idleTimeoutSeconds. */
  idle: 4408,
  /** The server is shutting down; reconnect (to another instance). */
  goingAway: 1001,
} as const;

// ---------------------------------------------------------------------------------------------
// Conversations and messages.

/** private: two users; group: an order's group; service: a user and customer-service staff. */
export const conversationTypes = ['private', 'group', 'service'] as const;
export const conversationTypeSchema = z.enum(conversationTypes);
export type ConversationType = z.infer<typeof conversationTypeSchema>;

/** A service conversation is queued until staff take it, open while served, then closed. */
export const conversationStatuses = ['queued', 'open', 'closed'] as const;
export const conversationStatusSchema = z.enum(conversationStatuses);
export type ConversationStatus = z.infer<typeof conversationStatusSchema>;

export const memberRoles = ['owner', 'member', 'staff'] as const;
export const memberRoleSchema = z.enum(memberRoles);
export type MemberRole = z.infer<typeof memberRoleSchema>;

/** text, image, goods (listing card), order (order card), notice (system line), recalled. */
export const messageKinds = ['text', 'image', 'goods', 'order', 'notice', 'recalled'] as const;
export const messageKindSchema = z.enum(messageKinds);
export type MessageKind = z.infer<typeof messageKindSchema>;

export const clientMsgIdSchema = requestText('缺少消息编号')
  .min(8, '消息编号无效')
  .max(64, '消息编号无效')
  .regex(/^[\w-]+$/, '消息编号无效');

export const seqSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const seqQuerySchema = z.coerce.number({ error: '序号无效' }).int('序号无效').min(0, '序号无效');

/** What a client sends. Cards name their subject; the server stores a snapshot of it. */
export const outgoingContentSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('text'),
      text: requestText('请输入消息内容')
        .trim()
        .min(1, '请输入消息内容')
        .max(chatRules.textMaxLength, `消息最多${chatRules.textMaxLength}字`),
    }),
    /** `image`: the key of a finished upload of purpose `chat`. */
    z.object({ kind: z.literal('image'), image: requestText('请选择图片').min(1).max(300) }),
    z.object({ kind: z.literal('goods'), goods_id: idSchema }),
    z.object({ kind: z.literal('order'), order_id: idSchema }),
  ],
  { error: '不支持的消息类型' },
);
export type OutgoingContent = z.infer<typeof outgoingContentSchema>;

export const chatGoodsCardSchema = z.object({
  goods_id: z.number().int(),
  title: z.string(),
  price: z.string(),
  image: z.string(),
  /** The app route that opens it. */
  link: z.string(),
});
export type ChatGoodsCard = z.infer<typeof chatGoodsCardSchema>;

export const chatOrderCardSchema = z.object({
  order_id: z.number().int(),
  order_no: z.string(),
  title: z.string(),
  amount: z.string(),
  status_label: z.string(),
  image: z.string(),
  link: z.string(),
});
export type ChatOrderCard = z.infer<typeof chatOrderCardSchema>;

/** What a stored message holds, by kind. */
export const messageContentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('image'), url: z.string(), width: z.number().int(), height: z.number().int() }),
  z.object({ kind: z.literal('goods'), card: chatGoodsCardSchema }),
  z.object({ kind: z.literal('order'), card: chatOrderCardSchema }),
  /** A line from the platform: joins, safety warnings (`level: warning`), order events. */
  z.object({ kind: z.literal('notice'), text: z.string(), level: z.enum(['info', 'warning']) }),
  z.object({ kind: z.literal('recalled') }),
]);
export type MessageContent = z.infer<typeof messageContentSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  seq: z.number().int(),
  /** null for platform notices. */
  sender_id: z.number().int().nullable(),
  /** The sender's own id of the send (their screens match their pending bubble by it). */
  client_msg_id: z.string().nullable(),
  content: messageContentSchema,
  /** The text looked like an off-platform deal or contact details (the receiver got a warning). */
  flagged: z.boolean(),
  created_at: z.string(),
  recalled_at: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatUserSchema = z.object({
  user_id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  /** Customer-service staff (shown with a badge). */
  staff: z.boolean(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

export const conversationSchema = z.object({
  id: z.number().int(),
  type: conversationTypeSchema,
  status: conversationStatusSchema,
  title: z.string(),
  avatar: z.string(),
  /** The other user of a private conversation. */
  peer: chatUserSchema.nullable(),
  members: z.array(chatUserSchema),
  goods_id: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
  last_message: chatMessageSchema.nullable(),
  /** Highest seq of the conversation. */
  last_seq: z.number().int(),
  /** Highest seq the caller has read. */
  read_seq: z.number().int(),
  /** Highest seq the other user of a private conversation has read (已读 receipts); null otherwise. */
  peer_read_seq: z.number().int().nullable(),
  unread: z.number().int(),
  muted: z.boolean(),
  /** The caller blocked the peer (private only). */
  blocked: z.boolean(),
  updated_at: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

// ---------------------------------------------------------------------------------------------
// System notices and the seller helper (the notifications inbox, shown as two pinned channels).

export const noticeChannels = ['system', 'seller_helper'] as const;
export const noticeChannelSchema = z.enum(noticeChannels);
export type NoticeChannel = z.infer<typeof noticeChannelSchema>;
export const noticeChannelLabels: Record<NoticeChannel, string> = {
  system: '系统通知',
  seller_helper: '卖家助手',
};

export const chatNoticeSchema = z.object({
  id: z.number().int(),
  channel: noticeChannelSchema,
  /** What it is about ('order', 'bargain', 'withdrawal', …). */
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** The app route that shows the subject ('' when none). */
  link: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type ChatNotice = z.infer<typeof chatNoticeSchema>;

export const noticeChannelSummarySchema = z.object({
  channel: noticeChannelSchema,
  title: z.string(),
  last_notice: chatNoticeSchema.nullable(),
  unread: z.number().int(),
});
export type NoticeChannelSummary = z.infer<typeof noticeChannelSummarySchema>;

// ---------------------------------------------------------------------------------------------
// HTTP requests and responses.

/** GET conversations: newest activity first; `before` is the previous page's `next_before`. */
export const conversationListQuerySchema = z.object({
  before: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type ConversationListQuery = z.input<typeof conversationListQuerySchema>;

export const conversationListSchema = z.object({
  /** System notices and the seller helper, pinned above the conversations (first page only). */
  pinned: z.array(noticeChannelSummarySchema),
  list: z.array(conversationSchema),
  /** Cursor of the next page, null at the end. */
  next_before: z.string().nullable(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

export const conversationQuerySchema = z.object({ conversation_id: coercedId('会话编号无效') });
export type ConversationQuery = z.input<typeof conversationQuerySchema>;

/**
 * GET history. `before_seq`: the page ending just before it (scrolling up); `after_seq`: the page
 * starting just after it (catching up); neither: the latest page. Messages in ascending seq.
 */
export const historyQuerySchema = z.object({
  conversation_id: coercedId('会话编号无效'),
  before_seq: seqQuerySchema.optional(),
  after_seq: seqQuerySchema.optional(),
  limit: z.coerce.number().int().min(1).max(chatRules.historyMaxPageSize).default(chatRules.historyPageSize),
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;

export const historySchema = z.object({
  list: z.array(chatMessageSchema),
  /** More messages exist past the page in the direction asked (older for before_seq/latest). */
  has_more: z.boolean(),
  last_seq: z.number().int(),
  read_seq: z.number().int(),
});
export type History = z.infer<typeof historySchema>;

export const sendMessageRequestSchema = z.object({
  conversation_id: idSchema,
  client_msg_id: clientMsgIdSchema,
  content: outgoingContentSchema,
});
export type SendMessageRequest = z.input<typeof sendMessageRequestSchema>;

export const sendMessageResultSchema = z.object({
  message: chatMessageSchema,
  /** A send with this client_msg_id was already stored: this is that message. */
  duplicate: z.boolean(),
});
export type SendMessageResult = z.infer<typeof sendMessageResultSchema>;

/** Read (and delivered) up to `seq`, which never moves back. */
export const readRequestSchema = z.object({
  conversation_id: idSchema,
  seq: seqSchema.max(INT4_MAX),
});
export type ReadRequest = z.input<typeof readRequestSchema>;

export const recallRequestSchema = z.object({
  conversation_id: idSchema,
  seq: z.number({ error: '序号无效' }).int('序号无效').min(1, '序号无效').max(INT4_MAX, '序号无效'),
});
export type RecallRequest = z.input<typeof recallRequestSchema>;

/** Open (or find) the private conversation with a user, optionally about a listing or an order. */
export const openPrivateRequestSchema = z.object({
  user_id: idSchema,
  goods_id: idSchema.optional(),
  order_id: idSchema.optional(),
});
export type OpenPrivateRequest = z.input<typeof openPrivateRequestSchema>;

export const muteRequestSchema = z.object({ conversation_id: idSchema, muted: z.boolean() });
export type MuteRequest = z.input<typeof muteRequestSchema>;

export const blockRequestSchema = z.object({ user_id: idSchema });
export type BlockRequest = z.input<typeof blockRequestSchema>;

export const blockedUsersSchema = z.object({ list: z.array(chatUserSchema) });
export type BlockedUsers = z.infer<typeof blockedUsersSchema>;

export const chatReportReasons = ['fraud', 'off_platform', 'abuse', 'spam', 'other'] as const;
export const chatReportReasonLabels: Record<(typeof chatReportReasons)[number], string> = {
  fraud: '诈骗',
  off_platform: '引导线下交易',
  abuse: '辱骂骚扰',
  spam: '广告刷屏',
  other: '其他',
};
export const chatReportRequestSchema = z.object({
  conversation_id: idSchema,
  /** The message reported (optional: the conversation as a whole otherwise). */
  seq: z.number().int().min(1).max(INT4_MAX).optional(),
  reason: z.enum(chatReportReasons, { error: '请选择举报原因' }),
  detail: requestText().trim().max(500, '说明最多500字').default(''),
});
export type ChatReportRequest = z.input<typeof chatReportRequestSchema>;

export const chatReportResultSchema = z.object({ report_id: z.number().int() });
export type ChatReportResult = z.infer<typeof chatReportResultSchema>;

/** GET notices of one channel, newest first. */
export const chatNoticeListQuerySchema = z.object({
  channel: noticeChannelSchema.default('system'),
  before_id: coercedId().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type ChatNoticeListQuery = z.input<typeof chatNoticeListQuerySchema>;

export const chatNoticeListSchema = z.object({
  list: z.array(chatNoticeSchema),
  has_more: z.boolean(),
});
export type ChatNoticeList = z.infer<typeof chatNoticeListSchema>;

/** Mark a notice channel read (all of it, or up to `up_to_id`). */
export const chatNoticeReadRequestSchema = z.object({
  channel: noticeChannelSchema,
  up_to_id: idSchema.optional(),
});
export type ChatNoticeReadRequest = z.input<typeof chatNoticeReadRequestSchema>;

/** SPEC §7 GET /app/user/msg_home: the unread totals of the 消息 tab. */
export const msgHomeSchema = z.object({
  /** Unread messages over all conversations (muted ones left out). */
  chat: z.number().int(),
  system: z.number().int(),
  seller_helper: z.number().int(),
  /** What the tab badge shows. */
  total: z.number().int(),
});
export type MsgHome = z.infer<typeof msgHomeSchema>;

/** SPEC §7 GET /app/user/im: what the client needs to connect. */
export const imConnectSchema = z.object({
  user_id: z.number().int(),
  /** Path of the WebSocket on this host (ws: or wss: as the page). */
  ws_path: z.string(),
  /** Send in `hello` (browsers cannot set headers on a WebSocket). */
  token: z.string(),
  heartbeat_seconds: z.number().int(),
  recall_seconds: z.number().int(),
  max_frame_bytes: z.number().int(),
});
export type ImConnect = z.infer<typeof imConnectSchema>;

export const conversationResultSchema = z.object({ conversation: conversationSchema });
export type ConversationResult = z.infer<typeof conversationResultSchema>;

export const chatOkSchema = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// WebSocket frames (JSON text frames). Client → server.

const frameConversationId = z.number().int().min(1).max(INT4_MAX);

export const clientFrameSchema = z.discriminatedUnion('type', [
  /**
   * First frame: the session token (unless the upgrade request carried `Authorization`) and the
   * highest seq the client holds per conversation; the server pushes everything after those.
   * Conversations not named resume from the server's delivered mark.
   */
  z.object({
    type: z.literal('hello'),
    token: z.string().max(512).optional(),
    last_seqs: z
      .array(z.object({ conversation_id: frameConversationId, seq: seqSchema.max(INT4_MAX) }))
      .max(1000)
      .default([]),
  }),
  z.object({
    type: z.literal('send'),
    conversation_id: frameConversationId,
    client_msg_id: clientMsgIdSchema,
    content: outgoingContentSchema,
  }),
  /** Delivered (shown) up to seq. */
  z.object({ type: z.literal('ack'), conversation_id: frameConversationId, seq: seqSchema.max(INT4_MAX) }),
  /** Read up to seq (also delivered). */
  z.object({ type: z.literal('read'), conversation_id: frameConversationId, seq: seqSchema.max(INT4_MAX) }),
  z.object({ type: z.literal('typing'), conversation_id: frameConversationId }),
  z.object({ type: z.literal('ping'), t: z.number().optional() }),
]);
export type ClientFrame = z.input<typeof clientFrameSchema>;

// Server → client.

export const serverFrameSchema = z.discriminatedUnion('type', [
  /** After a good hello; `heads` are the conversations with messages past the client's marks. */
  z.object({
    type: z.literal('ready'),
    user_id: z.number().int(),
    server_time: z.string(),
    heads: z.array(z.object({ conversation_id: z.number().int(), last_seq: z.number().int() })),
  }),
  /** A new message (also the backlog pushed after hello, in seq order per conversation). */
  z.object({ type: z.literal('message'), message: chatMessageSchema }),
  /** The server stored the client's send (durable): `duplicate` when it was a retry. */
  z.object({
    type: z.literal('sent'),
    client_msg_id: z.string(),
    message: chatMessageSchema,
    duplicate: z.boolean(),
  }),
  /** A message was recalled: replace it with this (kind recalled). */
  z.object({ type: z.literal('recall'), message: chatMessageSchema }),
  /** Another member read up to seq. */
  z.object({
    type: z.literal('read'),
    conversation_id: z.number().int(),
    user_id: z.number().int(),
    seq: z.number().int(),
  }),
  z.object({ type: z.literal('typing'), conversation_id: z.number().int(), user_id: z.number().int() }),
  /**
   * A system notice or seller-helper line reached the user's inbox (sent after the transaction that
   * wrote it committed; an `unread` frame with the new totals follows).
   */
  z.object({ type: z.literal('notice'), notice: chatNoticeSchema }),
  /**
   * Customer-service staff only: the queue changed (a user asked for a human, a session was taken,
   * transferred, closed or left). Ask GET customer_service queue again.
   */
  z.object({ type: z.literal('service_queue') }),
  /** Unread totals changed (a message, a notice, a read on another device). */
  z.object({ type: z.literal('unread'), totals: msgHomeSchema }),
  /** A refused frame: the socket stays open (except for unauthorized, then closed with 4401). */
  z.object({
    type: z.literal('error'),
    err_code: z.number().int(),
    message: z.string(),
    /** The send it is about. */
    client_msg_id: z.string().optional(),
  }),
  z.object({ type: z.literal('pong'), t: z.number().optional(), server_time: z.string() }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  blockedUsersSchema,
  blockRequestSchema,
  chatNoticeListQuerySchema,
  chatNoticeListSchema,
  chatNoticeReadRequestSchema,
  chatOkSchema,
  chatReportRequestSchema,
  chatReportResultSchema,
  chatRules,
  conversationListQuerySchema,
  conversationListSchema,
  conversationQuerySchema,
  conversationResultSchema,
  historyQuerySchema,
  historySchema,
  imConnectSchema,
  msgHomeSchema,
  muteRequestSchema,
  openPrivateRequestSchema,
  readRequestSchema,
  recallRequestSchema,
  sendMessageRequestSchema,
  sendMessageResultSchema,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { bearerToken, requireAuth } from '../../plugins/auth.ts';
import type { ChatService } from './chat-service.ts';

const tags = ['chat'];
const auth = { auth: 'required' } as const;

/** The chat's HTTP calls (clients that cannot hold a socket use them for everything). */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  app.get(
    apiPaths.userIm,
    {
      config: auth,
      schema: { tags, summary: '聊天连接信息', response: { 200: envelopeOf(imConnectSchema) } },
    },
    async (request) =>
      ok({
        user_id: requireAuth(request).user.id,
        ws_path: apiPaths.chatWs,
        token: bearerToken(request.headers.authorization) ?? '',
        heartbeat_seconds: chatRules.heartbeatSeconds,
        recall_seconds: chatRules.recallSeconds,
        max_frame_bytes: chatRules.maxFrameBytes,
      }),
  );
  app.get(
    apiPaths.userMsgHome,
    { config: auth, schema: { tags, summary: '消息未读数', response: { 200: envelopeOf(msgHomeSchema) } } },
    async (request) => ok(await chat.unreadTotals(requireAuth(request).user.id)),
  );
  app.get(
    apiPaths.chatConversations,
    {
      config: auth,
      schema: {
        tags,
        summary: '会话列表（系统通知与卖家助手置顶）',
        querystring: conversationListQuerySchema,
        response: { 200: envelopeOf(conversationListSchema) },
      },
    },
    async (request) => ok(await chat.list(requireAuth(request).user.id, request.query)),
  );
  app.get(
    apiPaths.chatConversation,
    {
      config: auth,
      schema: {
        tags,
        summary: '会话详情',
        querystring: conversationQuerySchema,
        response: { 200: envelopeOf(conversationResultSchema) },
      },
    },
    async (request) =>
      ok({
        conversation: await chat.conversation(requireAuth(request).user.id, request.query.conversation_id),
      }),
  );
  app.get(
    apiPaths.chatMessages,
    {
      config: auth,
      schema: {
        tags,
        summary: '历史消息（按序号向前或向后翻页）',
        querystring: historyQuerySchema,
        response: { 200: envelopeOf(historySchema) },
      },
    },
    async (request) => ok(await chat.history(requireAuth(request).user.id, request.query)),
  );
  app.post(
    apiPaths.chatSend,
    {
      config: auth,
      schema: {
        tags,
        summary: '发送消息（client_msg_id 去重）',
        body: sendMessageRequestSchema,
        response: { 200: envelopeOf(sendMessageResultSchema) },
      },
    },
    async (request) => ok(await chat.send(requireAuth(request).user.id, request.body)),
  );
  app.post(
    apiPaths.chatRead,
    {
      config: auth,
      schema: {
        tags,
        summary: '已读到某序号',
        body: readRequestSchema,
        response: { 200: envelopeOf(msgHomeSchema) },
      },
    },
    async (request) => ok(await chat.mark(requireAuth(request).user.id, { ...request.body, read: true })),
  );
  app.post(
    apiPaths.chatRecall,
    {
      config: auth,
      schema: {
        tags,
        summary: '撤回消息（2分钟内）',
        body: recallRequestSchema,
        response: { 200: envelopeOf(sendMessageResultSchema) },
      },
    },
    async (request) =>
      ok({ message: await chat.recall(requireAuth(request).user.id, request.body), duplicate: false }),
  );
  app.post(
    apiPaths.chatOpenPrivate,
    {
      config: auth,
      schema: {
        tags,
        summary: '打开与某用户的私聊（可关于商品或订单）',
        body: openPrivateRequestSchema,
        response: { 200: envelopeOf(conversationResultSchema) },
      },
    },
    async (request) =>
      ok({ conversation: await chat.openPrivate(requireAuth(request).user.id, request.body) }),
  );
  app.post(
    apiPaths.chatMute,
    {
      config: auth,
      schema: {
        tags,
        summary: '消息免打扰',
        body: muteRequestSchema,
        response: { 200: envelopeOf(chatOkSchema) },
      },
    },
    async (request) => {
      await chat.mute(requireAuth(request).user.id, request.body);
      return ok({ ok: true as const });
    },
  );
  app.post(
    apiPaths.chatBlock,
    {
      config: auth,
      schema: {
        tags,
        summary: '拉黑用户',
        body: blockRequestSchema,
        response: { 200: envelopeOf(chatOkSchema) },
      },
    },
    async (request) => {
      await chat.block(requireAuth(request).user.id, request.body.user_id);
      return ok({ ok: true as const });
    },
  );
  app.post(
    apiPaths.chatUnblock,
    {
      config: auth,
      schema: {
        tags,
        summary: '解除拉黑',
        body: blockRequestSchema,
        response: { 200: envelopeOf(chatOkSchema) },
      },
    },
    async (request) => {
      await chat.unblock(requireAuth(request).user.id, request.body.user_id);
      return ok({ ok: true as const });
    },
  );
  app.get(
    apiPaths.chatBlocks,
    { config: auth, schema: { tags, summary: '黑名单', response: { 200: envelopeOf(blockedUsersSchema) } } },
    async (request) => ok(await chat.blocks(requireAuth(request).user.id)),
  );
  app.post(
    apiPaths.chatReport,
    {
      config: auth,
      schema: {
        tags,
        summary: '举报会话或消息',
        body: chatReportRequestSchema,
        response: { 200: envelopeOf(chatReportResultSchema) },
      },
    },
    async (request) => ok(await chat.report(requireAuth(request).user.id, request.body)),
  );
  app.get(
    apiPaths.chatNotices,
    {
      config: auth,
      schema: {
        tags,
        summary: '系统通知 / 卖家助手',
        querystring: chatNoticeListQuerySchema,
        response: { 200: envelopeOf(chatNoticeListSchema) },
      },
    },
    async (request) => ok(await chat.notices(requireAuth(request).user.id, request.query)),
  );
  app.post(
    apiPaths.chatNoticesRead,
    {
      config: auth,
      schema: {
        tags,
        summary: '通知标记已读',
        body: chatNoticeReadRequestSchema,
        response: { 200: envelopeOf(msgHomeSchema) },
      },
    },
    async (request) => ok(await chat.readNotices(requireAuth(request).user.id, request.body)),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  apiPaths,
  bindAuthorizeRequestSchema,
  bindAuthorizeResultSchema,
  bindConfirmRequestSchema,
  bindingListSchema,
  bindUnbindRequestSchema,
  dataExportSchema,
  ErrorCodes,
  eventDetailQuerySchema,
  eventDetailSchema,
  locationUpdateSchema,
  pageSchema,
  profileChangeSchema,
  profileHistoryQuerySchema,
  profileSchema,
  profileUpdateSchema,
  sessionListSchema,
  sessionRevokeRequestSchema,
  sessionRevokeResultSchema,
  wxNoticeSchema,
  wxNoticeUpdateSchema,
  type DataExport,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { openNotification } from '../notifications/index.ts';
import type { BindingService } from './binding-service.ts';
import type { NoticeSubscriptions } from './notice-subscriptions.ts';
import type { ChangeOrigin, ProfileService } from './profile-service.ts';
import type { DeviceSessions } from './session-service.ts';

export interface PersonalServices {
  profiles: ProfileService;
  sessions: DeviceSessions;
  bindings: BindingService;
  notices: NoticeSubscriptions;
  exportOf: (userId: number) => Promise<DataExport>;
}

const tags = ['personal'];
const originOf = (request: FastifyRequest): ChangeOrigin => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});
const signedIn = { auth: 'required' } as const;

/** The personal centre's calls (issue 13 A): every one about the caller's own account only. */
export const personalRoutes: FastifyPluginAsyncZod<{ services: PersonalServices; now: () => Date }> = async (
  app,
  { services, now },
) => {
  const { profiles, sessions, bindings, notices } = services;

  app.get(
    apiPaths.userProfile,
    { config: signedIn, schema: { tags, summary: '个人资料', response: { 200: envelopeOf(profileSchema) } } },
    async (request) => ok(await profiles.profile(requireAuth(request).user.id)),
  );

  app.post(
    apiPaths.userProfile,
    {
      config: { ...signedIn, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: '修改昵称、头像、性别、生日（每项修改都记入修改记录）',
        body: profileUpdateSchema,
        response: { 200: envelopeOf(profileSchema) },
      },
    },
    async (request) =>
      ok(await profiles.update(requireAuth(request).user.id, request.body, originOf(request))),
  );

  app.get(
    apiPaths.userProfileHistory,
    {
      config: signedIn,
      schema: {
        tags,
        summary: '资料修改记录',
        querystring: profileHistoryQuerySchema,
        response: { 200: envelopeOf(pageSchema(profileChangeSchema)) },
      },
    },
    async (request) =>
      ok(await profiles.history(requireAuth(request).user.id, request.query.page, request.query.page_size)),
  );

  app.post(
    apiPaths.userLocation,
    {
      config: signedIn,
      schema: {
        tags,
        summary: '设置所在地区（地区选择或 App 定位）',
        body: locationUpdateSchema,
        response: { 200: envelopeOf(profileSchema) },
      },
    },
    async (request) =>
      ok(await profiles.updateLocation(requireAuth(request).user.id, request.body, originOf(request))),
  );

  app.get(
    apiPaths.userSessions,
    {
      config: signedIn,
      schema: { tags, summary: '登录设备（在线会话）', response: { 200: envelopeOf(sessionListSchema) } },
    },
    async (request) => {
      const auth = requireAuth(request);
      return ok({ list: await sessions.list(auth.user.id, auth.sessionId) });
    },
  );

  app.post(
    apiPaths.userSessionRevoke,
    {
      config: signedIn,
      schema: {
        tags,
        summary: '下线一台设备（该设备下次请求即被拒绝）',
        body: sessionRevokeRequestSchema,
        response: { 200: envelopeOf(sessionRevokeResultSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return ok({ revoked: await sessions.revoke(auth.user.id, auth.sessionId, request.body.session_id) });
    },
  );

  app.post(
    apiPaths.userSessionRevokeOthers,
    {
      config: signedIn,
      schema: { tags, summary: '下线其他全部设备', response: { 200: envelopeOf(sessionRevokeResultSchema) } },
    },
    async (request) => {
      const auth = requireAuth(request);
      return ok({ revoked: await sessions.revokeOthers(auth.user.id, auth.sessionId) });
    },
  );

  app.get(
    apiPaths.userBindThird,
    {
      config: signedIn,
      schema: { tags, summary: '第三方账号绑定状态', response: { 200: envelopeOf(bindingListSchema) } },
    },
    async (request) => ok({ list: await bindings.list(requireAuth(request).user.id) }),
  );

  app.post(
    apiPaths.userBindAuthorize,
    {
      config: { ...signedIn, rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: '发起第三方绑定：返回第三方授权页地址',
        body: bindAuthorizeRequestSchema,
        response: { 200: envelopeOf(bindAuthorizeResultSchema) },
      },
    },
    async (request) =>
      ok({
        authorize_url: await bindings.authorize(
          requireAuth(request).user.id,
          request.body.provider,
          request.body.return_to,
        ),
      }),
  );

  app.post(
    apiPaths.userBindConfirm,
    {
      config: signedIn,
      schema: {
        tags,
        summary: '第三方授权返回后，以 code 和 state 完成绑定',
        body: bindConfirmRequestSchema,
        response: { 200: envelopeOf(bindingListSchema) },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      await bindings.confirm(userId, request.body);
      return ok({ list: await bindings.list(userId) });
    },
  );

  app.post(
    apiPaths.userBindUnbind,
    {
      config: signedIn,
      schema: {
        tags,
        summary: '解除第三方账号绑定',
        body: bindUnbindRequestSchema,
        response: { 200: envelopeOf(bindingListSchema) },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      await bindings.unbind(userId, request.body.provider);
      return ok({ list: await bindings.list(userId) });
    },
  );

  app.get(
    apiPaths.userWxNotice,
    {
      config: signedIn,
      schema: { tags, summary: '微信推送通知设置', response: { 200: envelopeOf(wxNoticeSchema) } },
    },
    async (request) => ok(await notices.state(requireAuth(request).user.id)),
  );

  app.post(
    apiPaths.userWxNotice,
    {
      config: signedIn,
      schema: {
        tags,
        summary: '开启或关闭一类微信推送（开启需已绑定微信）',
        body: wxNoticeUpdateSchema,
        response: { 200: envelopeOf(wxNoticeSchema) },
      },
    },
    async (request) =>
      ok(await notices.set(requireAuth(request).user.id, request.body.topic, request.body.enabled)),
  );

  app.get(
    apiPaths.userEventDetail,
    {
      config: signedIn,
      schema: {
        tags,
        summary: '我的消息详情（打开即已读）',
        querystring: eventDetailQuerySchema,
        response: { 200: envelopeOf(eventDetailSchema) },
      },
    },
    async (request) => {
      const row = await openNotification(app.db, requireAuth(request).user.id, request.query.id, now());
      if (!row) throw new AppError(ErrorCodes.EVENT_NOT_FOUND);
      return ok({
        id: row.id,
        kind: row.kind,
        title: row.title,
        body: row.body,
        link: row.link,
        read: row.readAt !== null,
        created_at: row.createdAt.toISOString(),
      });
    },
  );

  app.get(
    apiPaths.userDataExport,
    {
      config: { ...signedIn, rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: '下载我的数据（个人信息副本，JSON）',
        response: { 200: envelopeOf(dataExportSchema) },
      },
    },
    async (request) => ok(await services.exportOf(requireAuth(request).user.id)),
  );
};

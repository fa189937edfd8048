import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  apiPaths,
  deviceIdDataSchema,
  deviceIdQuerySchema,
  ErrorCodes,
  loginRequestSchema,
  loginResponseSchema,
  qrAuthRequestSchema,
  qrAuthResponseSchema,
  qrStatusQuerySchema,
  qrStatusSchema,
  qrTicketCreatedSchema,
  securityTokenRequestSchema,
  securityTokenResponseSchema,
  smsRequestSchema,
  smsResponseSchema,
  userSchema,
  type LoginResponse,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { DeviceService } from './device-service.ts';
import type { QrLoginService } from './qr-login-service.ts';
import type { SecurityProvider } from './security-provider.ts';
import type { SessionMeta, SessionService } from './session-service.ts';
import type { SmsService } from './sms-service.ts';
import { devices } from './tables.ts';
import { findOrCreateUser, toPublicUser } from './user-service.ts';

export interface IdentityServices {
  sms: SmsService;
  sessions: SessionService;
  qrLogin: QrLoginService;
  devices: DeviceService;
  securityProvider: SecurityProvider;
}

const metaOf = (request: FastifyRequest): SessionMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
  deviceId: request.device?.device_id,
});

export const identityRoutes: FastifyPluginAsyncZod<{
  services: IdentityServices;
}> = async (app, { services }) => {
  const authRateLimit = { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };
  app.post(
    apiPaths.sms,
    {
      config: { rateLimit: authRateLimit },
      schema: {
        tags: ['identity'],
        summary: '发送短信验证码（5分钟有效，60秒内不可重发）',
        body: smsRequestSchema,
        response: { 200: envelopeOf(smsResponseSchema) },
      },
    },
    async (request) => ok(await services.sms.sendCode({ ...request.body, ip: request.ip })),
  );

  app.post(
    apiPaths.login,
    {
      config: { rateLimit: authRateLimit },
      schema: {
        tags: ['identity'],
        summary: '手机号+验证码登录，首次登录即注册',
        body: loginRequestSchema,
        response: { 200: envelopeOf(loginResponseSchema) },
      },
    },
    async (request, reply) => {
      const { phone, code } = request.body;
      const outcome = await app.db.transaction(async (tx) => {
        const check = await services.sms.consumeCode(tx, { phone, scene: 'login', code });
        if (!check.ok) return check;
        const { user, created } = await findOrCreateUser(tx, phone);
        if (user.status !== 'active')
          return { ok: false as const, error: new AppError(ErrorCodes.ACCOUNT_DISABLED) };
        const session = await services.sessions.startLogin(tx, user.id, metaOf(request), { created });
        const login: LoginResponse = {
          user: await toPublicUser(tx, user),
          token: session.token,
          expires_at: session.expiresAt.toISOString(),
          is_new_user: created,
          ...(session.notice ? { notice: session.notice } : {}),
        };
        return { ok: true as const, login };
      });
      if (!outcome.ok) throw outcome.error;
      reply.header('authorization', outcome.login.token);
      return ok(outcome.login);
    },
  );

  app.post(
    apiPaths.logout,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['identity'],
        summary: '退出登录（吊销当前会话）',
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await services.sessions.revoke(requireAuth(request).sessionId);
      return ok(null);
    },
  );

  app.get(
    apiPaths.currentUser,
    {
      config: { auth: 'required' },
      schema: { tags: ['identity'], summary: '当前登录用户', response: { 200: envelopeOf(userSchema) } },
    },
    async (request) => ok(await toPublicUser(app.db, requireAuth(request).user)),
  );

  app.post(
    apiPaths.qrTicketCreate,
    {
      config: { rateLimit: authRateLimit },
      schema: {
        tags: ['identity'],
        summary: '生成扫码登录二维码',
        response: { 200: envelopeOf(qrTicketCreatedSchema) },
      },
    },
    async (request) =>
      ok(await services.qrLogin.createTicket(metaOf(request), `${request.protocol}://${request.host}`)),
  );

  app.get(
    apiPaths.qrTicketStatus,
    {
      schema: {
        tags: ['identity'],
        summary: '轮询扫码登录状态；确认后返回一次登录凭证',
        querystring: qrStatusQuerySchema,
        response: { 200: envelopeOf(qrStatusSchema) },
      },
    },
    async (request, reply) => {
      const status = await services.qrLogin.status(request.query.ticket, metaOf(request));
      if (status.login) reply.header('authorization', status.login.token);
      return ok(status);
    },
  );

  app.post(
    apiPaths.qrAuth,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['identity'],
        summary: '已登录的手机扫码后确认或取消另一设备的登录',
        body: qrAuthRequestSchema,
        response: { 200: envelopeOf(qrAuthResponseSchema) },
      },
    },
    async (request) => ok(await services.qrLogin.authorize(requireAuth(request).user.id, request.body)),
  );

  app.post(
    apiPaths.securityToken,
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['identity'],
        summary: '内置设备安全服务：签发短期设备令牌（code 200 新设备 / 201 已知设备）',
        body: securityTokenRequestSchema,
        response: { 200: securityTokenResponseSchema },
      },
    },
    async (request) => {
      const token = services.securityProvider.issue(request.body);
      const [known] = await app.db
        .select({ id: devices.id })
        .from(devices)
        .where(eq(devices.id, request.body.device_id))
        .limit(1);
      return { code: known ? 201 : 200, token };
    },
  );

  app.get(
    apiPaths.deviceId,
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['identity'],
        summary: '以安全服务令牌换取服务端设备号',
        querystring: deviceIdQuerySchema,
        response: { 200: envelopeOf(deviceIdDataSchema) },
      },
    },
    async (request) => {
      const deviceId = await services.devices.resolveDeviceId({
        encodedToken: request.query.token,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        userId: request.auth?.user.id,
      });
      return ok({ device_id: deviceId });
    },
  );
};

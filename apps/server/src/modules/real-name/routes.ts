import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bindPhoneRequestSchema,
  bindPhoneSmsRequestSchema,
  bindStatusSchema,
  realNamePaths,
  realNameRequestSchema,
  realNameSnapshotSchema,
  smsResponseSchema,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { SessionService, SmsService } from '../identity/index.ts';
import { createPhoneBindingService } from './phone-binding-service.ts';
import type { RealNameService } from './real-name-service.ts';

/** Real-name verification (4301) and phone binding (4302) of the signed-in user. */
export const realNameRoutes: FastifyPluginAsyncZod<{
  now: () => Date;
  sms: SmsService;
  realName: RealNameService;
  sessions: SessionService;
}> = async (app, { now, sms, realName, sessions }) => {
  const phoneBinding = createPhoneBindingService({ db: app.db, sms, sessions, now });
  const authRateLimit = { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };

  app.get(
    realNamePaths.snapshot,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['real-name'],
        summary: '实名认证状态（姓名、身份证号仅返回脱敏值）',
        response: { 200: envelopeOf(realNameSnapshotSchema) },
      },
    },
    async (request) => ok(await realName.snapshot(requireAuth(request).user.id)),
  );

  app.post(
    realNamePaths.submit,
    {
      config: { auth: 'required', rateLimit: authRateLimit },
      schema: {
        tags: ['real-name'],
        summary: '提交实名认证（年满18周岁；每个身份证号只能认证一个账号；每天最多5次核验）',
        body: realNameRequestSchema,
        response: { 200: envelopeOf(realNameSnapshotSchema) },
      },
    },
    async (request) => {
      const { name, id_number } = request.body;
      return ok(await realName.submit(requireAuth(request).user.id, { name, idNumber: id_number }));
    },
  );

  app.get(
    realNamePaths.bindStatus,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['real-name'],
        summary: '手机号绑定与实名状态',
        response: { 200: envelopeOf(bindStatusSchema) },
      },
    },
    async (request) => ok(await phoneBinding.status(requireAuth(request).user.id)),
  );

  app.post(
    realNamePaths.bindPhoneSms,
    {
      config: { auth: 'required', rateLimit: authRateLimit },
      schema: {
        tags: ['real-name'],
        summary: '向要绑定的新手机号发送验证码（已绑定其他账号的手机号不发送）',
        body: bindPhoneSmsRequestSchema,
        response: { 200: envelopeOf(smsResponseSchema) },
      },
    },
    async (request) =>
      ok(await phoneBinding.sendCode(requireAuth(request).user.id, request.body.phone, request.ip)),
  );

  app.post(
    realNamePaths.bindPhone,
    {
      config: { auth: 'required', rateLimit: authRateLimit },
      schema: {
        tags: ['real-name'],
        summary: '用验证码绑定（更换）手机号',
        body: bindPhoneRequestSchema,
        response: { 200: envelopeOf(bindStatusSchema) },
      },
    },
    async (request) => {
      const { phone, code } = request.body;
      const { user, sessionId } = requireAuth(request);
      return ok(await phoneBinding.bind({ userId: user.id, sessionId }, phone, code));
    },
  );
};

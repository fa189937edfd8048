import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pageSchema,
  paymentChannels,
  paymentPaths,
  RECHARGE_PRESET_AMOUNTS,
  rechargeConfirmRequestSchema,
  rechargeCreatedSchema,
  rechargeExchangeRequestSchema,
  rechargeMainSchema,
  rechargeOrderSchema,
  rechargeProxyRequestSchema,
  rechargeRecordsQuerySchema,
  rechargeUserInfoSchema,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { routeNotFound } from '../../plugins/errors.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { RechargeService } from './recharge-service.ts';

const RECHARGE_NOTES = [
  '充值金额实时到账至钱包可用余额，可用于购买商品或提现。',
  '单笔最低1.00元；每日充值总额有上限，以页面显示为准。',
  '代充：输入对方注册手机号，款项进入对方钱包，到账后不可撤回，请核对后再付款。',
  '谨防诈骗：平台不会以任何理由要求您给陌生人代充。',
];

/** SPEC §7 Recharge (/app/recharge) and the payment notify (/app/order/pay/callback/{id}). */
export const rechargeRoutes: FastifyPluginAsyncZod<{
  recharges: RechargeService;
  provider: PaymentProvider;
}> = async (app, { recharges, provider }) => {
  app.get(
    paymentPaths.rechargeMain,
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['recharge'],
        summary: '充值页配置：渠道、预设金额、限额、说明',
        response: { 200: envelopeOf(rechargeMainSchema) },
      },
    },
    async () => ok({ ...recharges.main(), presets: [...RECHARGE_PRESET_AMOUNTS], notes: RECHARGE_NOTES }),
  );

  app.get(
    paymentPaths.rechargeUserInfo,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['recharge'],
        summary: '我的余额与最近充值',
        response: { 200: envelopeOf(rechargeUserInfoSchema) },
      },
    },
    async (request) => ok(await recharges.userInfo(requireAuth(request).user.id)),
  );

  app.post(
    paymentPaths.rechargeExchange,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags: ['recharge'],
        summary: '创建充值订单（返回收银台地址；支持 Idempotency-Key）',
        body: rechargeExchangeRequestSchema,
        response: { 200: envelopeOf(rechargeCreatedSchema) },
      },
    },
    async (request) => {
      const { amount, channel, return_path } = request.body;
      return ok(
        await recharges.create(requireAuth(request).user.id, { amount, channel, returnPath: return_path }),
      );
    },
  );

  app.post(
    paymentPaths.rechargeExchangeConfirm,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['recharge'],
        summary: '从收银台返回：主动查询并返回订单状态',
        body: rechargeConfirmRequestSchema,
        response: { 200: envelopeOf(rechargeCreatedSchema) },
      },
    },
    async (request) => ok(await recharges.confirm(requireAuth(request).user.id, request.body.order_no)),
  );

  app.post(
    paymentPaths.rechargeProxy,
    {
      // The answer tells whether a phone has an account (the payer must learn that the phone cannot
      // receive): limited per address like the login calls and the wallet transfer lookup.
      config: {
        auth: 'required',
        idempotent: true,
        rateLimit: { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
      },
      schema: {
        tags: ['recharge'],
        summary: '代充：为另一位已注册用户（按手机号）充值（支持 Idempotency-Key）',
        body: rechargeProxyRequestSchema,
        response: { 200: envelopeOf(rechargeCreatedSchema) },
      },
    },
    async (request) => {
      const { amount, channel, return_path, phone } = request.body;
      return ok(
        await recharges.create(requireAuth(request).user.id, {
          amount,
          channel,
          returnPath: return_path,
          beneficiaryPhone: phone,
        }),
      );
    },
  );

  app.get(
    paymentPaths.rechargeRecords,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['recharge'],
        summary: '充值记录（非 SPEC 路径，见 docs/decisions.md）',
        querystring: rechargeRecordsQuerySchema,
        response: { 200: envelopeOf(pageSchema(rechargeOrderSchema)) },
      },
    },
    async (request) => ok(await recharges.records(requireAuth(request).user.id, request.query)),
  );

  // The notify speaks the gateway's language, not our envelope: it reads the raw body (the
  // signature covers its exact bytes) and answers in the shape the gateway expects.
  await app.register(async (notify) => {
    notify.removeAllContentTypeParsers();
    notify.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    notify.post<{ Params: { id: string } }>(
      paymentPaths.payCallback,
      { config: { auth: 'optional' }, schema: { hide: true } },
      async (request, reply) => {
        const channel = paymentChannels.find((known) => known === request.params.id);
        if (!channel) return routeNotFound(request, reply);
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const verified = provider.verifyNotify(channel, { headers: request.headers, rawBody });
        const outcome = verified.ok
          ? await recharges.applyPaid(verified.payment)
          : { accepted: false as const, reason: verified.reason };
        if (!outcome.accepted)
          request.log.warn({ channel, reason: outcome.reason }, 'payment notify refused');
        const answer = provider.acknowledge(
          channel,
          outcome.accepted,
          outcome.accepted ? '' : outcome.reason,
        );
        // The provider's own acknowledgement protocol, not an API answer: outside the envelope.
        // eslint-disable-next-line no-restricted-syntax
        return reply.code(answer.statusCode).type(answer.contentType).send(answer.body);
      },
    );
  });
};

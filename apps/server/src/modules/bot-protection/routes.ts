import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  botConfigSchema,
  botProtectionPaths,
  botTokenRequestSchema,
  botTokenResponseSchema,
  challengeImageQuerySchema,
  sliderVerifyRequestSchema,
  sliderVerifyResponseSchema,
  touchDataRequestSchema,
  touchDataResponseSchema,
  BotResultCodes,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import type { BotProtectionProvider, ClientContext } from './provider.ts';

const clientOf = (request: FastifyRequest): ClientContext => ({
  userAgent: request.headers['user-agent'] ?? '',
});

/** The provider's own endpoints (answers in its `code` shape) and the slider's verify call (envelope). */
export const botProtectionRoutes: FastifyPluginAsyncZod<{ provider: BotProtectionProvider }> = async (
  app,
  { provider },
) => {
  const tags = ['bot-protection'];
  app.post(
    botProtectionPaths.config,
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: { tags, summary: '人机验证：采集配置（缓冲区、间隔）', response: { 200: botConfigSchema } },
    },
    () => provider.config(),
  );

  app.post(
    botProtectionPaths.touch,
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: '人机验证：上报触摸与页面行为数据',
        body: touchDataRequestSchema,
        response: { 200: touchDataResponseSchema },
      },
    },
    async (request) => {
      const score = await provider.recordTouchData(request.body);
      request.log.debug({ risk: score.risk, reasons: score.reasons }, 'bot-protection touch data');
      return { code: BotResultCodes.SUCCESS };
    },
  );

  app.post(
    botProtectionPaths.token,
    {
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: '人机验证：按行为评分签发一次性令牌，风险高时返回滑块',
        body: botTokenRequestSchema,
        response: { 200: botTokenResponseSchema },
      },
    },
    async (request) => {
      const { score, ...answer } = await provider.issueToken(request.body, clientOf(request));
      request.log.info(
        { scene: request.body.scene, risk: score.risk, reasons: score.reasons, challenged: !answer.token },
        'bot-protection decision',
      );
      return answer;
    },
  );

  app.get(
    botProtectionPaths.challengeImage,
    {
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: { tags, summary: '滑块验证图片（背景或拼图块，PNG）', querystring: challengeImageQuerySchema },
    },
    async (request, reply) => {
      const png = await provider.challengeImage(request.query.challenge_id, request.query.part);
      return reply.type('image/png').header('cache-control', 'no-store').send(png);
    },
  );

  app.post(
    botProtectionPaths.sliderVerify,
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: '滑块验证：校验拖动轨迹，通过后签发一次性令牌',
        body: sliderVerifyRequestSchema,
        response: { 200: envelopeOf(sliderVerifyResponseSchema) },
      },
    },
    async (request) => ok({ token: await provider.verifySlide(request.body, clientOf(request)) }),
  );
};

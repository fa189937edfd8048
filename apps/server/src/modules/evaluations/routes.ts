import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  evaluationMainQuerySchema,
  evaluationMainSchema,
  evaluationPaths,
  myEvaluationsQuerySchema,
  myEvaluationsSchema,
  receivedEvaluationsQuerySchema,
  receivedEvaluationsSchema,
  submitEvaluationRequestSchema,
  submitEvaluationResultSchema,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { ImageUrl } from '../goods/index.ts';
import { createEvaluationService } from './evaluation-service.ts';

const tags = ['evaluations'];

/** SPEC §7 Favourable comments, and the lists of /evaluateList and /userEvaluate. */
export const evaluationsPlugin: FastifyPluginAsyncZod<{ now: () => Date; imageUrl: ImageUrl }> = async (
  app,
  { now, imageUrl },
) => {
  const service = createEvaluationService({ db: app.db, now, imageUrl });
  const userId = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.id;

  app.get(
    evaluationPaths.main,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '待评价订单、某订单的评价状态与评价返现说明',
        querystring: evaluationMainQuerySchema,
        response: { 200: envelopeOf(evaluationMainSchema) },
      },
    },
    async (request) => ok(await service.main(userId(request), request.query.order_no)),
  );

  app.post(
    evaluationPaths.main,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '同 GET（参数在请求体中）',
        body: evaluationMainQuerySchema,
        response: { 200: envelopeOf(evaluationMainSchema) },
      },
    },
    async (request) => ok(await service.main(userId(request), request.body.order_no)),
  );

  app.post(
    evaluationPaths.submit,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags,
        summary: '提交评价（每单一次，完成后限期内）；买家文字评价达到字数即发放评价返现',
        body: submitEvaluationRequestSchema,
        response: { 200: envelopeOf(submitEvaluationResultSchema) },
      },
    },
    async (request) => ok(await service.submit(userId(request), request.body)),
  );

  app.get(
    evaluationPaths.mine,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '我的评价：待评价 / 已评价',
        querystring: myEvaluationsQuerySchema,
        response: { 200: envelopeOf(myEvaluationsSchema) },
      },
    },
    async (request) => ok(await service.mine(userId(request), request.query)),
  );

  app.get(
    evaluationPaths.received,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: '用户收到的评价（卖家主页）；订单号仅对该订单的买卖双方显示',
        querystring: receivedEvaluationsQuerySchema,
        response: { 200: envelopeOf(receivedEvaluationsSchema) },
      },
    },
    async (request) => ok(await service.received(request.query, request.auth?.user.id)),
  );
};

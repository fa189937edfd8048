import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fenToAmount,
  recoverySincerityPayRequestSchema,
  sincerityBillPageSchema,
  sincerityBillQuerySchema,
  sincerityBillSummarySchema,
  sincerityCloseRequestSchema,
  sincerityCloseResultSchema,
  sincerityHoldPageSchema,
  sincerityHoldQuerySchema,
  sincerityMainSchema,
  sincerityPaths,
  sincerityPayRequestSchema,
  sincerityPayResultSchema,
  type SincerityKind,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { closeDeposit, payDeposit } from './sincerity-service.ts';
import {
  sincerityBillPage,
  sincerityBillSummary,
  sincerityHoldPage,
  sincerityMain,
} from './sincerity-queries.ts';

/** SPEC §7 sincerity calls (/app/sincerity/*) and the two deposit payments under /app/order. */
export const sincerityRoutes: FastifyPluginAsyncZod<{ now: () => Date }> = async (app, { now }) => {
  const tags = ['sincerity'];

  app.get(
    sincerityPaths.main,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '我的保证金：已缴金额、档位与权益、状态',
        response: { 200: envelopeOf(sincerityMainSchema) },
      },
    },
    async (request) => ok(await sincerityMain(app.db, requireAuth(request).user.id)),
  );

  app.get(
    sincerityPaths.billList,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '保证金流水汇总：按类型合计与最近10笔',
        response: { 200: envelopeOf(sincerityBillSummarySchema) },
      },
    },
    async (request) => ok(await sincerityBillSummary(app.db, requireAuth(request).user.id)),
  );

  app.get(
    sincerityPaths.billPage,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '保证金流水（分页，可按保证金类型、流水类型筛选）',
        querystring: sincerityBillQuerySchema,
        response: { 200: envelopeOf(sincerityBillPageSchema) },
      },
    },
    async (request) => ok(await sincerityBillPage(app.db, requireAuth(request).user.id, request.query)),
  );

  app.get(
    sincerityPaths.orderList,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '保证金担保中的订单与商品（分页）',
        querystring: sincerityHoldQuerySchema,
        response: { 200: envelopeOf(sincerityHoldPageSchema) },
      },
    },
    async (request) => ok(await sincerityHoldPage(app.db, requireAuth(request).user.id, request.query)),
  );

  app.post(
    sincerityPaths.close,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags,
        summary: '退还保证金到余额（有担保中的订单或待处理扣款时不可退还）',
        body: sincerityCloseRequestSchema,
        response: { 200: envelopeOf(sincerityCloseResultSchema) },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const { kind } = request.body;
      const { movement, released } = await app.db.transaction((tx) =>
        closeDeposit(tx, { userId, kind, now: now() }),
      );
      return ok({ kind, released: fenToAmount(released), movement_id: movement.id });
    },
  );

  const pay = async (userId: number, kind: SincerityKind, level: string) => {
    const { movement, holding, paid } = await app.db.transaction((tx) =>
      payDeposit(tx, { userId, kind, level, now: now() }),
    );
    return ok({
      kind,
      paid: fenToAmount(paid),
      held: fenToAmount(holding.held),
      level,
      movement_id: movement.id,
    });
  };

  app.post(
    sincerityPaths.pay,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags,
        summary: '从余额缴纳卖家保证金（补足到所选档位）',
        body: sincerityPayRequestSchema,
        response: { 200: envelopeOf(sincerityPayResultSchema) },
      },
    },
    async (request) => pay(requireAuth(request).user.id, 'seller', request.body.level),
  );

  app.post(
    sincerityPaths.payRecovery,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags,
        summary: '从余额缴纳回收商保证金',
        body: recoverySincerityPayRequestSchema,
        response: { 200: envelopeOf(sincerityPayResultSchema) },
      },
    },
    async (request) => pay(requireAuth(request).user.id, 'recycler', request.body.level),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountCredentialsSchema,
  attachVideoRequestSchema,
  ErrorCodes,
  liquidatedDamagesRequestSchema,
  orderHandoverPaths,
  orderHandoverSchema,
  orderNoQuerySchema,
  rebindingConfirmRequestSchema,
  rebindingDoneRequestSchema,
  submitAccountRequestSchema,
  urgeListQuerySchema,
  urgePageSchema,
  urgeRequestSchema,
  urgeResultSchema,
  verifyRequestSchema,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { OrderListings } from '../goods/index.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../plugins/idempotency.ts';
import type { HandoverService } from './handover-service.ts';
import type { UrgeService } from './handover-urges.ts';
import { lockOrderRow } from './handover-service.ts';
import { roleIn } from './order-service.ts';
import { markStep } from './rebinding-service.ts';
import type { VerificationService } from './verification-service.ts';

const tags = ['orders (hand-over)'];
/** Every hand-over call answers the panels' data, so the screen redraws from one answer. */
const handoverEnvelope = envelopeOf(orderHandoverSchema);

/** Issue 11 C: credentials hand-over, verification, rebinding, urging and liquidated damages. */
export const handoverRoutes: FastifyPluginAsyncZod<{
  handover: HandoverService;
  verification: VerificationService;
  urges: UrgeService;
  now: () => Date;
  listings: OrderListings;
}> = async (app, { handover, verification, urges, now, listings }) => {
  const userId = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.id;
  /** Calls that may move money (a refund, a penalty, damages) need an Idempotency-Key. */
  const moneyCaller = (request: Parameters<typeof requireAuth>[0]) => {
    if (typeof request.headers[IDEMPOTENCY_KEY_HEADER] !== 'string')
      throw new AppError(ErrorCodes.VALIDATION_FAILED, '缺少 Idempotency-Key 请求头，请刷新页面后重试', {
        field: 'Idempotency-Key',
      });
    return userId(request);
  };

  app.get(
    orderHandoverPaths.handover,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '交付面板：账号（打码）、查看记录、验号视频、换绑清单、催单',
        querystring: orderNoQuerySchema,
        response: { 200: handoverEnvelope },
      },
    },
    async (request) => ok(await handover.view(userId(request), request.query.order_no)),
  );

  app.post(
    orderHandoverPaths.submitAccount,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags,
        summary: '卖家提交账号信息（加密保存），订单进入待验号',
        body: submitAccountRequestSchema,
        response: { 200: handoverEnvelope },
      },
    },
    async (request) => {
      const id = userId(request);
      await handover.submitAccount(id, request.body);
      return ok(await handover.view(id, request.body.order_no));
    },
  );

  app.get(
    orderHandoverPaths.revealAccount,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '查看账号密码（仅付款后的买家与客服；每次查看都会记录）',
        querystring: orderNoQuerySchema,
        response: { 200: envelopeOf(accountCredentialsSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await handover.reveal(userId(request), request.query.order_no, request.ip));
    },
  );

  app.post(
    orderHandoverPaths.verify,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags,
        summary: '验号：通过进入换绑；不符则退款、商品下架并扣除卖家保证金',
        body: verifyRequestSchema,
        response: { 200: handoverEnvelope },
      },
    },
    async (request) => {
      const id = moneyCaller(request);
      await verification.verify(id, request.body);
      return ok(await handover.view(id, request.body.order_no));
    },
  );

  app.post(
    orderHandoverPaths.video,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags,
        summary: '关联验号视频（先以 order_video 用途上传）',
        body: attachVideoRequestSchema,
        response: { 200: handoverEnvelope },
      },
    },
    async (request) => {
      const id = userId(request);
      await handover.attachVideo(id, request.body.order_no, request.body.key);
      return ok(await handover.view(id, request.body.order_no));
    },
  );

  const rebindingStep =
    (allowed: (role: string) => boolean) =>
    async (id: number, body: { order_no: string; step: string; note?: string | undefined }) => {
      await app.db.transaction(async (tx) => {
        const order = await lockOrderRow(tx, body.order_no);
        const role = await roleIn(tx, order, id);
        if (!allowed(role)) throw new AppError(ErrorCodes.FORBIDDEN);
        await markStep(tx, order, role, {
          userId: id,
          step: body.step,
          note: body.note,
          at: now(),
          listings,
        });
      });
      return ok(await handover.view(id, body.order_no));
    };
  const confirmStep = rebindingStep((role) => role === 'buyer' || role === 'customer_service');
  const sellerDone = rebindingStep((role) => role === 'seller');

  app.post(
    orderHandoverPaths.rebindingConfirm,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags,
        summary: '买家（或客服）确认一项换绑已完成',
        body: rebindingConfirmRequestSchema,
        response: { 200: handoverEnvelope },
      },
    },
    async (request) => confirmStep(userId(request), request.body),
  );

  app.post(
    orderHandoverPaths.rebindingSellerDone,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags,
        summary: '卖家标记一项换绑已配合完成（可附说明）',
        body: rebindingDoneRequestSchema,
        response: { 200: handoverEnvelope },
      },
    },
    async (request) => sellerDone(userId(request), request.body),
  );

  app.post(
    orderHandoverPaths.liquidatedDamages,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags: ['orders (customer service)'],
        summary: '客服判定违约金：卖家违约从保证金赔付买家，买家违约从余额赔付卖家',
        body: liquidatedDamagesRequestSchema,
        response: { 200: handoverEnvelope },
      },
    },
    async (request) => {
      const id = moneyCaller(request);
      await verification.liquidatedDamages(id, request.body);
      return ok(await handover.view(id, request.body.order_no));
    },
  );

  app.post(
    orderHandoverPaths.urge,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '催单：提醒对方（并通知客服）处理当前步骤，每单每天限3次',
        body: urgeRequestSchema,
        response: { 200: envelopeOf(urgeResultSchema) },
      },
    },
    async (request) => ok(await urges.urge(userId(request), request.body)),
  );

  app.get(
    orderHandoverPaths.urge,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '催单记录：我的订单上的催单（可按订单筛选）',
        querystring: urgeListQuerySchema,
        response: { 200: envelopeOf(urgePageSchema) },
      },
    },
    async (request) => ok(await urges.list(userId(request), request.query)),
  );
};

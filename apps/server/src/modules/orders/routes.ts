import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorCodes,
  orderDetailSchema,
  orderGuaranteeQuerySchema,
  orderGuaranteeSchema,
  orderListQuerySchema,
  orderListSchema,
  orderNoQuerySchema,
  orderPaths,
  orderPaymentSchema,
  orderStaffStepRequestSchema,
  payOrderRequestSchema,
  payOrderResultSchema,
  placeOrderRequestSchema,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../plugins/idempotency.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { OrderService } from './order-service.ts';
import type { OrderViews } from './order-views.ts';

const tags = ['orders'];

/** SPEC §7 Orders: the guaranteed trade's placing, paying, detail, lists and completion. */
export const orderRoutes: FastifyPluginAsyncZod<{ service: OrderService; views: OrderViews }> = async (
  app,
  { service, views },
) => {
  const userId = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.id;

  app.get(
    orderPaths.guarantee,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '下单前：包赔选项、可用优惠券与服务端报价',
        querystring: orderGuaranteeQuerySchema,
        response: { 200: envelopeOf(orderGuaranteeSchema) },
      },
    },
    async (request) => ok(await views.guarantee(userId(request), request.query)),
  );

  app.post(
    orderPaths.place,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags,
        summary: '提交订单（锁定商品，15 分钟内付款）',
        body: placeOrderRequestSchema,
        response: { 200: envelopeOf(orderDetailSchema) },
      },
    },
    async (request) => {
      const { order, timeline } = await service.place(userId(request), request.body);
      return ok(await views.detailOf(order, 'buyer', timeline));
    },
  );

  app.post(
    orderPaths.pay,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags,
        summary: '支付订单：余额付款进入担保托管，不足部分到收银台支付',
        body: payOrderRequestSchema,
        response: { 200: envelopeOf(payOrderResultSchema) },
      },
    },
    async (request) => {
      if (typeof request.headers[IDEMPOTENCY_KEY_HEADER] !== 'string') {
        throw new AppError(ErrorCodes.VALIDATION_FAILED, '缺少 Idempotency-Key 请求头，请刷新页面后重试', {
          field: 'Idempotency-Key',
        });
      }
      const { order, timeline, cashierUrl } = await service.pay(
        userId(request),
        request.body.order_no,
        request.body.method,
      );
      return ok({ order: await views.detailOf(order, 'buyer', timeline), cashier_url: cashierUrl });
    },
  );

  app.get(
    orderPaths.detail,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '订单详情：状态、金额、期限、时间线与可执行操作',
        querystring: orderNoQuerySchema,
        response: { 200: envelopeOf(orderDetailSchema) },
      },
    },
    async (request) => ok(await views.detail(userId(request), request.query.order_no)),
  );

  app.get(
    orderPaths.payment,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '订单支付信息',
        querystring: orderNoQuerySchema,
        response: { 200: envelopeOf(orderPaymentSchema) },
      },
    },
    async (request) => ok(await views.payment(userId(request), request.query.order_no)),
  );

  app.get(
    orderPaths.list,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '我的订单：我买到的 / 我卖出的，按状态分组并计数',
        querystring: orderListQuerySchema,
        response: { 200: envelopeOf(orderListSchema) },
      },
    },
    async (request) => ok(await views.list(userId(request), request.query)),
  );

  app.post(
    orderPaths.cancel,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags,
        summary: '取消未付款订单（释放商品与优惠券）',
        body: orderNoQuerySchema,
        response: { 200: envelopeOf(orderDetailSchema) },
      },
    },
    async (request) => {
      const order = await service.cancel(userId(request), request.body.order_no);
      return ok(await views.detailOf(order, 'buyer'));
    },
  );

  app.post(
    orderPaths.confirm,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags,
        summary: '确认收货：托管款扣除服务费后结算给卖家',
        body: orderNoQuerySchema,
        response: { 200: envelopeOf(orderDetailSchema) },
      },
    },
    async (request) => {
      const order = await service.confirm(userId(request), request.body.order_no);
      return ok(await views.detailOf(order, 'buyer'));
    },
  );

  const partySteps = [
    { path: orderPaths.deliver, action: 'deliver', summary: '卖家开始交付（之后提交账号）' },
    { path: orderPaths.finishRebinding, action: 'finish_rebinding', summary: '买家确认换绑全部完成' },
  ] as const;
  for (const { path, action, summary } of partySteps)
    app.post(
      path,
      {
        config: { auth: 'required', idempotent: true },
        schema: { tags, summary, body: orderNoQuerySchema, response: { 200: envelopeOf(orderDetailSchema) } },
      },
      async (request) => {
        const viewer = userId(request);
        const order = await service.partyStep(viewer, request.body.order_no, action);
        return ok(await views.detailOf(order, order.sellerId === viewer ? 'seller' : 'buyer'));
      },
    );

  app.post(
    orderPaths.staffStep,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags: ['orders (customer service)'],
        summary: '客服推进订单交付步骤',
        body: orderStaffStepRequestSchema,
        response: { 200: envelopeOf(orderDetailSchema) },
      },
    },
    async (request) => {
      const { order_no, action, reason } = request.body;
      const order = await service.staffStep(userId(request), order_no, action, reason);
      return ok(await views.detailOf(order, 'customer_service'));
    },
  );

  if (app.config.NODE_ENV === 'production') return;

  app.post(
    orderPaths.devCompleteSigning,
    {
      schema: {
        tags: ['dev'],
        summary: '开发环境：跳过电子签署，直接完成订单的协议签署（仅非生产环境）',
        body: orderNoQuerySchema,
        response: { 200: envelopeOf(orderDetailSchema) },
      },
    },
    async (request) => {
      const order = await service.devCompleteSigning(request.body.order_no);
      return ok(await views.detailOf(order, 'customer_service'));
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  disputeDetailSchema,
  disputeListSchema,
  disputeMessageRequestSchema,
  disputeNoQuerySchema,
  disputePaths,
  disputeStaffListQuerySchema,
  openDisputeRequestSchema,
  resolveDisputeRequestSchema,
} from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { ImageUrl, OrderListings } from '../goods/index.ts';
import { createDisputeService } from './dispute-service.ts';
import { createDisputeViews } from './dispute-views.ts';
import type { OrderService } from './order-service.ts';

const tags = ['orders (after-sales)'];

/** Disputes (售后): a party opens one, both parties and staff write in its thread, staff resolve it. */
export const disputeRoutes: FastifyPluginAsyncZod<{
  db: Database;
  now: () => Date;
  orders: OrderService;
  listings: OrderListings;
  imageUrl: ImageUrl;
}> = async (app, { db, now, orders, listings, imageUrl }) => {
  const disputes = createDisputeService({ db, now, orders, listings });
  const views = createDisputeViews({ db, processes: app.processes, imageUrl, disputes });
  const userId = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.id;

  app.post(
    disputePaths.open,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags,
        summary: '申请售后：交付中至保障期内，买家或卖家提交原因与凭证，托管款冻结待客服处理',
        body: openDisputeRequestSchema,
        response: { 200: envelopeOf(disputeDetailSchema) },
      },
    },
    async (request) => {
      const order = await disputes.open(userId(request), request.body);
      return ok(await views.detail(userId(request), order.orderNo));
    },
  );

  app.get(
    disputePaths.detail,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '售后详情：申请、留言与凭证、处理结果、订单时间线',
        querystring: disputeNoQuerySchema,
        response: { 200: envelopeOf(disputeDetailSchema) },
      },
    },
    async (request) => ok(await views.detail(userId(request), request.query.order_no)),
  );

  app.post(
    disputePaths.message,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags,
        summary: '售后留言（可附凭证图片）',
        body: disputeMessageRequestSchema,
        response: { 200: envelopeOf(disputeDetailSchema) },
      },
    },
    async (request) => {
      const order = await disputes.message(userId(request), request.body);
      return ok(await views.detail(userId(request), order.orderNo));
    },
  );

  app.get(
    disputePaths.staffList,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '客服：售后工单列表（按订单号搜索、按状态筛选）',
        querystring: disputeStaffListQuerySchema,
        response: { 200: envelopeOf(disputeListSchema) },
      },
    },
    async (request) => ok(await disputes.staffList(userId(request), request.query)),
  );

  app.post(
    disputePaths.resolve,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags,
        summary: '客服处理售后：退款、放款或分账（须填写理由），资金经账本一次结清',
        body: resolveDisputeRequestSchema,
        response: { 200: envelopeOf(disputeDetailSchema) },
      },
    },
    async (request) => {
      const order = await disputes.resolve(userId(request), request.body);
      return ok(await views.detail(userId(request), order.orderNo));
    },
  );
};

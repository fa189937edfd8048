import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerServicePaths as paths,
  faqMainSchema,
  faqQuerySchema,
  pageQuerySchema,
  serviceOrderPageSchema,
  serviceQueueSchema,
  serviceRatingPageQuerySchema,
  serviceRatingPageSchema,
  serviceRatingRequestSchema,
  serviceRatingSchema,
  serviceReplyRequestSchema,
  serviceRequestSchema,
  serviceSessionIdSchema,
  serviceSessionQuerySchema,
  serviceSessionSchema,
  serviceTransferSchema,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ordersOfUser } from '../orders/index.ts';
import { faqMain } from './faq-service.ts';
import type { RatingService } from './rating-service.ts';
import { toServiceOrder, type SessionService } from './session-service.ts';

const tags = ['customer-service'];
const sessionAnswer = { 200: envelopeOf(serviceSessionSchema) };

/** SPEC §7's customer-service calls, /app/problem/main, and the session and queue calls of staff. */
export const customerServiceRoutes: FastifyPluginAsyncZod<{
  sessions: SessionService;
  ratings: RatingService;
}> = async (app, { sessions, ratings }) => {
  const userOf = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.id;

  app.get(
    paths.faq,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: '帮助中心：分类、热门问题、搜索与问题详情',
        querystring: faqQuerySchema,
        response: { 200: envelopeOf(faqMainSchema) },
      },
    },
    async (request) => ok(await faqMain(app.db, request.query)),
  );

  app.post(
    paths.main,
    {
      config: { auth: 'required', rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: '转人工客服（已有进行中的会话时返回该会话）',
        body: serviceRequestSchema,
        response: sessionAnswer,
      },
    },
    async (request) => ok(await sessions.request(userOf(request), request.body)),
  );

  app.get(
    paths.orders,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '可咨询的订单（我买到的和卖出的）',
        querystring: pageQuerySchema,
        response: { 200: envelopeOf(serviceOrderPageSchema) },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const found = await ordersOfUser(app.db, userOf(request), {
        limit: page_size,
        offset: (page - 1) * page_size,
      });
      return ok({ list: found.list.map(toServiceOrder), total: found.total, page, page_size });
    },
  );

  app.get(
    paths.session,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '客服会话详情（排队位置、接待客服、可做的操作）',
        querystring: serviceSessionQuerySchema,
        response: sessionAnswer,
      },
    },
    async (request) => ok(await sessions.view(userOf(request), request.query.id)),
  );

  app.get(
    paths.queue,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '客服工作台：排队中的会话和我接待的会话',
        response: { 200: envelopeOf(serviceQueueSchema) },
      },
    },
    async (request) => ok(await sessions.queue(userOf(request))),
  );

  app.post(
    paths.take,
    {
      config: { auth: 'required' },
      schema: { tags, summary: '客服接入会话', body: serviceSessionIdSchema, response: sessionAnswer },
    },
    async (request) => ok(await sessions.take(userOf(request), request.body.id)),
  );

  app.post(
    paths.transfer,
    {
      config: { auth: 'required' },
      schema: { tags, summary: '转接给其他客服', body: serviceTransferSchema, response: sessionAnswer },
    },
    async (request) => ok(await sessions.transfer(userOf(request), request.body)),
  );

  app.post(
    paths.close,
    {
      config: { auth: 'required' },
      schema: { tags, summary: '结束会话', body: serviceSessionIdSchema, response: sessionAnswer },
    },
    async (request) => ok(await sessions.close(userOf(request), request.body.id)),
  );

  app.post(
    paths.leave,
    {
      config: { auth: 'required' },
      schema: { tags, summary: '取消排队', body: serviceSessionIdSchema, response: sessionAnswer },
    },
    async (request) => ok(await sessions.leave(userOf(request), request.body.id)),
  );

  app.post(
    paths.comment,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '评价客服会话（每个会话一次）',
        body: serviceRatingRequestSchema,
        response: { 200: envelopeOf(serviceRatingSchema) },
      },
    },
    async (request) => ok(await ratings.rate(userOf(request), request.body)),
  );

  app.get(
    paths.commentPage,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '我的客服评价',
        querystring: serviceRatingPageQuerySchema,
        response: { 200: envelopeOf(serviceRatingPageSchema) },
      },
    },
    async (request) => ok(await ratings.userPage(userOf(request), request.query)),
  );

  app.post(
    paths.staffComment,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '客服回复收到的评价（一次）',
        body: serviceReplyRequestSchema,
        response: { 200: envelopeOf(serviceRatingSchema) },
      },
    },
    async (request) => ok(await ratings.reply(userOf(request), request.body)),
  );

  app.get(
    paths.staffCommentPage,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '客服收到的评价',
        querystring: serviceRatingPageQuerySchema,
        response: { 200: envelopeOf(serviceRatingPageSchema) },
      },
    },
    async (request) => ok(await ratings.staffPage(userOf(request), request.query)),
  );
};

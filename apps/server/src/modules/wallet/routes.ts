import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billDetailQuerySchema,
  billDetailSchema,
  billListQuerySchema,
  billListSchema,
  billStatementQuerySchema,
  billStatementSchema,
  ErrorCodes,
  profitListRequestSchema,
  profitListSchema,
  profitSummarySchema,
  transferMainQuerySchema,
  transferMainSchema,
  transferRequestSchema,
  transferResultSchema,
  walletPaths,
  walletSummarySchema,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../plugins/idempotency.ts';
import {
  billDetail,
  billStatement,
  listBills,
  profitList,
  profitSummary,
  walletSummary,
} from '../ledger/index.ts';
import { heldDepositFen } from '../sincerity/index.ts';
import { transfer, transferMain } from './transfer-service.ts';

/** SPEC §7 wallet calls of /app/user (and the statement behind /reconciliate): the caller's own money only. */
export const walletRoutes: FastifyPluginAsyncZod<{ now: () => Date }> = async (app, { now }) => {
  const tags = ['wallet'];
  // Looking a phone up tells whether it has an account: limited like the login calls.
  const lookupRateLimit = { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };

  app.get(
    walletPaths.wallet,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '我的钱包：可用、冻结、保证金、本月收支（保证金的缴纳与退还不计收支）',
        response: { 200: envelopeOf(walletSummarySchema) },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      return ok(await walletSummary(app.db, userId, now(), await heldDepositFen(app.db, userId)));
    },
  );

  app.get(
    walletPaths.bill,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '账单列表（按类型、月份筛选）与按月收支合计',
        querystring: billListQuerySchema,
        response: { 200: envelopeOf(billListSchema) },
      },
    },
    async (request) => ok(await listBills(app.db, requireAuth(request).user.id, request.query)),
  );

  app.get(
    walletPaths.billDetail,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '账单详情（仅本人账单）',
        querystring: billDetailQuerySchema,
        response: { 200: envelopeOf(billDetailSchema) },
      },
    },
    async (request) => ok(await billDetail(app.db, requireAuth(request).user.id, request.query.id)),
  );

  app.get(
    walletPaths.billStatement,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '对账单：每月期初、收入、支出、期末',
        querystring: billStatementQuerySchema,
        response: { 200: envelopeOf(billStatementSchema) },
      },
    },
    async (request) =>
      ok(await billStatement(app.db, requireAuth(request).user.id, request.query.months, now())),
  );

  app.get(
    walletPaths.profit,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '收益汇总：今日、本月、累计',
        response: { 200: envelopeOf(profitSummarySchema) },
      },
    },
    async (request) => ok(await profitSummary(app.db, requireAuth(request).user.id, now())),
  );

  app.post(
    walletPaths.profitList,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '收益消息列表',
        body: profitListRequestSchema,
        response: { 200: envelopeOf(profitListSchema) },
      },
    },
    async (request) => ok(await profitList(app.db, requireAuth(request).user.id, request.body)),
  );

  app.get(
    walletPaths.transferMain,
    {
      config: { auth: 'required', rateLimit: lookupRateLimit },
      schema: {
        tags,
        summary: '余额转出：规则、限额；带 phone 时返回收款人脱敏信息',
        querystring: transferMainQuerySchema,
        response: { 200: envelopeOf(transferMainSchema) },
      },
    },
    async (request) =>
      ok(await transferMain(app.db, requireAuth(request).user.id, request.query.phone, now())),
  );

  app.post(
    walletPaths.transfer,
    {
      config: { auth: 'required', idempotent: true, rateLimit: lookupRateLimit },
      schema: {
        tags,
        summary: '余额转给其他用户（须实名，须带 Idempotency-Key）',
        body: transferRequestSchema,
        response: { 200: envelopeOf(transferResultSchema) },
      },
    },
    async (request) => {
      const payerId = requireAuth(request).user.id;
      const requestKey = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (typeof requestKey !== 'string') {
        throw new AppError(ErrorCodes.VALIDATION_FAILED, '缺少 Idempotency-Key 请求头，请刷新页面后重试', {
          field: 'Idempotency-Key',
        });
      }
      const { phone, amount, remark } = request.body;
      return ok(
        await transfer(app.db, { payerId, phone, amount, remark: remark || undefined, requestKey }, now()),
      );
    },
  );
};

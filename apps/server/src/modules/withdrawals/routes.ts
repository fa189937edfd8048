import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  autoWithdrawalRequestSchema,
  autoWithdrawalSettingsSchema,
  pageSchema,
  rejectReasonListSchema,
  staffHandleRequestSchema,
  staffWithdrawalDetailSchema,
  staffWithdrawalSchema,
  withdrawalDetailSchema,
  withdrawalIdSchema,
  withdrawalListQuerySchema,
  withdrawalPaths,
  withdrawalSchema,
  withdrawalStatuses,
  withdrawAlertSchema,
  withdrawPageSchema,
  withdrawRequestSchema,
  pageQuerySchema,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { AutoWithdrawalService } from './auto-withdrawal.ts';
import type { StaffWithdrawalService } from './staff-service.ts';
import { toWithdrawal, type WithdrawalService } from './withdrawal-service.ts';

export interface WithdrawalRouteServices {
  withdrawals: WithdrawalService;
  staff: StaffWithdrawalService;
  auto: AutoWithdrawalService;
}

const userTags = ['withdrawals'];
const staffTags = ['withdrawals (finance)'];

/** SPEC §7 withdrawal calls of /app/user and the withdraw administration of /app/withdraw. */
export const withdrawalRoutes: FastifyPluginAsyncZod<{ services: WithdrawalRouteServices }> = async (
  app,
  { services },
) => {
  const { withdrawals, staff, auto } = services;

  app.get(
    withdrawalPaths.page,
    {
      config: { auth: 'required' },
      schema: {
        tags: userTags,
        summary: '提现首页：余额、手续费规则、限额、收款方式',
        response: { 200: envelopeOf(withdrawPageSchema) },
      },
    },
    async (request) => ok(await withdrawals.page(requireAuth(request).user.id)),
  );

  app.post(
    withdrawalPaths.alert,
    {
      config: { auth: 'required' },
      schema: {
        tags: userTags,
        summary: '提现确认信息：手续费、实际到账、到账时间、规则',
        body: withdrawRequestSchema,
        response: { 200: envelopeOf(withdrawAlertSchema) },
      },
    },
    async (request) => {
      const { amount, method_id, mode } = request.body;
      return ok(
        await withdrawals.alert(requireAuth(request).user.id, {
          amountFen: amount,
          methodId: method_id,
          mode,
        }),
      );
    },
  );

  app.post(
    withdrawalPaths.withdraw,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags: userTags,
        summary: '申请提现（冻结金额，待审核；快捷转账免审核）',
        body: withdrawRequestSchema,
        response: { 200: envelopeOf(withdrawalSchema) },
      },
    },
    async (request) => {
      const { amount, method_id, mode } = request.body;
      const row = await withdrawals.create(requireAuth(request).user.id, {
        amountFen: amount,
        methodId: method_id,
        mode,
      });
      return ok(toWithdrawal(row));
    },
  );

  app.get(
    withdrawalPaths.list,
    {
      config: { auth: 'required' },
      schema: {
        tags: userTags,
        summary: '我的提现记录',
        querystring: withdrawalListQuerySchema,
        response: { 200: envelopeOf(pageSchema(withdrawalSchema)) },
      },
    },
    async (request) => ok(await withdrawals.list(requireAuth(request).user.id, request.query)),
  );

  app.get(
    withdrawalPaths.detail,
    {
      config: { auth: 'required' },
      schema: {
        tags: userTags,
        summary: '我的一笔提现（含进度）',
        querystring: withdrawalIdSchema,
        response: { 200: envelopeOf(withdrawalDetailSchema) },
      },
    },
    async (request) => ok(await withdrawals.detail(requireAuth(request).user.id, request.query.id)),
  );

  app.post(
    withdrawalPaths.cancel,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags: userTags,
        summary: '取消待审核的提现（资金退回余额）',
        body: withdrawalIdSchema,
        response: { 200: envelopeOf(withdrawalSchema) },
      },
    },
    async (request) =>
      ok(toWithdrawal(await withdrawals.cancel(requireAuth(request).user.id, request.body.id))),
  );

  app.get(
    withdrawalPaths.autoMain,
    {
      config: { auth: 'required' },
      schema: {
        tags: userTags,
        summary: '自动提现设置',
        response: { 200: envelopeOf(autoWithdrawalSettingsSchema) },
      },
    },
    async (request) => ok(await auto.settings(requireAuth(request).user.id)),
  );

  app.post(
    withdrawalPaths.auto,
    {
      config: { auth: 'required' },
      schema: {
        tags: userTags,
        summary: '保存自动提现设置',
        body: autoWithdrawalRequestSchema,
        response: { 200: envelopeOf(autoWithdrawalSettingsSchema) },
      },
    },
    async (request) => ok(await auto.save(requireAuth(request).user.id, request.body)),
  );

  app.get(
    withdrawalPaths.staffList,
    {
      config: { auth: 'required' },
      schema: {
        tags: staffTags,
        summary: '提现审核列表（财务）',
        querystring: pageQuerySchema.extend({ status: z.enum(withdrawalStatuses).optional() }),
        response: { 200: envelopeOf(pageSchema(staffWithdrawalSchema)) },
      },
    },
    async (request) => ok(await staff.list(requireAuth(request).user.id, request.query)),
  );

  app.get(
    withdrawalPaths.staffDetail,
    {
      config: { auth: 'required' },
      schema: {
        tags: staffTags,
        summary: '提现详情（财务）',
        querystring: withdrawalIdSchema,
        response: { 200: envelopeOf(staffWithdrawalDetailSchema) },
      },
    },
    async (request) => ok(await staff.detail(requireAuth(request).user.id, request.query.id)),
  );

  app.get(
    withdrawalPaths.staffRejectReasons,
    {
      config: { auth: 'required' },
      schema: {
        tags: staffTags,
        summary: '驳回原因（预设）',
        response: { 200: envelopeOf(rejectReasonListSchema) },
      },
    },
    async (request) => ok(await staff.rejectReasons(requireAuth(request).user.id)),
  );

  app.post(
    withdrawalPaths.staffHandle,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags: staffTags,
        summary: '审核提现：通过（打款）或驳回（退回余额）',
        body: staffHandleRequestSchema,
        response: { 200: envelopeOf(staffWithdrawalDetailSchema) },
      },
    },
    async (request) => ok(await staff.handle(requireAuth(request).user.id, request.body)),
  );
};

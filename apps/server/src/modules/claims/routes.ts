import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  claimDataSchema,
  claimDetailSchema,
  claimListQuerySchema,
  claimListSchema,
  claimNoQuerySchema,
  claimPaths,
  claimStaffListQuerySchema,
  compensateClaimRequestSchema,
  fileClaimRequestSchema,
  guaranteePaths,
  guaranteePlans,
  guaranteePlansQuerySchema,
  guaranteePlansSchema,
  orderPlanQuerySchema,
  orderPlanSchema,
  resellListQuerySchema,
  resellDraftRequestSchema,
  resellDraftSchema,
  resellListSchema,
  resellPaths,
  reviewClaimRequestSchema,
  supplementClaimRequestSchema,
  withdrawClaimRequestSchema,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { ImageUrl } from '../goods/index.ts';
import type { StorageProvider } from '../storage/index.ts';
import { createClaimService } from './claim-service.ts';
import { registerClaimTimers } from './claim-timers.ts';
import { createResellDrafts } from './resell-draft.ts';
import { createClaimViews } from './claim-views.ts';

const tags = ['guarantee and claims'];

/**
 * 官方包赔 plans, an order's plan, 找回包赔 claims and 转卖 (issue 11 F): SPEC §7's
 * /app/official_guarantee, /v2, /app/dog/claims, /v3, /v4, /main and /app/recovery/resell/list,
 * with the claim's writes beside them (docs/orders.md, docs/decisions.md).
 */
export const claimsPlugin: FastifyPluginAsyncZod<{
  now: () => Date;
  imageUrl: ImageUrl;
  /** Where the 转卖 draft's screenshot copies go (the app's one storage). */
  storage: StorageProvider;
}> = async (app, { now, imageUrl, storage }) => {
  const claims = createClaimService({ db: app.db, now, processes: app.processes });
  registerClaimTimers(app.processes, now);
  const resellDraft = createResellDrafts({ db: app.db, now, imageUrl, storage, claims });
  const views = createClaimViews({ db: app.db, now, processes: app.processes, imageUrl, claims });
  const userId = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).user.id;

  app.get(
    guaranteePaths.plans,
    {
      schema: {
        tags,
        summary: '官方包赔方案：保障范围、费率、赔付比例与保障期（可按成交价计算）',
        querystring: guaranteePlansQuerySchema,
        response: { 200: envelopeOf(guaranteePlansSchema) },
      },
    },
    async (request) => ok(guaranteePlans(request.query.price ?? null)),
  );

  app.get(
    guaranteePaths.orderPlan,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '订单的包赔方案：保障范围、状态与剩余保障时间，以及该订单的找回申请',
        querystring: orderPlanQuerySchema,
        response: { 200: envelopeOf(orderPlanSchema) },
      },
    },
    async (request) => ok(await views.orderPlan(userId(request), request.query.order_no)),
  );

  app.get(
    claimPaths.mine,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '我的找回包赔申请',
        querystring: claimListQuerySchema,
        response: { 200: envelopeOf(claimListSchema) },
      },
    },
    async (request) => ok(await views.mine(userId(request), request.query)),
  );

  app.get(
    claimPaths.detail,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '找回申请详情与处理进度（买家本人或客服）',
        querystring: claimNoQuerySchema,
        response: { 200: envelopeOf(claimDetailSchema) },
      },
    },
    async (request) => ok(await views.detail(userId(request), request.query.claim_no)),
  );

  app.get(
    claimPaths.staffList,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '客服：找回申请工单（待处理 / 已处理，按找回单号或订单号搜索）',
        querystring: claimStaffListQuerySchema,
        response: { 200: envelopeOf(claimListSchema) },
      },
    },
    async (request) => ok(await views.staffList(userId(request), request.query)),
  );

  app.get(
    claimPaths.data,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '客服：找回申请与赔付数据（按包赔方案），包赔基金余额',
        response: { 200: envelopeOf(claimDataSchema) },
      },
    },
    async (request) => ok(await views.data(userId(request))),
  );

  const detailAfter = async (viewerId: number, claim: Parameters<typeof views.detailOf>[0]) =>
    ok(await views.detailOf(claim, claim.buyerId === viewerId ? 'buyer' : 'customer_service'));

  app.post(
    claimPaths.file,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags,
        summary: '申请找回包赔：已完成且在保障期内的包赔订单，买家提交经过与凭证',
        body: fileClaimRequestSchema,
        response: { 200: envelopeOf(claimDetailSchema) },
      },
    },
    async (request) => detailAfter(userId(request), await claims.file(userId(request), request.body)),
  );

  app.post(
    claimPaths.supplement,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags,
        summary: '买家按客服要求补充材料（说明与凭证），申请回到待审核',
        body: supplementClaimRequestSchema,
        response: { 200: envelopeOf(claimDetailSchema) },
      },
    },
    async (request) => detailAfter(userId(request), await claims.supplement(userId(request), request.body)),
  );

  app.post(
    claimPaths.withdraw,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags,
        summary: '买家撤回未处理完的找回申请',
        body: withdrawClaimRequestSchema,
        response: { 200: envelopeOf(claimDetailSchema) },
      },
    },
    async (request) =>
      detailAfter(userId(request), await claims.withdraw(userId(request), request.body.claim_no)),
  );

  app.post(
    claimPaths.review,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags,
        summary: '客服审核找回申请：要求补充材料、通过（填写赔付金额，不超过方案上限）或驳回（须填写理由）',
        body: reviewClaimRequestSchema,
        response: { 200: envelopeOf(claimDetailSchema) },
      },
    },
    async (request) => detailAfter(userId(request), await claims.review(userId(request), request.body)),
  );

  app.post(
    claimPaths.compensate,
    {
      config: { auth: 'required', idempotent: true },
      schema: {
        tags,
        summary: '客服赔付：从平台包赔基金打入买家余额，并按方案向卖家保证金追偿（一次事务，幂等）',
        body: compensateClaimRequestSchema,
        response: { 200: envelopeOf(claimDetailSchema) },
      },
    },
    async (request) =>
      detailAfter(userId(request), await claims.compensate(userId(request), request.body.claim_no)),
  );

  app.get(
    resellPaths.list,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '可转卖的账号：我买到并已完成的订单（未获找回赔付的）',
        querystring: resellListQuerySchema,
        response: { 200: envelopeOf(resellListSchema) },
      },
    },
    async (request) => ok(await views.resell(userId(request), request.query)),
  );

  app.post(
    resellPaths.draft,
    {
      config: { auth: 'required', rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags,
        summary:
          '转卖：把买到的账号（已完成、未获找回赔付）生成发布草稿，截图复制为我的上传，价格与登录信息留空',
        body: resellDraftRequestSchema,
        response: { 200: envelopeOf(resellDraftSchema) },
      },
    },
    async (request) => ok(await resellDraft(userId(request), request.body.order_no)),
  );
};

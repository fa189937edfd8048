import {
  allowedActions,
  claimProcess,
  claimStateLabels,
  coveredUntil,
  ErrorCodes,
  errorMessages,
  fenToAmount,
  feeSchedule,
  guaranteePlanOf,
  guaranteePlans,
  openClaimStates,
  orderPlanStatusLabels,
  type ClaimData,
  type ClaimDataRow,
  type ClaimDetail,
  type ClaimList,
  type ClaimListItem,
  type ClaimState,
  type GuaranteePlan,
  type OrderPlan,
  type ResellList,
} from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { ImageUrl } from '../goods/index.ts';
import {
  findOrderByNo,
  keptPurchasesOf,
  ordersByIds,
  splitRefundFen,
  type OrderRow,
} from '../orders/index.ts';
import type { ProcessEngine } from '../process/index.ts';
import {
  claimRefusal,
  orderClaimCapFen,
  orderPlanStatus,
  type ClaimRow,
  type ClaimService,
  type ClaimViewerRole,
} from './claim-service.ts';
import { supplementDeadline } from './claim-timers.ts';

/** The plan as priced for the deal, with the cap of the order or claim (a split's refund deducted). */
function planFor(priceFen: number, code: string, capFen: number): GuaranteePlan | undefined {
  const plan = guaranteePlans(priceFen).plans.find((option) => option.code === code);
  return plan && { ...plan, max_compensation: fenToAmount(capFen) };
}

/** What the guarantee and claim screens show. */
export function createClaimViews(deps: {
  db: Database;
  now: () => Date;
  processes: ProcessEngine;
  imageUrl: ImageUrl;
  claims: ClaimService;
}) {
  const { db, now, processes, imageUrl, claims } = deps;

  function listItem(claim: ClaimRow, order: OrderRow | undefined): ClaimListItem {
    if (!order) throw new Error(`claims: order ${claim.orderId} of claim ${claim.claimNo} is missing`);
    return {
      claim_no: claim.claimNo,
      order_no: order.orderNo,
      goods: order.goodsCard,
      state: claim.state,
      state_label: claimStateLabels[claim.state],
      plan_name: guaranteePlanOf(claim.planCode)?.name ?? claim.planCode,
      max_compensation: fenToAmount(claim.capFen),
      compensation: claim.compensationFen === null ? null : fenToAmount(claim.compensationFen),
      created_at: claim.createdAt.toISOString(),
    };
  }

  async function listOf(rows: ClaimRow[]): Promise<ClaimListItem[]> {
    const orders = await ordersByIds(
      db,
      rows.map((row) => row.orderId),
    );
    return rows.map((row) => listItem(row, orders.get(row.orderId)));
  }

  async function detailOf(claim: ClaimRow, role: ClaimViewerRole): Promise<ClaimDetail> {
    const [orders, timeline] = await Promise.all([
      ordersByIds(db, [claim.orderId]),
      processes.timeline(db, claimProcess, claim.id),
    ]);
    const plan = planFor(claim.priceFen, claim.planCode, claim.capFen);
    if (!plan) throw new AppError(ErrorCodes.CLAIM_NO_GUARANTEE);
    return {
      ...listItem(claim, orders.get(claim.orderId)),
      viewer_role: role,
      plan,
      price: fenToAmount(claim.priceFen),
      description: claim.description,
      images: claim.images.map(imageUrl),
      seller_charged: claim.sellerChargedFen === null ? null : fenToAmount(claim.sellerChargedFen),
      compensated_at: claim.compensatedAt?.toISOString() ?? null,
      supplement_deadline: supplementDeadline(claim.state, timeline)?.toISOString() ?? null,
      actions: allowedActions(claimProcess, claim.state, [role === 'buyer' ? 'owner' : 'customer_service']),
      timeline,
    };
  }

  async function detail(userId: number, claimNo: string): Promise<ClaimDetail> {
    const { claim, role } = await claims.forViewer(userId, claimNo);
    return detailOf(claim, role);
  }

  const page = async (
    found: Promise<{ rows: ClaimRow[]; total: number }>,
    query: { page: number; page_size: number },
  ): Promise<ClaimList> => {
    const { rows, total } = await found;
    return { list: await listOf(rows), total, page: query.page, page_size: query.page_size };
  };

  /** The order's plan as its buyer, seller or customer service see it; anyone else gets 4701. */
  async function orderPlan(userId: number, orderNo: string): Promise<OrderPlan> {
    const order = await findOrderByNo(db, orderNo);
    if (!order) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
    const role =
      order.buyerId === userId
        ? 'buyer'
        : order.sellerId === userId
          ? 'seller'
          : (await claims.isStaff(userId))
            ? 'customer_service'
            : null;
    if (!role) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
    const rows = await claims.claimsOfOrder(order.id);
    const at = now();
    const status = orderPlanStatus(order, rows, at);
    const option = order.guaranteeCode ? guaranteePlanOf(order.guaranteeCode) : undefined;
    const started = status === 'in_force' || status === 'lapsed' || status === 'claimed';
    const until = option && started ? coveredUntil(order.completedAt ?? order.updatedAt, option) : null;
    const refundedFen = await splitRefundFen(db, order.id);
    const capFen = orderClaimCapFen(order, refundedFen);
    const refusal = claimRefusal(order, rows, at, capFen);
    return {
      order_no: order.orderNo,
      goods: order.goodsCard,
      price: fenToAmount(order.priceFen),
      viewer_role: role,
      refunded: fenToAmount(refundedFen),
      plan: order.guaranteeCode ? (planFor(order.priceFen, order.guaranteeCode, capFen) ?? null) : null,
      status,
      status_label: orderPlanStatusLabels[status],
      completed_at: order.completedAt?.toISOString() ?? null,
      covered_until: until?.toISOString() ?? null,
      remaining_seconds:
        status === 'in_force' && until
          ? Math.max(0, Math.floor((until.getTime() - at.getTime()) / 1000))
          : null,
      can_claim: role === 'buyer' && refusal === null,
      reason: role !== 'buyer' ? '仅买家可以申请找回赔付' : refusal === null ? '' : errorMessages[refusal],
      claims: rows.sort((a, b) => b.id - a.id).map((row) => listItem(row, order)),
    };
  }

  async function data(userId: number): Promise<ClaimData> {
    const { rows, pool } = await claims.figures(userId);
    const open = new Set<ClaimState>(openClaimStates);
    const rowFor = (key: string, label: string, matching: typeof rows): ClaimDataRow => {
      const countOf = (test: (state: ClaimState) => boolean) =>
        matching.filter((row) => test(row.state)).reduce((total, row) => total + row.claims, 0);
      return {
        key,
        label,
        filed: countOf(() => true),
        open: countOf((state) => open.has(state)),
        rejected: countOf((state) => state === 'rejected'),
        withdrawn: countOf((state) => state === 'withdrawn'),
        closed: countOf((state) => state === 'closed'),
        compensated: countOf((state) => state === 'compensated'),
        compensation: fenToAmount(matching.reduce((total, row) => total + row.compensation, 0)),
        seller_charged: fenToAmount(matching.reduce((total, row) => total + row.charged, 0)),
      };
    };
    return {
      rows: [
        ...feeSchedule.compensation.map((plan) =>
          rowFor(
            plan.code,
            plan.name,
            rows.filter((row) => row.plan === plan.code),
          ),
        ),
        rowFor('all', '合计', rows),
      ],
      pool_balance: fenToAmount(pool),
    };
  }

  /** The buyer's kept purchases that can be listed again (not those a claim compensated). */
  async function resell(userId: number, query: { page: number; page_size: number }): Promise<ResellList> {
    const excludeIds = await claims.compensatedOrderIds(userId);
    const { rows, total } = await keptPurchasesOf(db, userId, {
      page: query.page,
      pageSize: query.page_size,
      excludeIds,
    });
    return {
      list: rows.map((order) => ({
        order_no: order.orderNo,
        goods: order.goodsCard,
        price: fenToAmount(order.priceFen),
        completed_at: (order.completedAt ?? order.updatedAt).toISOString(),
        publish_path: `/publishGoods?resell=${order.orderNo}`,
      })),
      total,
      page: query.page,
      page_size: query.page_size,
    };
  }

  return {
    detail,
    detailOf,
    orderPlan,
    data,
    resell,
    mine: (userId: number, query: { page: number; page_size: number }) =>
      page(claims.mine(userId, query), query),
    staffList: (
      userId: number,
      query: { page: number; page_size: number; tab: 'open' | 'done'; q?: string | undefined },
    ) => page(claims.staffList(userId, query), query),
  };
}

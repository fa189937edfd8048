import { z } from 'zod';

/**
 * The life of a listing as data: the server refuses any transition not listed here and the web
 * derives the buttons each role sees from the same table.
 */
export const goodsStatuses = ['draft', 'pending_review', 'on_sale', 'locked', 'sold', 'off_shelf'] as const;
export const goodsStatusSchema = z.enum(goodsStatuses);
export type GoodsStatus = z.infer<typeof goodsStatusSchema>;

export const goodsStatusLabels: Record<GoodsStatus, string> = {
  draft: '草稿',
  pending_review: '审核中',
  on_sale: '在售',
  locked: '交易中',
  sold: '已售出',
  off_shelf: '已下架',
};

/** seller: the listing's owner; staff: customer_service or admin; system: the server itself (review, orders). */
export const goodsActors = ['seller', 'staff', 'system'] as const;
export type GoodsActor = (typeof goodsActors)[number];

export const goodsActions = [
  'edit',
  'submit',
  'approve',
  'reject',
  'shelf_off',
  'shelf_on',
  'lock',
  'unlock',
  'sell',
] as const;
export type GoodsAction = (typeof goodsActions)[number];

/**
 * Guards a transition needs besides the actor:
 * - complete: every field passes the game's publish schema and the screenshot minimum;
 * - review_passed: the automatic review found nothing (contact details, banned words);
 * - order_open / order_closed / order_completed: set by the order flow.
 */
export type GoodsGuard = 'complete' | 'review_passed' | 'order_open' | 'order_closed' | 'order_completed';

export interface GoodsTransition {
  action: GoodsAction;
  from: readonly GoodsStatus[];
  to: GoodsStatus | 'same';
  actors: readonly GoodsActor[];
  guard?: GoodsGuard;
  label: string;
}

export const goodsTransitions: readonly GoodsTransition[] = [
  { action: 'edit', from: ['draft', 'off_shelf'], to: 'same', actors: ['seller'], label: '编辑' },
  {
    action: 'submit',
    from: ['draft'],
    to: 'pending_review',
    actors: ['seller'],
    guard: 'complete',
    label: '提交审核',
  },
  {
    action: 'approve',
    from: ['pending_review'],
    to: 'on_sale',
    actors: ['system', 'staff'],
    guard: 'review_passed',
    label: '审核通过',
  },
  { action: 'reject', from: ['pending_review'], to: 'draft', actors: ['system', 'staff'], label: '审核驳回' },
  {
    action: 'shelf_off',
    from: ['on_sale', 'pending_review'],
    to: 'off_shelf',
    actors: ['seller', 'staff'],
    label: '下架',
  },
  {
    action: 'shelf_on',
    from: ['off_shelf'],
    to: 'pending_review',
    actors: ['seller'],
    guard: 'complete',
    label: '上架',
  },
  {
    action: 'lock',
    from: ['on_sale'],
    to: 'locked',
    actors: ['system'],
    guard: 'order_open',
    label: '下单锁定',
  },
  {
    action: 'unlock',
    from: ['locked'],
    to: 'on_sale',
    actors: ['system'],
    guard: 'order_closed',
    label: '订单取消解锁',
  },
  {
    action: 'sell',
    from: ['locked'],
    to: 'sold',
    actors: ['system'],
    guard: 'order_completed',
    label: '交易完成',
  },
];

/** The transition `action` takes from `status` for `actor`, or undefined when it is not allowed. */
export function findGoodsTransition(
  status: GoodsStatus,
  action: GoodsAction,
  actor: GoodsActor,
): GoodsTransition | undefined {
  return goodsTransitions.find(
    (t) => t.action === action && t.from.includes(status) && t.actors.includes(actor),
  );
}

export function nextGoodsStatus(
  status: GoodsStatus,
  action: GoodsAction,
  actor: GoodsActor,
): GoodsStatus | undefined {
  const transition = findGoodsTransition(status, action, actor);
  if (!transition) return undefined;
  return transition.to === 'same' ? status : transition.to;
}

/** What an actor may do with a listing in a given status (the buttons the web shows). */
export function allowedGoodsActions(status: GoodsStatus, actor: GoodsActor): GoodsAction[] {
  return goodsTransitions
    .filter((t) => t.from.includes(status) && t.actors.includes(actor))
    .map((t) => t.action);
}

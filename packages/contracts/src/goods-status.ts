import { z } from 'zod';
import { ErrorCodes } from './error-codes.ts';
import { defineProcess } from './process/engine.ts';

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

/**
 * The process of a listing. The owner is the seller; customer service and admins moderate (never
 * their own listings); the system runs the automatic review and, later, the order flow (lock on an
 * open order, unlock when it closes, sold when it completes).
 */
export const goodsProcess = defineProcess({
  name: 'listing',
  subjectLabel: '商品',
  states: goodsStatuses,
  stateLabels: goodsStatusLabels,
  initial: 'draft',
  terminal: ['sold'],
  refusal: { errCode: ErrorCodes.GOODS_STATE_INVALID },
  guards: {
    complete: { errCode: ErrorCodes.GOODS_INCOMPLETE, message: '商品信息不完整，请补充后再提交' },
  },
  transitions: {
    /**
     * An edit that stays where it is: any edit of a draft or an off-shelf listing, and an edit of a
     * listing on sale that leaves what moderation judged alone (price, guarantees, flags, notes).
     */
    edit: { from: ['draft', 'off_shelf', 'on_sale'], roles: ['owner'], label: '编辑' },
    /** A new price (and original price) only: the listing stays where it is, on sale included. */
    reprice: { from: ['on_sale', 'off_shelf'], roles: ['owner'], label: '改价' },
    /**
     * An edit of a listing on sale that changes what moderation judged (title, description,
     * screenshots, the account's facts): it goes back to review, then on sale or back to draft.
     */
    revise: {
      from: 'on_sale',
      to: 'pending_review',
      roles: ['owner'],
      guards: ['complete'],
      label: '修改后重新审核',
    },
    submit: {
      from: 'draft',
      to: 'pending_review',
      roles: ['owner'],
      guards: ['complete'],
      label: '提交审核',
    },
    approve: {
      from: 'pending_review',
      to: 'on_sale',
      roles: ['system', 'customer_service', 'admin'],
      label: '审核通过',
    },
    reject: {
      from: 'pending_review',
      to: 'draft',
      roles: ['system', 'customer_service', 'admin'],
      label: '审核驳回',
    },
    shelf_off: {
      from: ['on_sale', 'pending_review'],
      to: 'off_shelf',
      // system: a listing whose order failed verification (账号与描述不符) is taken off the shelf.
      roles: ['owner', 'customer_service', 'admin', 'system'],
      label: '下架',
    },
    shelf_on: {
      from: 'off_shelf',
      to: 'pending_review',
      roles: ['owner'],
      guards: ['complete'],
      label: '上架',
    },
    verify_screenshots: {
      from: ['draft', 'pending_review', 'on_sale', 'off_shelf', 'locked'],
      roles: ['customer_service', 'admin'],
      label: '官方截图核验',
    },
    lock: { from: 'on_sale', to: 'locked', roles: ['system'], label: '下单锁定' },
    unlock: { from: 'locked', to: 'on_sale', roles: ['system'], label: '订单取消解锁' },
    sell: { from: 'locked', to: 'sold', roles: ['system'], label: '交易完成' },
  },
});

export type GoodsAction = keyof typeof goodsProcess.transitions;

/** Every action of a listing (the `actions` arrays of the API). */
export const goodsActions = Object.keys(goodsProcess.transitions) as [GoodsAction, ...GoodsAction[]];

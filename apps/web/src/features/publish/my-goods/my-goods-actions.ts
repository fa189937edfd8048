import { allowedActions, goodsProcess, type GoodsStatus } from '@haoshi/contracts';
import { myGoodsMessages as text } from '../messages';

export type SellerButton = 'edit' | 'reprice' | 'submit' | 'shelf_on' | 'shelf_off';

const labels: Record<SellerButton, string> = {
  edit: text.edit,
  reprice: text.reprice,
  submit: text.submit,
  shelf_on: text.shelfOn,
  shelf_off: text.shelfOff,
};
const order: readonly SellerButton[] = ['edit', 'reprice', 'submit', 'shelf_on', 'shelf_off'];

/** The buttons of one listing: what its process lets the owner do in its status (goods-status.ts). */
export function sellerButtons(status: GoodsStatus): { action: SellerButton; label: string }[] {
  const allowed = new Set<string>(allowedActions(goodsProcess, status, ['owner']));
  return order.filter((action) => allowed.has(action)).map((action) => ({ action, label: labels[action] }));
}

/** 我的发布's tabs, in the order a seller looks for them. */
export const myGoodsTabs: readonly { status: GoodsStatus; title: string }[] = [
  { status: 'on_sale', title: '在售' },
  { status: 'pending_review', title: '审核中' },
  { status: 'draft', title: '草稿' },
  { status: 'off_shelf', title: '已下架' },
  { status: 'locked', title: '交易中' },
  { status: 'sold', title: '已售出' },
];

export const isGoodsStatus = (value: string | null): value is GoodsStatus =>
  myGoodsTabs.some((tab) => tab.status === value);

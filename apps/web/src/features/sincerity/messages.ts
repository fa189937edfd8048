import type { SincerityCloseBlock, SincerityKindSummary } from '@haoshi/contracts';

/** /cashPledgeRecord texts (Chinese). */
export const sincerityMessages = {
  heldLabel: '已缴保证金（元）',
  totalHeld: '保证金合计',
  available: '可用余额',
  noLevel: '暂未达到档位',
  levelsTitle: '保证金档位与权益',
  required: '需缴',
  reached: '已达到',
  payShortfall: (amount: string) => `补缴 ${amount} 元`,
  payConfirmTitle: '缴纳保证金',
  payConfirm: (name: string, amount: string, available: string) =>
    `升级到「${name}」需从可用余额转入 ${amount} 元（当前可用余额 ${available} 元）。保证金仍是你的钱，计入总资产，不算支出；没有担保中的订单或商品、也没有待处理的扣款时，可随时全额退回余额。`,
  payConfirmButton: '确认缴纳',
  paid: (amount: string) => `已缴纳 ${amount} 元`,
  close: '退还保证金',
  closeConfirmTitle: '退还保证金',
  closeConfirm: (amount: string) =>
    `将把 ${amount} 元保证金退回余额，退还后对应档位的权益将失效。确定退还吗？`,
  closeConfirmButton: '确认退还',
  closed: (amount: string) => `已退还 ${amount} 元到余额`,
  holdsTitle: '担保中的订单',
  holdsEmpty: '当前没有由保证金担保的订单或商品',
  billsTitle: '保证金明细',
  billsEmpty: '还没有保证金记录，缴纳后会在这里显示',
  loadMore: '加载更多',
  noMore: '没有更多了',
  heldAfter: (amount: string) => `余额 ${amount}`,
  loadFailedTitle: '保证金信息加载失败',
  loadFailedBody: '请检查网络后重新加载',
  retry: '重新加载',
  listFailed: '加载失败，点击重试',
  insufficientHint: '可用余额不足，请先充值',
  recharge: '去充值',
} as const;

export const stateLabels: Record<SincerityKindSummary['state'], string> = {
  none: '未缴纳',
  active: '生效中',
  locked: '担保中',
};

export const closeBlockHints: Record<SincerityCloseBlock, string> = {
  nothing_held: '当前没有可退还的保证金',
  open_hold: '有进行中的订单或商品由保证金担保，完成后才能退还',
  pending_penalty: '有待处理的违约扣款，处理完成后才能退还',
};

import { fenToAmount, type AccountCancelCondition, type AccountCancelConditionKey } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { openBargainCountOf } from '../bargains/index.ts';
import { openClaimCountOf } from '../claims/index.ts';
import { listingsOnShelfCountOf } from '../goods/index.ts';
import { ledger } from '../ledger/index.ts';
import { openDisputeCountOf, openOrderCountOf } from '../orders/index.ts';
import { sincerityOpenFen } from '../sincerity/index.ts';
import { pendingWithdrawalCountOf } from '../withdrawals/index.ts';

interface ConditionText {
  title: string;
  met: string;
  action: string;
  route: string;
}

/** What each condition is called, what a met one says, and where an unmet one is settled. */
const texts: Record<AccountCancelConditionKey, ConditionText> = {
  open_orders: {
    title: '没有进行中的订单',
    met: '无进行中的订单',
    action: '查看订单',
    route: '/afterSalesList',
  },
  open_disputes: {
    title: '没有未结束的售后',
    met: '无售后纠纷',
    action: '查看售后',
    route: '/afterSalesList',
  },
  open_claims: {
    title: '没有处理中的找回申请',
    met: '无处理中的找回申请',
    action: '查看找回申请',
    route: '/offlineRetrievalList',
  },
  open_bargains: {
    title: '没有进行中的议价',
    met: '无进行中的议价',
    action: '处理议价',
    route: '/goodsBargainList',
  },
  listings_on_shelf: {
    title: '没有在售的商品',
    met: '无在售或审核中的商品',
    action: '去下架',
    route: '/myGoods',
  },
  wallet_balance: {
    title: '钱包余额已提现',
    met: '钱包余额为 0',
    action: '去提现',
    route: '/withdrawDeposit',
  },
  frozen_funds: { title: '没有冻结中的资金', met: '无冻结资金', action: '查看账单', route: '/billList' },
  pending_withdrawals: {
    title: '没有处理中的提现',
    met: '无处理中的提现',
    action: '查看提现记录',
    route: '/withdrawalRecords',
  },
  sincerity_deposit: {
    title: '诚信保证金已退还',
    met: '无保证金与待缴违约金',
    action: '去退保证金',
    route: '/cashPledgeRecord',
  },
};

const condition = (key: AccountCancelConditionKey, unmet: string | null): AccountCancelCondition => ({
  key,
  title: texts[key].title,
  met: unmet === null,
  detail: unmet ?? texts[key].met,
  action_text: unmet === null ? '' : texts[key].action,
  action_route: unmet === null ? '' : texts[key].route,
});

/** Every condition of cancelling the account, each answered by the module that owns it. */
export async function checkConditions(executor: Executor, userId: number): Promise<AccountCancelCondition[]> {
  const orders = await openOrderCountOf(executor, userId);
  const disputes = await openDisputeCountOf(executor, userId);
  const claims = await openClaimCountOf(executor, userId);
  const bargains = await openBargainCountOf(executor, userId);
  const listings = await listingsOnShelfCountOf(executor, userId);
  const money = await ledger.balances(executor, userId);
  const withdrawals = await pendingWithdrawalCountOf(executor, userId);
  const sincerity = await sincerityOpenFen(executor, userId);
  const sincerityOwed = [
    sincerity.heldFen > 0 ? `保证金 ¥${fenToAmount(sincerity.heldFen)} 未退还` : '',
    sincerity.pendingPenaltyFen > 0 ? `待缴违约金 ¥${fenToAmount(sincerity.pendingPenaltyFen)}` : '',
  ].filter(Boolean);
  return [
    condition('open_orders', orders > 0 ? `有 ${orders} 笔订单尚未完成，请完成或取消后再注销` : null),
    condition('open_disputes', disputes > 0 ? `有 ${disputes} 笔售后尚未处理完，请等待客服处理结束` : null),
    condition('open_claims', claims > 0 ? `有 ${claims} 个找回申请正在处理，请等待处理结束或撤回` : null),
    condition('open_bargains', bargains > 0 ? `有 ${bargains} 个议价仍在进行，请取消或拒绝后再注销` : null),
    condition('listings_on_shelf', listings > 0 ? `有 ${listings} 个商品在售或审核中，请先下架` : null),
    condition(
      'wallet_balance',
      money.available > 0 ? `钱包余额 ¥${fenToAmount(money.available)}，请先全部提现` : null,
    ),
    condition(
      'frozen_funds',
      money.frozen > 0 ? `有 ¥${fenToAmount(money.frozen)} 资金冻结中，请等待解冻并提现` : null,
    ),
    condition('pending_withdrawals', withdrawals > 0 ? `有 ${withdrawals} 笔提现正在处理，请等待到账` : null),
    condition('sincerity_deposit', sincerityOwed.length > 0 ? `${sincerityOwed.join('，')}，请先处理` : null),
  ];
}

/** The refusal's message: which conditions still hold. */
export const unmetSummary = (conditions: readonly AccountCancelCondition[]) =>
  `请先处理以下事项再注销：${conditions
    .filter((item) => !item.met)
    .map((item) => item.detail)
    .join('；')}`;

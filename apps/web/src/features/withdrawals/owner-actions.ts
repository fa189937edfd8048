import { canTake, withdrawalProcess, type WithdrawalStatus } from '@haoshi/contracts';

/** Whether the owner sees 取消提现: what the withdrawal process lets the owner do in this status. */
export const ownerCanCancel = (status: WithdrawalStatus) =>
  canTake(withdrawalProcess, status, 'cancel', ['owner']);

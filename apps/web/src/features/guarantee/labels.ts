import type { ClaimState, OrderPlanStatus } from '@haoshi/contracts';

export const claimStateColors: Record<ClaimState, 'warning' | 'primary' | 'success' | 'default' | 'danger'> =
  {
    submitted: 'warning',
    info_requested: 'danger',
    accepted: 'primary',
    rejected: 'default',
    compensated: 'success',
    withdrawn: 'default',
    closed: 'default',
  };

export const planStatusColors: Record<OrderPlanStatus, 'warning' | 'primary' | 'success' | 'default'> = {
  none: 'default',
  pending: 'warning',
  in_force: 'success',
  lapsed: 'default',
  void: 'default',
  claimed: 'primary',
};

/** Seconds of cover left as 天 and 小时. */
export function remainingText(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  if (days > 0) return `${days}天${hours}小时`;
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? `${hours}小时${minutes}分钟` : `${minutes}分钟`;
}

export const protectionText = (days: number | null) => (days === null ? '终身' : `成交后${days}天`);

import { Tag } from 'antd-mobile';
import { withdrawalStatusLabels, type WithdrawalStatus } from '@haoshi/contracts';
import { statusColors } from './messages';

export function StatusTag({ status }: { status: WithdrawalStatus }) {
  return (
    <Tag color={statusColors[status]} fill="outline" data-testid="withdrawal-status" data-status={status}>
      {withdrawalStatusLabels[status]}
    </Tag>
  );
}

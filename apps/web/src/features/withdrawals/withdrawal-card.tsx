import { Button } from 'antd-mobile';
import { Link } from 'react-router';
import { withdrawalModeLabels, type Withdrawal } from '@haoshi/contracts';
import { formatChinaDateTime } from '@/core/china-time';
import { MethodLabel } from './method-picker';
import { ownerCanCancel } from './owner-actions';
import { withdrawMessages as m } from './messages';
import { StatusTag } from './status-tag';

interface WithdrawalCardProps {
  withdrawal: Withdrawal;
  to: string;
  onCancel?: (id: number) => void;
  cancelling?: boolean;
}

export function WithdrawalCard({ withdrawal, to, onCancel, cancelling }: WithdrawalCardProps) {
  return (
    <article className="withdrawal-card" data-testid={`withdrawal-${withdrawal.id}`}>
      <Link to={to} className="withdrawal-card__main">
        <div className="withdrawal-card__row">
          <strong className="withdrawal-card__amount">¥{withdrawal.amount}</strong>
          <StatusTag status={withdrawal.status} />
        </div>
        <div className="withdrawal-card__row withdrawal-card__meta">
          <MethodLabel method={withdrawal.method} />
          <span>{withdrawalModeLabels[withdrawal.mode]}</span>
        </div>
        <div className="withdrawal-card__row withdrawal-card__meta">
          <span>{formatChinaDateTime(withdrawal.created_at)}</span>
          <span>
            {m.fee} ¥{withdrawal.fee} · {m.received} ¥{withdrawal.received}
          </span>
        </div>
        {withdrawal.reject_reason ? (
          <p className="withdrawal-card__note">
            {m.rejectReason}：{withdrawal.reject_reason}
          </p>
        ) : null}
        {withdrawal.failure_reason ? (
          <p className="withdrawal-card__note">
            {m.failureReason}：{withdrawal.failure_reason}
          </p>
        ) : null}
      </Link>
      {ownerCanCancel(withdrawal.status) && onCancel ? (
        <div className="withdrawal-card__actions">
          <Button size="small" loading={cancelling} onClick={() => onCancel(withdrawal.id)}>
            {m.cancelWithdrawal}
          </Button>
        </div>
      ) : null}
    </article>
  );
}

import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router';
import { withdrawalStatusLabels, type StaffWithdrawal, type WithdrawalStatus } from '@haoshi/contracts';
import { isApiError } from '@/core/http/client';
import { EndlessList } from '@/ui/endless-list';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useStaffList } from './api/staff-list';
import { formatChinaDateTime } from '@/core/china-time';
import { MethodLabel } from './method-picker';
import { staffMessages as s } from './messages';
import { staffRefusal } from './staff-forbidden';
import { StatusTag } from './status-tag';
import './withdrawals.css';

const tabs: readonly (WithdrawalStatus | 'all')[] = [
  'pending_review',
  'paying',
  'paid',
  'rejected',
  'failed',
  'all',
];

function StaffCard({ row }: { row: StaffWithdrawal }) {
  return (
    <Link
      to={`/financeWithdrawDetail?id=${row.id}`}
      className="withdrawal-card withdrawal-card__main"
      data-testid={`staff-withdrawal-${row.id}`}
    >
      <div className="withdrawal-card__row">
        <strong className="withdrawal-card__amount">¥{row.amount}</strong>
        <StatusTag status={row.status} />
      </div>
      <div className="withdrawal-card__row withdrawal-card__meta">
        <span>
          {row.user_nickname} {row.user_phone_masked}
        </span>
        <span>{formatChinaDateTime(row.created_at)}</span>
      </div>
      <div className="withdrawal-card__row withdrawal-card__meta">
        <MethodLabel method={row.method} />
      </div>
    </Link>
  );
}

/** /financeWithdrawList (not in SPEC): finance staff's withdrawal queue by status. */
export default function FinanceWithdrawListScreen() {
  const [status, setStatus] = useState<WithdrawalStatus | 'all'>('pending_review');
  const query = useStaffList(status === 'all' ? undefined : status);
  const refused = query.isError && isApiError(query.error) ? staffRefusal(query.error.code) : undefined;
  if (refused) return refused;
  return (
    <div className="withdraw-screen">
      <Tabs activeKey={status} onChange={(key) => setStatus(key as WithdrawalStatus | 'all')}>
        {tabs.map((key) => (
          <Tabs.Tab key={key} title={key === 'all' ? s.all : withdrawalStatusLabels[key]} />
        ))}
      </Tabs>
      <EndlessList<StaffWithdrawal>
        query={query}
        keyOf={(row) => row.id}
        label={s.queue}
        skeleton={<ScreenSkeleton />}
        empty={
          <StatusScreen
            status="empty"
            title={s.listEmpty}
            description={s.listEmptyHint}
            actions={[]}
            testId="staff-empty"
          />
        }
        renderItem={(row) => <StaffCard row={row} />}
      />
    </div>
  );
}

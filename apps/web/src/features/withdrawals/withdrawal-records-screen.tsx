import { CapsuleTabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { withdrawalStatusLabels, type Withdrawal, type WithdrawalStatus } from '@haoshi/contracts';
import { EndlessList } from '@/ui/endless-list';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useWithdrawList } from './api/withdraw-list';
import { staffMessages, withdrawMessages as m } from './messages';
import { useCancelFlow } from './use-cancel-flow';
import { WithdrawalCard } from './withdrawal-card';
import './withdrawals.css';

const filters: readonly WithdrawalStatus[] = [
  'pending_review',
  'paying',
  'paid',
  'rejected',
  'failed',
  'cancelled',
];

/** /withdrawalRecords (提现记录): the user's withdrawals by status; pending ones can be cancelled. */
export default function WithdrawalRecordsScreen() {
  const [status, setStatus] = useState<WithdrawalStatus | 'all'>('all');
  const query = useWithdrawList(status === 'all' ? undefined : status);
  const navigate = useNavigate();
  const { ask, pendingId } = useCancelFlow();
  return (
    <div className="withdraw-screen">
      <CapsuleTabs activeKey={status} onChange={(key) => setStatus(key as WithdrawalStatus | 'all')}>
        <CapsuleTabs.Tab key="all" title={staffMessages.all} />
        {filters.map((key) => (
          <CapsuleTabs.Tab key={key} title={withdrawalStatusLabels[key]} />
        ))}
      </CapsuleTabs>
      <EndlessList<Withdrawal>
        query={query}
        keyOf={(row) => row.id}
        label={m.records}
        skeleton={<ScreenSkeleton />}
        empty={
          <StatusScreen
            status="empty"
            title={m.listEmpty}
            description={m.listEmptyHint}
            actions={[
              { text: m.goWithdraw, primary: true, onClick: () => void navigate('/withdrawDeposit') },
            ]}
            testId="withdrawals-empty"
          />
        }
        renderItem={(row) => (
          <WithdrawalCard
            withdrawal={row}
            to={`/remitDetail?id=${row.id}`}
            onCancel={(id) => void ask(id)}
            cancelling={pendingId === row.id}
          />
        )}
      />
    </div>
  );
}

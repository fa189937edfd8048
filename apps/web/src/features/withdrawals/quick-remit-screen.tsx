import { useNavigate } from 'react-router';
import { StatusScreen } from '@/ui/status-screen';
import { useWithdrawPage } from './api/withdraw-page';
import { withdrawMessages as m } from './messages';
import { QueryGate } from './query-gate';
import { WithdrawForm } from './withdraw-form';
import './withdrawals.css';

/** /quickRemit (快捷转账): the withdrawal form in quick mode, or why the user cannot use it yet. */
export default function QuickRemitScreen() {
  const page = useWithdrawPage();
  const navigate = useNavigate();
  return (
    <div className="withdraw-screen">
      <QueryGate query={page}>
        {(data) =>
          data.quick_remit.eligible ? (
            <WithdrawForm page={data} mode="quick" />
          ) : (
            <StatusScreen
              status="default"
              title={m.quickNotEligible}
              description={`${data.quick_remit.reason}。${m.quickIntro(
                String(data.quick_remit.rate_bp / 100),
                data.quick_remit.min_fee,
                data.quick_remit.max_amount,
              )}`}
              actions={[
                { text: m.normalWithdraw, primary: true, onClick: () => void navigate('/withdrawDeposit') },
              ]}
              testId="quick-remit-unavailable"
            />
          )
        }
      </QueryGate>
    </div>
  );
}

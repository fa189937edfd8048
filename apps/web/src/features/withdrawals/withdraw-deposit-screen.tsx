import { useWithdrawPage } from './api/withdraw-page';
import { QueryGate } from './query-gate';
import { WithdrawForm } from './withdraw-form';
import './withdrawals.css';

/** /withdrawDeposit (提现): the withdrawal form. */
export default function WithdrawDepositScreen() {
  const page = useWithdrawPage();
  return (
    <div className="withdraw-screen">
      <QueryGate query={page}>{(data) => <WithdrawForm page={data} mode="normal" />}</QueryGate>
    </div>
  );
}

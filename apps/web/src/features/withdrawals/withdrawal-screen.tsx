import { Button } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import { finalWithdrawalStatuses } from '@haoshi/contracts';
import { useWithdrawList } from './api/withdraw-list';
import { useWithdrawPage } from './api/withdraw-page';
import { withdrawMessages as m } from './messages';
import { QueryGate } from './query-gate';
import { useCancelFlow } from './use-cancel-flow';
import { WithdrawalCard } from './withdrawal-card';
import './withdrawals.css';

function InProgress() {
  const list = useWithdrawList();
  const { ask, pendingId } = useCancelFlow();
  const rows = (list.data?.pages[0]?.list ?? []).filter(
    (row) => !finalWithdrawalStatuses.includes(row.status),
  );
  return (
    <section className="withdraw-card" aria-label={m.inProgress}>
      <h2 className="withdraw-card__title">{m.inProgress}</h2>
      {list.isPending ? <p className="withdraw-muted">…</p> : null}
      {!list.isPending && rows.length === 0 ? <p className="withdraw-muted">{m.noneInProgress}</p> : null}
      {rows.map((row) => (
        <WithdrawalCard
          key={row.id}
          withdrawal={row}
          to={`/remitDetail?id=${row.id}`}
          onCancel={(id) => void ask(id)}
          cancelling={pendingId === row.id}
        />
      ))}
    </section>
  );
}

/** /withdrawal (申请提现): the overview of the user's applications; the form is /withdrawDeposit. */
export default function WithdrawalScreen() {
  const page = useWithdrawPage();
  const navigate = useNavigate();
  return (
    <div className="withdraw-screen">
      <QueryGate query={page}>
        {(data) => (
          <>
            <section className="withdraw-balance">
              <span className="withdraw-balance__label">{m.available}</span>
              <strong className="withdraw-balance__value">{data.available}</strong>
              <span className="withdraw-balance__frozen">
                {m.frozen} ¥{data.frozen}
              </span>
              <span className="withdraw-balance__frozen">
                {m.todayUsage(data.today_count, data.daily_max_count, data.today_amount)}
              </span>
            </section>
            <div className="withdraw-actions">
              <Button block color="primary" size="large" onClick={() => void navigate('/withdrawDeposit')}>
                {m.goWithdraw}
              </Button>
            </div>
            <nav className="withdraw-shortcuts" aria-label={m.records}>
              <Link to="/withdrawalRecords">{m.records}</Link>
              <Link to="/quickRemit">{m.quick}</Link>
              <Link to="/autoPayMent">{m.auto}</Link>
              <Link to="/paymentType">{m.methods}</Link>
            </nav>
            <InProgress />
          </>
        )}
      </QueryGate>
    </div>
  );
}

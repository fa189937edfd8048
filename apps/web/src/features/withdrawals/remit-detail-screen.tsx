import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorCodes } from '@haoshi/contracts';
import { StatusScreen } from '@/ui/status-screen';
import { useWithdrawDetail } from './api/withdraw-detail';
import { formatChinaDateTime } from '@/core/china-time';
import { MethodLabel } from './method-picker';
import { withdrawMessages as m } from './messages';
import { QueryGate } from './query-gate';
import { ownerCanCancel } from './owner-actions';
import { DetailHeader, ReasonRows, TimelineCard } from './detail-parts';
import { useCancelFlow } from './use-cancel-flow';
import './withdrawals.css';

/** /remitDetail?id= (提现详情): one withdrawal or quick remit and its progress (polled until final). */
export default function RemitDetailScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const query = useWithdrawDetail(Number.isSafeInteger(id) && id > 0 ? id : 0);
  const navigate = useNavigate();
  const { ask, pendingId } = useCancelFlow();
  const notFound = (
    <StatusScreen
      status="empty"
      title={m.notFound}
      description={m.notFoundHint}
      actions={[{ text: m.backToRecords, primary: true, onClick: () => void navigate('/withdrawalRecords') }]}
      testId="withdrawal-not-found"
    />
  );
  if (!(id > 0)) return notFound;
  return (
    <div className="withdraw-screen">
      <QueryGate
        query={query}
        refusal={(code) => (code === ErrorCodes.WITHDRAWAL_NOT_FOUND ? notFound : undefined)}
      >
        {(detail) => (
          <>
            <DetailHeader
              mode={detail.mode}
              amount={detail.amount}
              status={detail.status}
              statusTestId="withdrawal-detail-status"
            />
            <section className="withdraw-card">
              <dl className="withdraw-rows">
                <dt>{m.fee}</dt>
                <dd>¥{detail.fee}</dd>
                <dt>{m.received}</dt>
                <dd className="withdraw-rows__strong">¥{detail.received}</dd>
                <dt>{m.method}</dt>
                <dd>
                  <MethodLabel method={detail.method} />
                </dd>
                <dt>{m.appliedAt}</dt>
                <dd>{formatChinaDateTime(detail.created_at)}</dd>
                {detail.paid_at ? (
                  <>
                    <dt>{m.paidAt}</dt>
                    <dd>{formatChinaDateTime(detail.paid_at)}</dd>
                  </>
                ) : (
                  <>
                    <dt>{m.arrival}</dt>
                    <dd>{detail.arrival}</dd>
                  </>
                )}
                <ReasonRows rejectReason={detail.reject_reason} failureReason={detail.failure_reason} />
              </dl>
            </section>
            <TimelineCard entries={detail.timeline} />
            {ownerCanCancel(detail.status) ? (
              <div className="withdraw-actions">
                <Button block loading={pendingId === detail.id} onClick={() => void ask(detail.id)}>
                  {m.cancelWithdrawal}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </QueryGate>
    </div>
  );
}

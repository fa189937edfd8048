import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { confirm } from '@/core/confirm';
import { showToast } from '@/core/feedback-ui';
import { useHandleWithdrawal } from './api/staff-handle';
import { useStaffDetail } from './api/staff-detail';
import { formatChinaDateTime } from '@/core/china-time';
import { MethodLabel } from './method-picker';
import { staffMessages as s, withdrawMessages as m } from './messages';
import { QueryGate } from './query-gate';
import { DetailHeader, ReasonRows, TimelineCard } from './detail-parts';
import { RejectSheet } from './reject-sheet';
import { staffRefusal } from './staff-forbidden';
import './withdrawals.css';

/** /financeWithdrawDetail?id= (not in SPEC): one withdrawal for finance staff; approve or reject. */
export default function FinanceWithdrawDetailScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const query = useStaffDetail(Number.isSafeInteger(id) && id > 0 ? id : 0);
  const [rejecting, setRejecting] = useState(false);
  const handle = useHandleWithdrawal(id, (detail) => {
    setRejecting(false);
    showToast({ icon: 'success', content: detail.status === 'rejected' ? s.rejected : s.approved });
  });

  const approve = async (amount: string) => {
    if (await confirm({ title: s.approve, content: s.approveConfirm(amount), confirmText: s.approve })) {
      handle.mutate({ id, action: 'approve' });
    }
  };

  return (
    <div className="withdraw-screen">
      <QueryGate query={query} refusal={staffRefusal}>
        {(detail) => (
          <>
            <DetailHeader
              mode={detail.mode}
              amount={detail.amount}
              status={detail.status}
              statusTestId="staff-detail-status"
            />
            <section className="withdraw-card">
              <dl className="withdraw-rows">
                <dt>{s.user}</dt>
                <dd>
                  {detail.user_nickname} {detail.user_phone_masked}
                </dd>
                <dt>{s.balance}</dt>
                <dd>
                  可用 ¥{detail.user_available} · 冻结 ¥{detail.user_frozen}
                </dd>
                <dt>{s.paidCount}</dt>
                <dd>{detail.user_paid_count} 次</dd>
                <dt>{m.method}</dt>
                <dd>
                  <MethodLabel method={detail.method} />
                </dd>
                <dt>{m.fee}</dt>
                <dd>¥{detail.fee}</dd>
                <dt>{m.received}</dt>
                <dd className="withdraw-rows__strong">¥{detail.received}</dd>
                <dt>{m.appliedAt}</dt>
                <dd>{formatChinaDateTime(detail.created_at)}</dd>
                <ReasonRows rejectReason={detail.reject_reason} failureReason={detail.failure_reason} />
              </dl>
            </section>
            <TimelineCard entries={detail.timeline} />
            {detail.actions.length > 0 ? (
              <div className="withdraw-sheet__actions withdraw-actions">
                {detail.actions.includes('reject') ? (
                  <Button
                    block
                    color="danger"
                    fill="outline"
                    onClick={() => setRejecting(true)}
                    data-testid="staff-reject"
                  >
                    {s.reject}
                  </Button>
                ) : null}
                {detail.actions.includes('approve') ? (
                  <Button
                    block
                    color="primary"
                    loading={handle.isPending && handle.variables.action === 'approve'}
                    onClick={() => void approve(detail.amount)}
                    data-testid="staff-approve"
                  >
                    {s.approve}
                  </Button>
                ) : null}
              </div>
            ) : null}
            <RejectSheet
              open={rejecting}
              submitting={handle.isPending}
              onClose={() => setRejecting(false)}
              onReject={(reasonCode, remark) =>
                handle.mutate({ id, action: 'reject', reason_code: reasonCode, remark })
              }
            />
          </>
        )}
      </QueryGate>
    </div>
  );
}

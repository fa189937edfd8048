import { Button } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import type { PayoutMethodItem } from '@haoshi/contracts';
import { confirm } from '@/core/confirm';
import { showToast } from '@/core/feedback-ui';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useDeletePayoutMethod, usePayoutMethods } from './api/payout-methods';
import { MethodCard } from './method-card';
import { payoutMessages as m } from './messages';
import './payout-methods.css';

/** /paymentType (收款方式): the user's methods, masked, with delete and add. */
export default function PaymentTypeScreen() {
  const methods = usePayoutMethods();
  const navigate = useNavigate();
  const remove = useDeletePayoutMethod(() => showToast(m.deleted));

  const askDelete = async (method: PayoutMethodItem) => {
    if (method.in_use) {
      showToast(m.inUseHint);
      return;
    }
    if (await confirm({ title: m.deleteTitle, content: m.deleteBody(method.account_masked) }))
      remove.mutate(method.id);
  };

  if (methods.isPending) return <ScreenSkeleton />;
  if (methods.isError)
    return (
      <StatusScreen
        status="disconnected"
        title={m.loadFailed}
        description={m.loadFailedHint}
        actions={[{ text: m.retry, primary: true, onClick: () => void methods.refetch() }]}
      />
    );
  const { list, max } = methods.data;
  if (list.length === 0)
    return (
      <StatusScreen
        status="empty"
        title={m.emptyTitle}
        description={m.emptyHint}
        testId="payout-empty"
        actions={[{ text: m.add, primary: true, onClick: () => void navigate('/addPayMentType') }]}
      />
    );
  const full = list.length >= max;
  return (
    <div className="payout-screen">
      <p className="payout-count">{m.count(list.length, max)}</p>
      <ul className="payout-list">
        {list.map((method) => (
          <li key={method.id}>
            <MethodCard method={method}>
              <div className="payout-method__actions">
                <Link to={`/payMentTypeDetail?id=${method.id}`}>{m.detail}</Link>
                <Button
                  size="mini"
                  fill="none"
                  color="danger"
                  aria-label={`${m.delete} ${method.account_masked}`}
                  loading={remove.isPending && remove.variables === method.id}
                  onClick={() => void askDelete(method)}
                >
                  {m.delete}
                </Button>
              </div>
            </MethodCard>
          </li>
        ))}
      </ul>
      {full ? <p className="payout-count">{m.full(max)}</p> : null}
      <Button
        block
        color="primary"
        size="large"
        shape="rounded"
        disabled={full}
        onClick={() => void navigate('/addPayMentType')}
      >
        {m.add}
      </Button>
    </div>
  );
}

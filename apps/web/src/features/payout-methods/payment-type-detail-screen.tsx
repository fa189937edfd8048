import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { payoutMethodTypeLabels } from '@haoshi/contracts';
import { confirm } from '@/core/confirm';
import { showToast } from '@/core/feedback-ui';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useDeletePayoutMethod } from './api/payout-methods';
import { MethodCard } from './method-card';
import { payoutMessages as m } from './messages';
import { useMethodFromQuery } from './use-method-from-query';
import './payout-methods.css';

/** /payMentTypeDetail?id= (收款方式详情): one method, its receive code, change and delete. */
export default function PaymentTypeDetailScreen() {
  const navigate = useNavigate();
  const { methods, method } = useMethodFromQuery();
  const remove = useDeletePayoutMethod(() => {
    showToast(m.deleted);
    void navigate('/paymentType', { replace: true });
  });

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
  if (!method)
    return (
      <StatusScreen
        status="empty"
        title={m.notFoundTitle}
        description={m.notFoundHint}
        actions={[{ text: m.backToList, primary: true, onClick: () => void navigate('/paymentType') }]}
      />
    );

  const askDelete = async () => {
    if (await confirm({ title: m.deleteTitle, content: m.deleteBody(method.account_masked) }))
      remove.mutate(method.id);
  };

  return (
    <div className="payout-screen">
      <MethodCard method={method} />
      <dl className="payout-card payout-facts">
        <div>
          <dt>类型</dt>
          <dd>{payoutMethodTypeLabels[method.type]}</dd>
        </div>
        {method.bank_name ? (
          <div>
            <dt>{m.bank}</dt>
            <dd>{method.bank_name}</dd>
          </div>
        ) : null}
        <div>
          <dt>{m.addedAt}</dt>
          <dd>{method.created_at.slice(0, 10)}</dd>
        </div>
      </dl>
      {method.type === 'wechat' ? (
        <section className="payout-card payout-card--padded" aria-label={m.currentQr}>
          <h3 className="payout-card__title">{m.currentQr}</h3>
          {method.qr_image_url ? (
            <img className="payout-qr__preview" src={method.qr_image_url} alt={m.currentQr} />
          ) : (
            <p className="payout-qr__hint">{m.noQr}</p>
          )}
          <Button
            size="small"
            color="primary"
            fill="outline"
            onClick={() => void navigate(`/changeQrCode?id=${method.id}`)}
          >
            {m.changeQr}
          </Button>
        </section>
      ) : null}
      {method.in_use ? <p className="payout-count">{m.inUseHint}</p> : null}
      <Button
        block
        color="danger"
        fill="outline"
        size="large"
        shape="rounded"
        disabled={method.in_use}
        loading={remove.isPending}
        onClick={() => void askDelete()}
      >
        {m.delete}
      </Button>
    </div>
  );
}

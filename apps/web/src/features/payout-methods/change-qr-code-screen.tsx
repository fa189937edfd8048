import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '@/core/feedback-ui';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useChangeQrCode } from './api/payout-methods';
import { MethodCard } from './method-card';
import { payoutMessages as m } from './messages';
import { QrUploader } from './qr-uploader';
import { useMethodFromQuery } from './use-method-from-query';
import './payout-methods.css';

/** /changeQrCode?id= (更换收款码): upload a new WeChat receive code with progress, then save it. */
export default function ChangeQrCodeScreen() {
  const navigate = useNavigate();
  const { methods, method } = useMethodFromQuery();
  const [qrImage, setQrImage] = useState<string | undefined>();
  const change = useChangeQrCode(() => {
    showToast(m.qrSaved);
    void navigate(-1);
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
  if (!method || method.type !== 'wechat')
    return (
      <StatusScreen
        status="empty"
        title={method ? m.qrWechatOnly : m.notFoundTitle}
        description={m.notFoundHint}
        actions={[{ text: m.backToList, primary: true, onClick: () => void navigate('/paymentType') }]}
      />
    );

  return (
    <div className="payout-screen">
      <MethodCard method={method} />
      {method.qr_image_url ? (
        <section className="payout-card payout-card--padded" aria-label={m.currentQr}>
          <h3 className="payout-card__title">{m.currentQr}</h3>
          <img
            className="payout-qr__preview payout-qr__preview--small"
            src={method.qr_image_url}
            alt={m.currentQr}
          />
        </section>
      ) : null}
      <section className="payout-card payout-card--padded" aria-label={m.changeQr}>
        <h3 className="payout-card__title">{m.changeQr}</h3>
        <QrUploader onUploaded={setQrImage} />
      </section>
      <Button
        block
        color="primary"
        size="large"
        shape="rounded"
        disabled={!qrImage}
        loading={change.isPending}
        onClick={() => {
          if (qrImage) change.mutate({ id: method.id, qr_image: qrImage });
        }}
      >
        {m.saveQr}
      </Button>
    </div>
  );
}

import { Button, Skeleton } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { amountToFen, ErrorCodes } from '@haoshi/contracts';
import { formatFen } from '@/core/amount';
import { goodsDetailPath, goodsShareLink } from '@/core/brands';
import { isNativeApp } from '@/core/channel';
import { showToast } from '@/core/feedback-ui';
import { isApiError } from '@/core/http/errors';
import { resizeImage } from '@/core/image';
import { useIsLoggedIn } from '@/core/storage';
import { QrImage } from '@/ui/qr-image';
import { StatusScreen } from '@/ui/status-screen';
import { useGoodsDetail } from './api/goods-detail';
import { useGoodsQr, useGoodsQrStatus, type GoodsQrState } from './api/goods-qrcode';
import { idParam } from './params';
import { goodsDetailMessages, qrMessages as m } from './messages';
import './goods-detail.css';

const stateText: Record<GoodsQrState, string> = {
  waiting: m.waiting,
  scanned: m.scanned,
  expired: m.expired,
};

/**
 * The code a phone scans: the ticket link of /app/goods/yd/qrcode, so this page learns when it was
 * opened (/status); the plain listing link while no ticket can be had.
 */
function ListingQr({ goodsId, title }: { goodsId: number; title: string }) {
  const qr = useGoodsQr(goodsId);
  const status = useGoodsQrStatus(qr.data?.ticket);
  const plainLink = goodsShareLink(goodsId);
  const content = qr.data ? `${window.location.origin}${qr.data.qr_content}` : plainLink;
  const state: GoodsQrState = status.data?.state ?? 'waiting';
  const expired = state === 'expired';
  if (qr.isPending) return <Skeleton animated className="qr-image qr-image--loading" />;
  return (
    <>
      <div className={expired ? 'goods-qr__code goods-qr__code--expired' : 'goods-qr__code'}>
        <QrImage content={content} label={m.qrLabel(title)} />
      </div>
      <p className={`goods-qr__state goods-qr__state--${state}`} role="status" data-testid="qr-state">
        {qr.isError ? m.waiting : stateText[state]}
      </p>
      {expired ? (
        <Button size="small" color="primary" fill="outline" onClick={() => void qr.refetch()}>
          {m.refresh}
        </Button>
      ) : null}
    </>
  );
}

async function copyLink(goodsId: number) {
  try {
    await navigator.clipboard.writeText(goodsShareLink(goodsId));
    showToast(m.linkCopied);
  } catch {
    showToast(m.copyFailed);
  }
}

/** /goodsQRCode: a poster of the listing with a real QR code, scan state, and how to keep or share it. */
export default function GoodsQrCodeScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const goodsId = idParam(params.get('goods_id'));
  const detail = useGoodsDetail(goodsId, loggedIn);
  const goHome = { text: goodsDetailMessages.goHome, onClick: () => void navigate('/'), primary: true };

  if (goodsId === undefined) {
    return (
      <StatusScreen
        status="empty"
        title={m.missingIdTitle}
        description={m.missingIdBody}
        actions={[goHome]}
        testId="goods-not-found"
      />
    );
  }
  if (detail.isError) {
    const notFound = isApiError(detail.error) && detail.error.code === ErrorCodes.GOODS_NOT_FOUND;
    return (
      <StatusScreen
        status={notFound ? 'empty' : 'disconnected'}
        title={notFound ? goodsDetailMessages.notFoundTitle : goodsDetailMessages.errorTitle}
        description={notFound ? goodsDetailMessages.notFoundBody : goodsDetailMessages.errorBody}
        actions={
          notFound
            ? [goHome]
            : [{ text: goodsDetailMessages.retry, onClick: () => void detail.refetch(), primary: true }]
        }
        testId={notFound ? 'goods-not-found' : 'goods-error'}
      />
    );
  }
  const goods = detail.data;
  return (
    <div className="goods-qr">
      <section className="goods-qr__poster" aria-label={m.title}>
        {goods ? (
          <div className="goods-qr__goods">
            {goods.cover ? <img src={resizeImage(goods.cover, 128, 128)} alt="" /> : null}
            <div>
              <p className="goods-qr__title">{goods.title}</p>
              <p className="goods-qr__price">¥{formatFen(amountToFen(goods.price))}</p>
              <p className="goods-qr__meta">
                {goods.game_name} · {goods.partition_name}
              </p>
            </div>
          </div>
        ) : (
          <Skeleton.Paragraph lineCount={3} animated />
        )}
        <h1 className="goods-qr__heading">{m.title}</h1>
        <ListingQr goodsId={goodsId} title={goods?.title ?? ''} />
      </section>
      <ul className="goods-qr__hints">
        <li>{m.saveHint}</li>
        {isNativeApp() ? <li>{m.shareHint}</li> : null}
      </ul>
      <div className="goods-qr__actions">
        <Button block color="primary" onClick={() => void copyLink(goodsId)}>
          {m.copyLink}
        </Button>
        <Button block onClick={() => void navigate(goodsDetailPath(goodsId))}>
          {m.openDetail}
        </Button>
      </div>
    </div>
  );
}

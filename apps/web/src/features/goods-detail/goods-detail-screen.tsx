import { useNavigate, useSearchParams } from 'react-router';
import { ErrorCodes } from '@haoshi/contracts';
import { isApiError } from '@/core/http/errors';
import { useIsLoggedIn } from '@/core/storage';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useGoodsDetail } from './api/goods-detail';
import { GoodsDetailView } from './goods-detail-view';
import { goodsDetailMessages as m } from './messages';
import { idParam } from './params';
import { variantLayouts, type GoodsDetailVariant } from './variants';
import './goods-detail.css';

/** /goodsDetail and its brand variants: one screen, the variant picks the layout accents. */
export function GoodsDetailScreen({ variant }: { variant: GoodsDetailVariant }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const goodsId = idParam(params.get('goods_id'));
  const detail = useGoodsDetail(goodsId, loggedIn, params.get('qr_ticket') ?? undefined);
  const goHome = { text: m.goHome, onClick: () => void navigate('/'), primary: true };

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
  if (detail.isPending) return <ScreenSkeleton />;
  if (detail.isError) {
    if (isApiError(detail.error) && detail.error.code === ErrorCodes.GOODS_NOT_FOUND) {
      return (
        <StatusScreen
          status="empty"
          title={m.notFoundTitle}
          description={m.notFoundBody}
          actions={[goHome]}
          testId="goods-not-found"
        />
      );
    }
    return (
      <StatusScreen
        status="disconnected"
        title={m.errorTitle}
        description={isApiError(detail.error) ? detail.error.message : m.errorBody}
        actions={[
          { text: m.retry, onClick: () => void detail.refetch(), primary: true },
          { ...goHome, primary: false },
        ]}
        testId="goods-error"
      />
    );
  }
  return (
    <GoodsDetailView
      key={detail.data.id}
      goods={detail.data}
      loggedIn={loggedIn}
      layout={variantLayouts[variant]}
      loadedAt={detail.dataUpdatedAt}
    />
  );
}

export default function StandardGoodsDetailScreen() {
  return <GoodsDetailScreen variant="standard" />;
}

import { useNavigate, useSearchParams } from 'react-router';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useOrderDetail } from './api/order-detail';
import { ConfirmOrder } from './confirm-order';
import { orderMessages as m } from './messages';
import { OrderView } from './order-view';
import { readOrderParams } from './params';
import './orders.css';

function ExistingOrder({ orderNo, openPay }: { orderNo: string; openPay: boolean }) {
  const detail = useOrderDetail(orderNo);
  if (detail.isPending) return <ScreenSkeleton />;
  if (detail.isError) {
    return (
      <StatusScreen
        status="disconnected"
        title={m.loadFailedTitle}
        description={detail.error.message || m.loadFailedBody}
        actions={[{ text: m.retry, primary: true, onClick: () => void detail.refetch() }]}
      />
    );
  }
  return <OrderView order={detail.data} openPay={openPay} />;
}

/**
 * /order_detail: with goods_id it is 确认订单 (the listing and the 包赔 option chosen on its page);
 * with order_no it is the order itself.
 */
export default function OrderDetailScreen() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const params = readOrderParams(search);
  if (params.kind === 'order') return <ExistingOrder orderNo={params.orderNo} openPay={params.openPay} />;
  if (params.kind === 'confirm')
    return (
      <ConfirmOrder
        goodsId={params.goodsId}
        {...(params.guarantee ? { initialGuarantee: params.guarantee } : {})}
        {...(params.bargainId ? { bargainId: params.bargainId } : {})}
      />
    );
  return (
    <StatusScreen
      status="empty"
      title={m.missingTitle}
      description={m.missingBody}
      actions={[{ text: m.goHome, primary: true, onClick: () => void navigate('/') }]}
    />
  );
}

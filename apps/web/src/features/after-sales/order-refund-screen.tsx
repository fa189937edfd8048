import { Button, TextArea, type ImageUploadItem } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { DisputeDetail } from '@haoshi/contracts';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useDisputeDetail } from './api/dispute-detail';
import { useDisputeMessage } from './api/dispute-message';
import { DisputeSummary, MessageThread, OrderTimeline, SettlementCard } from './dispute-parts';
import { EvidencePicker, evidenceKeys } from '@/ui/evidence-picker';
import { OpenDisputeForm } from './open-dispute-form';
import { ResolvePanel } from './resolve-panel';
import './after-sales.css';

function MessageForm({ orderNo }: { orderNo: string }) {
  const [content, setContent] = useState('');
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const send = useDisputeMessage(() => {
    setContent('');
    setImages([]);
  });
  return (
    <div className="after-sales__reply">
      <TextArea
        placeholder="补充说明（勿填写联系方式）"
        value={content}
        onChange={setContent}
        rows={2}
        maxLength={500}
      />
      <EvidencePicker items={images} onChange={setImages} />
      <Button
        color="primary"
        size="small"
        disabled={content.trim().length === 0}
        loading={send.isPending}
        onClick={() =>
          send.mutate({ order_no: orderNo, content: content.trim(), images: evidenceKeys(images) })
        }
      >
        发送留言
      </Button>
    </div>
  );
}

function DisputeView({ detail }: { detail: DisputeDetail }) {
  const open = detail.state === 'open';
  return (
    <div className="after-sales" data-testid="dispute-view">
      <DisputeSummary detail={detail} />
      <SettlementCard detail={detail} />
      {open && detail.viewer_role === 'customer_service' ? <ResolvePanel detail={detail} /> : null}
      <section className="after-sales__section">
        <h2>协商记录</h2>
        <MessageThread detail={detail} />
        {open ? <MessageForm orderNo={detail.order_no} /> : null}
      </section>
      <section className="after-sales__section">
        <h2>订单进度</h2>
        <OrderTimeline entries={detail.timeline} />
      </section>
    </div>
  );
}

/**
 * /orderRefund?order_no=…: 申请售后 when the order has no dispute yet, otherwise its thread; customer
 * service also sees the resolution panel here (reached from /afterSalesSearchList).
 */
export default function OrderRefundScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderNo = params.get('order_no') ?? '';
  const detail = useDisputeDetail(orderNo);
  if (!orderNo)
    return (
      <StatusScreen
        status="empty"
        title="缺少订单信息"
        description="请从订单详情进入申请售后"
        actions={[{ text: '返回我的', primary: true, onClick: () => void navigate('/mine') }]}
      />
    );
  if (detail.isPending) return <ScreenSkeleton />;
  if (detail.isError)
    return (
      <StatusScreen
        status="disconnected"
        title="售后信息加载失败"
        description={detail.error.message}
        actions={[{ text: '重新加载', primary: true, onClick: () => void detail.refetch() }]}
      />
    );
  if (detail.data === null) return <OpenDisputeForm orderNo={orderNo} />;
  return <DisputeView detail={detail.data} />;
}

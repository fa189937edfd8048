import { Button } from 'antd-mobile';
import { showToast } from '@/core/feedback-ui';
import type { OrderHandover } from '@haoshi/contracts';
import { useUrgeOrder } from './api/urge-order';
import { handoverMessages as m } from './messages';

/** 催一催: a party urges the other at a stalled step; the daily limit shows under it. */
export function UrgeButton({ data }: { data: OrderHandover }) {
  const urge = useUrgeOrder(() => showToast({ icon: 'success', content: m.urgeSent }));
  if (data.role !== 'buyer' && data.role !== 'seller') return null;
  const left = data.urges_left_today;
  return (
    <div className="handover__urge">
      <Button
        size="small"
        color="warning"
        disabled={left === 0}
        loading={urge.isPending}
        onClick={() => urge.mutate({ order_no: data.order_no })}
      >
        {m.urge}
      </Button>
      <span className="handover__hint">{left === 0 ? m.urgeNone : m.urgeLeft(left)}</span>
    </div>
  );
}

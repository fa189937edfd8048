import { Button, List, Popup, Radio, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useRequestService } from './api/request-service';
import { useServiceOrders } from './api/service-orders';
import { csMessages as m } from './messages';

/** 联系人工客服: the order the question is about (or none) and a short description. */
export function RequestSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const orders = useServiceOrders(open);
  const [orderId, setOrderId] = useState<number>(0);
  const [question, setQuestion] = useState('');
  const request = useRequestService((session) => {
    onClose();
    void navigate(`/customerServiceChat?id=${session.id}`);
  });
  const list = orders.data?.list ?? [];
  return (
    <Popup visible={open} onMaskClick={request.isPending ? undefined : onClose} bodyClassName="cs-sheet">
      <div role="dialog" aria-label={m.pickOrderTitle}>
        <h2 className="cs-sheet__title">{m.pickOrderTitle}</h2>
        <Radio.Group value={orderId} onChange={(value) => setOrderId(Number(value))}>
          <List>
            <List.Item
              prefix={<Radio value={0} aria-label={m.noOrder} />}
              arrowIcon={false}
              onClick={() => setOrderId(0)}
            >
              {m.noOrder}
            </List.Item>
            {list.map((order) => (
              <List.Item
                key={order.id}
                prefix={<Radio value={order.id} aria-label={order.title} />}
                arrowIcon={false}
                onClick={() => setOrderId(order.id)}
              >
                <div className="cs-order">
                  <span>{order.title}</span>
                  <span className="cs-order__meta">
                    {order.game_name} · ¥{order.price} · {order.state_label}
                  </span>
                </div>
              </List.Item>
            ))}
          </List>
        </Radio.Group>
        {orders.isSuccess && list.length === 0 ? <p className="cs-order__meta">{m.noOrders}</p> : null}
        <label className="cs-label" htmlFor="cs-question">
          {m.questionLabel}
        </label>
        <TextArea
          id="cs-question"
          placeholder={m.questionPlaceholder}
          value={question}
          onChange={setQuestion}
          maxLength={200}
          rows={3}
          showCount
        />
        <div className="cs-sheet__actions">
          <Button block onClick={onClose} disabled={request.isPending}>
            {m.cancel}
          </Button>
          <Button
            block
            color="primary"
            loading={request.isPending}
            onClick={() =>
              request.mutate({ question: question.trim(), ...(orderId > 0 ? { order_id: orderId } : {}) })
            }
          >
            {m.submitRequest}
          </Button>
        </div>
      </div>
    </Popup>
  );
}

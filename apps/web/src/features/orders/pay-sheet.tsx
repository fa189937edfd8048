import { Button, Popup, Radio, Space } from 'antd-mobile';
import { useState } from 'react';
import {
  amountToFen,
  fenToAmount,
  paymentChannelLabels,
  type OrderDetail,
  type OrderPayMethod,
} from '@haoshi/contracts';
import { showToast } from '@/core/feedback-ui';
import { usePayOrder } from './api/pay-order';
import { orderMessages as m } from './messages';

interface PaySheetProps {
  order: OrderDetail;
  visible: boolean;
  onClose: () => void;
}

/** Leaves for the sandbox cashier (a full page of the payments module). */
const openCashier = (url: string) => window.location.assign(url);

/** 选择支付方式: the whole payable from the balance, or the balance first and the rest at the cashier. */
export function PaySheet({ order, visible, onClose }: PaySheetProps) {
  const payableFen = amountToFen(order.payable);
  const balanceFen = amountToFen(order.balance ?? '0');
  const enough = balanceFen >= payableFen;
  const [method, setMethod] = useState<OrderPayMethod>(enough ? 'wallet' : 'wechat');
  // One key per opening of the sheet: a double tap or a retry pays once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const pay = usePayOrder((result) => {
    if (result.cashier_url) {
      openCashier(result.cashier_url);
      return;
    }
    // An earlier cashier payment arrived but did not cover the order: it waits in the balance.
    showToast(result.order.state === 'pending_payment' ? m.paidToWallet : m.paid);
    onClose();
  });
  const rest = fenToAmount(Math.max(0, payableFen - balanceFen));
  const channelNote =
    enough || balanceFen === 0 ? m.channelFull : m.channelSplit(fenToAmount(balanceFen), rest);
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="order-pay" destroyOnClose>
      <h2 className="order-pay__title">{m.payTitle}</h2>
      <p className="order-pay__amount">
        {m.payAmount} <strong data-testid="pay-amount">¥{order.payable}</strong>
      </p>
      <Radio.Group value={method} onChange={(value) => setMethod(value as OrderPayMethod)}>
        <Space direction="vertical" block className="order-pay__methods">
          <Radio value="wallet" disabled={!enough} block>
            <span className="order-pay__method">{m.wallet}</span>
            <span className="order-pay__note">
              {enough ? m.walletBalance(order.balance ?? '0.00') : m.walletShort(order.balance ?? '0.00')}
            </span>
          </Radio>
          {(['wechat', 'alipay'] as const).map((channel) => (
            <Radio key={channel} value={channel} block>
              <span className="order-pay__method">{paymentChannelLabels[channel]}</span>
              <span className="order-pay__note">{channelNote}</span>
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      <Button
        block
        color="primary"
        size="large"
        loading={pay.isPending}
        data-testid="pay-confirm"
        onClick={() => pay.mutate({ request: { order_no: order.order_no, method }, idempotencyKey })}
      >
        {method === 'wallet' || enough ? m.payNow : m.toCashier}
      </Button>
    </Popup>
  );
}

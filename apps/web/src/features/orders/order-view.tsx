import { Button, List, Steps } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  allowedActions,
  orderProcess,
  protocolSignPage,
  type OrderAction,
  type OrderDetail,
  type OrderState,
  type ProcessRole,
  type ProcessTimelineEntry,
} from '@haoshi/contracts';
import { formatChinaDateTime } from '@/core/china-time';
import { confirm } from '@/core/confirm';
import { showToast } from '@/core/feedback-ui';
import { GoodsCard } from '@/ui/goods-card';
import { OrderHandoverPanels } from './handover';
import { roleLabels } from './handover/messages';
import { useCancelOrder } from './api/cancel-order';
import { useConfirmOrder } from './api/confirm-order';
import { usePartyStep } from './api/party-step';
import { actionLabels, orderMessages as m } from './messages';
import { PaySheet } from './pay-sheet';
import { timeLeft, useNow } from './use-now';

/** Nothing is handed over before payment, nor in an order closed unpaid. */
const unpaidStates: readonly OrderState[] = ['pending_payment', 'expired', 'cancelled'];

function DeadlineText({ order }: { order: OrderDetail }) {
  const { pay_by, deliver_by, release_at } = order.deadlines;
  const now = useNow(pay_by !== null);
  if (pay_by)
    return (
      <p className="order-state__deadline" data-testid="order-deadline">
        {m.payLeft(timeLeft(pay_by, now))}
      </p>
    );
  if (deliver_by)
    return (
      <p className="order-state__deadline" data-testid="order-deadline">
        {m.deliverBy(formatChinaDateTime(deliver_by))}
      </p>
    );
  if (release_at)
    return (
      <p className="order-state__deadline" data-testid="order-deadline">
        {m.releaseAt(formatChinaDateTime(release_at))}
      </p>
    );
  return <p className="order-state__deadline">{m.waiting[order.role]}</p>;
}

function Amounts({ order }: { order: OrderDetail }) {
  const navigate = useNavigate();
  const { quote } = order;
  return (
    <List className="order-section" data-testid="order-amounts">
      <List.Item extra={`¥${quote.price}`}>{m.dealPrice}</List.Item>
      {quote.guarantee_code ? (
        <List.Item
          extra={`¥${quote.guarantee_fee}`}
          data-testid="order-guarantee"
          onClick={() => void navigate(`/accOrderOfficialGuarantee?order_no=${order.order_no}`)}
        >
          {m.guaranteeFee}
        </List.Item>
      ) : null}
      {quote.discount !== '0.00' ? (
        <List.Item extra={m.couponOff(quote.discount)}>{m.discount}</List.Item>
      ) : null}
      <List.Item extra={<strong className="order-price">¥{quote.payable}</strong>}>{m.payable}</List.Item>
      {order.escrow !== '0.00' ? <List.Item extra={`¥${order.escrow}`}>{m.escrow}</List.Item> : null}
      {order.role === 'seller' ? (
        <List.Item extra={`¥${quote.seller_income}`}>{m.sellerIncome}</List.Item>
      ) : null}
      {order.gateway_paid !== '0.00' ? (
        <>
          <List.Item extra={`¥${order.wallet_paid}`}>{m.walletPaid}</List.Item>
          <List.Item extra={`¥${order.gateway_paid}`}>{m.gatewayPaid}</List.Item>
        </>
      ) : null}
      <List.Item extra={order.order_no}>{m.orderNo}</List.Item>
      <List.Item extra={formatChinaDateTime(order.created_at)}>{m.createdAt}</List.Item>
      {order.paid_at ? <List.Item extra={formatChinaDateTime(order.paid_at)}>{m.paidAt}</List.Item> : null}
    </List>
  );
}

const actorLabels: Partial<Record<ProcessRole, string>> = roleLabels;

/** A step into a state says the state; one that stays (a signature, a decision) says who did what. */
const stepTitle = (entry: ProcessTimelineEntry) =>
  entry.from === entry.to ? `${actorLabels[entry.actor_role] ?? ''}${entry.action_label}` : entry.to_label;

function Timeline({ order }: { order: OrderDetail }) {
  const entries = [...order.timeline].reverse();
  return (
    <section className="order-section order-timeline" aria-label={m.timeline}>
      <h2 className="order-section__title">{m.timeline}</h2>
      <Steps direction="vertical" current={0}>
        {entries.map((entry, index) => (
          <Steps.Step
            key={`${entry.created_at}-${index}`}
            title={stepTitle(entry)}
            description={`${formatChinaDateTime(entry.created_at)}${entry.reason ? ` · ${entry.reason}` : ''}`}
            status={index === 0 ? 'process' : 'finish'}
          />
        ))}
      </Steps>
    </section>
  );
}

/** /order_detail?order_no=…: the order as the viewer's role sees it; buttons from the process table. */
export function OrderView({ order, openPay }: { order: OrderDetail; openPay: boolean }) {
  const navigate = useNavigate();
  const [paying, setPaying] = useState(openPay && order.state === 'pending_payment');
  const cancel = useCancelOrder();
  const confirmReceipt = useConfirmOrder();
  const partyStep = usePartyStep();
  const take = (step: 'deliver' | 'finish_rebinding') => () =>
    partyStep.mutate({ orderNo: order.order_no, step });
  const handlers: Partial<Record<OrderAction, () => void>> = {
    ...(order.role === 'seller' ? { deliver: take('deliver') } : {}),
    ...(order.role === 'buyer' ? { finish_rebinding: take('finish_rebinding') } : {}),
    dispute: () => void navigate(`/orderRefund?order_no=${order.order_no}`),
    pay: () => (order.cashier_url ? window.location.assign(order.cashier_url) : setPaying(true)),
    cancel: () =>
      void confirm({ content: m.cancelAsk }).then((yes) => {
        if (yes) cancel.mutate(order.order_no, { onSuccess: () => showToast(m.cancelled) });
      }),
    confirm_receipt: () =>
      void confirm({ content: m.confirmAsk }).then((yes) => {
        if (yes) confirmReceipt.mutate(order.order_no, { onSuccess: () => showToast(m.confirmed) });
      }),
  };
  const buttons = allowedActions(orderProcess, order.state, [order.role]).filter(
    (action) => handlers[action],
  );
  return (
    <div className="order-screen" data-testid="order-detail">
      <section className={`order-state order-state--${order.state}`}>
        <span className="order-state__role">{m.roleLabels[order.role]}</span>
        <h2 className="order-state__label" data-testid="order-state">
          {order.state_label}
        </h2>
        <DeadlineText order={order} />
        {order.cashier_url ? <p className="order-state__deadline">{m.cashierPending}</p> : null}
      </section>
      <section className="order-section order-goods">
        <GoodsCard goods={order.goods} />
      </section>
      <Amounts order={order} />
      {unpaidStates.includes(order.state) ? null : <OrderHandoverPanels orderNo={order.order_no} />}
      {order.state === 'signing' && order.role !== 'customer_service' ? (
        <section className="order-section">
          <Button
            block
            shape="rounded"
            color="primary"
            data-testid="order-sign-protocol"
            onClick={() => void navigate(protocolSignPage(order.order_no))}
          >
            {m.signProtocol}
          </Button>
        </section>
      ) : null}
      {order.state === 'completed' && order.role !== 'customer_service' ? (
        <section className="order-section">
          <Button
            block
            shape="rounded"
            data-testid="order-evaluate"
            onClick={() => void navigate(`/goodEvaluateMakeOut?order_no=${order.order_no}`)}
          >
            {m.evaluate}
          </Button>
        </section>
      ) : null}
      <Timeline order={order} />
      {buttons.length > 0 ? (
        <footer className="order-bar order-bar--actions">
          {buttons.map((action) => (
            <Button
              key={action}
              shape="rounded"
              color={action === 'cancel' || action === 'dispute' ? 'default' : 'primary'}
              loading={
                (action === 'cancel' && cancel.isPending) ||
                (action === 'confirm_receipt' && confirmReceipt.isPending) ||
                ((action === 'deliver' || action === 'finish_rebinding') && partyStep.isPending)
              }
              data-testid={`order-action-${action}`}
              onClick={handlers[action]}
            >
              {action === 'pay' && order.cashier_url ? m.openCashier : actionLabels[action]}
            </Button>
          ))}
        </footer>
      ) : null}
      {order.state === 'pending_payment' && order.role === 'buyer' ? (
        <PaySheet order={order} visible={paying} onClose={() => setPaying(false)} />
      ) : null}
    </div>
  );
}

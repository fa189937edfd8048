import { Button, SpinLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CONFIRM_POLL_LIMIT_MS, useRechargeConfirm } from './api/confirm-recharge';
import { goToCashier } from './go-to-cashier';
import { rechargeMessages as text } from './messages';

interface Props {
  orderNo: string;
  /** Starts a new recharge on the same screen. */
  onAgain: () => void;
}

/** Back from the cashier: polls the order until it is paid or closed, then says what happened. */
export function RechargeResult({ orderNo, onAgain }: Props) {
  const navigate = useNavigate();
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const query = useRechargeConfirm(orderNo, startedAt);
  const order = query.data;
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setExpired(true), CONFIRM_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [startedAt]);
  const slow = order?.status === 'pending' && expired;

  let icon: 'success' | 'waiting' | 'closed' | 'error';
  let title: string;
  let hint: string;
  if (query.isError && !order) {
    icon = 'error';
    title = text.resultFailed;
    hint = text.resultFailedHint;
  } else if (!order || order.status === 'pending') {
    icon = 'waiting';
    title = slow ? text.resultSlow : text.resultPending;
    hint = slow ? text.resultSlowHint : text.resultPendingHint;
  } else if (order.status === 'paid') {
    icon = 'success';
    title = text.resultPaid;
    hint = order.beneficiary_phone
      ? text.resultProxyPaidHint(order.amount, order.beneficiary_phone)
      : text.resultPaidHint(order.amount);
  } else {
    icon = 'closed';
    title = text.resultClosed;
    hint = text.resultClosedHint;
  }

  const checkAgain = () => {
    setExpired(false);
    setStartedAt(Date.now());
    void query.refetch();
  };

  return (
    <div className="recharge-result" data-testid="recharge-result" data-status={order?.status ?? 'unknown'}>
      <div className={`recharge-result__icon recharge-result__icon--${icon}`} aria-hidden="true">
        {icon === 'waiting' && !slow ? <SpinLoading color="currentColor" /> : icon === 'success' ? '✓' : '!'}
      </div>
      <h1 role="status">{title}</h1>
      {order ? <p className="recharge-result__amount">¥{order.amount}</p> : null}
      <p className="recharge-result__hint">{hint}</p>
      <p className="recharge-result__order">
        {text.orderNo} {orderNo}
      </p>
      <div className="recharge-result__actions">
        {order?.status === 'paid' ? (
          <Button block color="primary" size="large" onClick={() => void navigate('/wallet')}>
            {text.viewWallet}
          </Button>
        ) : null}
        {order?.status === 'pending' && order.cashier_url ? (
          <Button block color="primary" size="large" onClick={() => goToCashier(order.cashier_url)}>
            {text.continuePay}
          </Button>
        ) : null}
        {(order?.status === 'pending' && slow) || (query.isError && !order) ? (
          <Button block size="large" onClick={checkAgain}>
            {text.checkAgain}
          </Button>
        ) : null}
        <Button block size="large" onClick={onAgain}>
          {text.rechargeAgain}
        </Button>
        <button type="button" className="recharge-link" onClick={() => void navigate('/rechargeRecords')}>
          {text.viewRecords}
        </button>
      </div>
    </div>
  );
}

import { Skeleton } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { paymentChannelLabels, rechargeStatusLabels, type RechargeOrder } from '@haoshi/contracts';
import { EndlessList } from '@/ui/endless-list';
import { StatusScreen } from '@/ui/status-screen';
import { useRechargeRecords } from './api/recharge-records';
import { formatChinaDateTime } from '@/core/china-time';
import { rechargeMessages as text } from './messages';
import { RequireLogin } from '@/ui/require-login';
import './recharge.css';

function RecordRow({ order }: { order: RechargeOrder }) {
  const navigate = useNavigate();
  const open = () => void navigate(`/personRecharge?order_no=${order.order_no}`);
  return (
    <button type="button" className="recharge-record" onClick={open} data-testid="recharge-record">
      <span className="recharge-record__main">
        <strong>
          {paymentChannelLabels[order.channel]}充值
          {order.beneficiary_phone ? (
            <small>
              {' '}
              · {text.proxyTo} {order.beneficiary_phone}
            </small>
          ) : null}
        </strong>
        <time dateTime={order.created_at}>{formatChinaDateTime(order.created_at)}</time>
      </span>
      <span className="recharge-record__side">
        <strong className={order.status === 'paid' ? 'recharge-record__amount--paid' : undefined}>
          {order.status === 'paid' ? '+' : ''}¥{order.amount}
        </strong>
        <span className={`recharge-status recharge-status--${order.status}`}>
          {rechargeStatusLabels[order.status]}
        </span>
      </span>
    </button>
  );
}

function Records() {
  const navigate = useNavigate();
  const query = useRechargeRecords();
  return (
    <div className="recharge-records">
      <EndlessList
        query={query}
        keyOf={(order) => order.order_no}
        renderItem={(order) => <RecordRow order={order} />}
        label={text.recordsLabel}
        errorTitle={text.recordsError}
        skeleton={
          <div className="recharge-records__skeleton" role="status" aria-busy="true" aria-label="加载中">
            <Skeleton.Paragraph lineCount={8} animated />
          </div>
        }
        empty={
          <StatusScreen
            status="empty"
            title={text.recordsEmpty}
            description={text.recordsEmptyHint}
            actions={[
              { text: text.goRecharge, primary: true, onClick: () => void navigate('/personRecharge') },
            ]}
            testId="recharge-records-empty"
          />
        }
      />
    </div>
  );
}

/** /rechargeRecords: the user's recharge orders, newest first, with status, amount and time. */
export default function RechargeRecordsScreen() {
  return (
    <RequireLogin>
      <Records />
    </RequireLogin>
  );
}

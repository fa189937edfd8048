import { Button, Card, Result } from 'antd-mobile';
import { useNavigate } from 'react-router';
import type { EvaluationMain } from '@haoshi/contracts';
import { formatChinaDateTime } from '@/core/china-time';
import { RequireLogin } from '@/ui/require-login';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useEvaluationMain } from './api/evaluation-main';
import { useOrderNoParam } from './order-no';
import './evaluations.css';

function Offer({ main }: { main: EvaluationMain }) {
  return (
    <div className="evaluations__offer" data-testid="cashback-offer">
      <strong>¥{main.offer.amount}</strong> 评价返现
      <p>
        交易完成后 {main.offer.window_days} 天内，买家文字评价满 {main.offer.min_chars}{' '}
        字即返现到钱包余额，每笔订单一次。
      </p>
      <p>返现与评分高低无关，请如实评价。</p>
    </div>
  );
}

function ReturnCash() {
  const orderNo = useOrderNoParam();
  const navigate = useNavigate();
  const main = useEvaluationMain(orderNo);
  if (main.isPending) return <ScreenSkeleton />;
  if (main.isError)
    return (
      <StatusScreen
        status="disconnected"
        title="返现信息加载失败"
        description={main.error.message}
        actions={[{ text: '重新加载', primary: true, onClick: () => void main.refetch() }]}
      />
    );
  const order = main.data.order;
  const cashback = order?.cashback;
  const todo = main.data.todo.filter((item) => item.role === 'buyer');
  return (
    <div className="evaluations">
      <Offer main={main.data} />
      {order && cashback?.status === 'paid' && cashback.paid_at ? (
        <Result
          status="success"
          title={`¥${cashback.amount} 已返现到钱包`}
          description={`${formatChinaDateTime(cashback.paid_at)} · 订单 ${order.order_no}`}
        />
      ) : null}
      {order && cashback?.status === 'none' ? (
        <Card title={order.goods.title}>
          <p className="evaluations__meta">
            {order.can_evaluate
              ? '评价后即可领取返现'
              : order.mine
                ? '该评价文字不足，未获得返现'
                : order.reason}
          </p>
        </Card>
      ) : null}
      {todo.map((item) => (
        <Card key={item.order_no} title={item.goods.title} data-testid="cashback-todo">
          <p className="evaluations__meta">请在 {formatChinaDateTime(item.evaluate_by)} 前评价</p>
          <div className="evaluations__actions">
            <Button
              size="small"
              color="primary"
              onClick={() => void navigate(`/goodEvaluateMakeOut?order_no=${item.order_no}`)}
            >
              评价领返现
            </Button>
          </div>
        </Card>
      ))}
      {!order && todo.length === 0 ? (
        <StatusScreen
          status="empty"
          title="暂无可领取返现的订单"
          description="购买的订单完成后即可评价领取返现"
          actions={[{ text: '去逛逛', primary: true, onClick: () => void navigate('/') }]}
        />
      ) : null}
    </div>
  );
}

/** /goodsEvaluateReturnCash[?order_no=…]: the 评价返现 offer, an order's cash back, orders still eligible. */
export default function GoodsEvaluateReturnCashScreen() {
  return (
    <RequireLogin>
      <ReturnCash />
    </RequireLogin>
  );
}

import { Button, Card } from 'antd-mobile';
import { useNavigate } from 'react-router';
import type { EvaluableOrder } from '@haoshi/contracts';
import { RequireLogin } from '@/ui/require-login';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useEvaluationMain } from './api/evaluation-main';
import { EvaluationCard } from './evaluation-parts';
import { useOrderNoParam } from './order-no';
import './evaluations.css';

function OrderEvaluations({ order }: { order: EvaluableOrder }) {
  const navigate = useNavigate();
  const other = order.role === 'buyer' ? '卖家' : '买家';
  return (
    <div className="evaluations" data-testid="order-evaluations">
      <Card title={order.goods.title}>
        <p className="evaluations__meta">订单 {order.order_no}</p>
        {order.can_evaluate ? (
          <div className="evaluations__actions">
            <Button
              size="small"
              color="primary"
              onClick={() => void navigate(`/goodEvaluateMakeOut?order_no=${order.order_no}`)}
            >
              去评价
            </Button>
          </div>
        ) : null}
      </Card>
      {order.mine ? (
        <EvaluationCard evaluation={order.mine} title="我的评价" />
      ) : (
        <p className="evaluations__meta">
          {order.can_evaluate ? '你还没有评价' : `你未评价（${order.reason}）`}
        </p>
      )}
      {order.theirs ? (
        <EvaluationCard evaluation={order.theirs} title={`${other}的评价`} />
      ) : (
        <p className="evaluations__meta">{other}暂未评价</p>
      )}
    </div>
  );
}

function ServiceEvaluation() {
  const orderNo = useOrderNoParam();
  const navigate = useNavigate();
  const main = useEvaluationMain(orderNo);
  if (main.isPending) return <ScreenSkeleton />;
  if (main.isError)
    return (
      <StatusScreen
        status="disconnected"
        title="评价加载失败"
        description={main.error.message}
        actions={[{ text: '重新加载', primary: true, onClick: () => void main.refetch() }]}
      />
    );
  if (!main.data.order)
    return (
      <StatusScreen
        status="empty"
        title="请选择订单"
        description="在我的评价中选择一笔订单查看"
        actions={[{ text: '去我的评价', primary: true, onClick: () => void navigate('/evaluateList') }]}
      />
    );
  return <OrderEvaluations order={main.data.order} />;
}

/**
 * /evaluationService?order_no=…: the evaluations of one order, both ways, each with its rating of
 * the platform's service; the way to write mine while the window is open.
 */
export default function EvaluationServiceScreen() {
  return (
    <RequireLogin>
      <ServiceEvaluation />
    </RequireLogin>
  );
}

import { Card, Tag } from 'antd-mobile';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { OrderPlan } from '@haoshi/contracts';
import { formatChinaDateTime } from '@/core/china-time';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useOrderPlan } from './api/order-plan';
import { ClaimItems } from './claim-parts';
import { FileClaimForm } from './file-claim-form';
import { planStatusColors, protectionText, remainingText } from './labels';
import './guarantee.css';

function PlanCard({ plan }: { plan: OrderPlan }) {
  return (
    <Card
      title={plan.goods.title}
      extra={
        <Tag color={planStatusColors[plan.status]} data-testid="plan-status">
          {plan.status_label}
        </Tag>
      }
    >
      <dl className="guarantee__facts">
        <dt>订单号</dt>
        <dd>{plan.order_no}</dd>
        <dt>成交价</dt>
        <dd>¥{plan.price}</dd>
        <dt>包赔方案</dt>
        <dd>{plan.plan ? plan.plan.name : '未购买'}</dd>
        {plan.plan ? (
          <>
            <dt>保障期</dt>
            <dd>{protectionText(plan.plan.protection_days)}</dd>
            <dt>赔付比例</dt>
            <dd>成交价的{plan.plan.compensation_ratio}</dd>
            {plan.refunded === '0.00' ? null : (
              <>
                <dt>售后已退还</dt>
                <dd>¥{plan.refunded}</dd>
              </>
            )}
            <dt>最高赔付</dt>
            <dd>¥{plan.plan.max_compensation}</dd>
            <dt>服务费</dt>
            <dd>¥{plan.plan.fee}</dd>
          </>
        ) : null}
        {plan.completed_at ? (
          <>
            <dt>订单完成</dt>
            <dd>{formatChinaDateTime(plan.completed_at)}</dd>
          </>
        ) : null}
        {plan.covered_until ? (
          <>
            <dt>保障截止</dt>
            <dd>{formatChinaDateTime(plan.covered_until)}</dd>
          </>
        ) : null}
      </dl>
      {plan.status === 'in_force' ? (
        <p className="guarantee__text">
          剩余保障时间{' '}
          <span className="guarantee__remaining" data-testid="plan-remaining">
            {plan.remaining_seconds === null ? '终身有效' : remainingText(plan.remaining_seconds)}
          </span>
        </p>
      ) : null}
      {plan.plan ? (
        <>
          <p className="guarantee__text">保障范围：</p>
          <ul>
            {plan.plan.covers.map((cover) => (
              <li key={cover}>{cover}</li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}

/**
 * /accOrderOfficialGuarantee?order_no=…: what the order's 包赔 plan covers, whether it is in force
 * and for how long; its claims; and, for the buyer of a covered order, the claim form.
 */
export default function AccOrderOfficialGuaranteeScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderNo = params.get('order_no') ?? '';
  const plan = useOrderPlan(orderNo);
  if (!orderNo)
    return (
      <StatusScreen
        status="empty"
        title="缺少订单信息"
        description="请从订单详情进入查看包赔保障"
        actions={[
          { text: '查看包赔方案', primary: true, onClick: () => void navigate('/officialGuarantee') },
        ]}
      />
    );
  if (plan.isPending) return <ScreenSkeleton />;
  if (plan.isError)
    return (
      <StatusScreen
        status="disconnected"
        title="包赔信息加载失败"
        description={plan.error.message}
        actions={[{ text: '重新加载', primary: true, onClick: () => void plan.refetch() }]}
      />
    );
  const data = plan.data;
  return (
    <div className="guarantee" data-testid="order-plan">
      <PlanCard plan={data} />
      {data.claims.length > 0 ? (
        <section className="guarantee__section">
          <h2>找回申请</h2>
          <ClaimItems
            items={data.claims}
            path={(item) => `/offlineRetrievalDetails?claim_no=${item.claim_no}`}
          />
        </section>
      ) : null}
      {data.can_claim ? (
        <FileClaimForm orderNo={data.order_no} />
      ) : data.viewer_role === 'buyer' && data.status !== 'claimed' ? (
        <p className="guarantee__lead">{data.reason}</p>
      ) : null}
      {data.plan === null ? (
        <p className="guarantee__lead">
          该订单未购买包赔。了解
          <Link to="/officialGuarantee">官方包赔方案</Link>
        </p>
      ) : null}
    </div>
  );
}

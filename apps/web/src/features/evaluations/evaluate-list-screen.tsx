import { Button, Card, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { evaluationRoleLabels, type EvaluableOrder, type EvaluationTab } from '@haoshi/contracts';
import { formatChinaDateTime } from '@/core/china-time';
import { RequireLogin } from '@/ui/require-login';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useMyEvaluations } from './api/my-evaluations';
import { EvaluationCard } from './evaluation-parts';
import './evaluations.css';

function OrderItem({ order, tab }: { order: EvaluableOrder; tab: EvaluationTab }) {
  const navigate = useNavigate();
  const go = (path: string) => void navigate(`${path}?order_no=${order.order_no}`);
  return (
    <Card
      title={order.goods.title}
      extra={<span className="evaluations__meta">{evaluationRoleLabels[order.role]}</span>}
      data-testid="evaluable-order"
    >
      <p className="evaluations__meta">
        {tab === 'todo' ? `请在 ${formatChinaDateTime(order.evaluate_by)} 前评价` : `订单 ${order.order_no}`}
      </p>
      {tab === 'done' && order.mine ? <EvaluationCard evaluation={order.mine} title="我的评价" /> : null}
      <div className="evaluations__actions">
        {tab === 'todo' ? (
          <Button size="small" color="primary" onClick={() => go('/goodEvaluateMakeOut')}>
            去评价
          </Button>
        ) : (
          <Button size="small" onClick={() => go('/evaluationService')}>
            查看双方评价
          </Button>
        )}
      </div>
    </Card>
  );
}

function TabList({ tab }: { tab: EvaluationTab }) {
  const list = useMyEvaluations(tab);
  if (list.isPending) return <ScreenSkeleton />;
  if (list.isError)
    return (
      <StatusScreen
        status="disconnected"
        title="评价加载失败"
        description={list.error.message}
        actions={[{ text: '重新加载', primary: true, onClick: () => void list.refetch() }]}
      />
    );
  const orders = list.data.pages.flatMap((page) => page.list);
  if (orders.length === 0)
    return (
      <StatusScreen
        status="empty"
        title={tab === 'todo' ? '没有待评价的订单' : '还没有评价过订单'}
        description="交易完成后可在15天内评价对方"
        actions={[{ text: '刷新', onClick: () => void list.refetch() }]}
        testId={`evaluations-empty-${tab}`}
      />
    );
  return (
    <div className="evaluations">
      {orders.map((order) => (
        <OrderItem key={order.order_no} order={order} tab={tab} />
      ))}
      {list.hasNextPage ? (
        <Button block fill="none" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          加载更多
        </Button>
      ) : null}
    </div>
  );
}

/** /evaluateList: my evaluations, to do and done. */
export default function EvaluateListScreen() {
  const [tab, setTab] = useState<EvaluationTab>('todo');
  return (
    <RequireLogin>
      <Tabs activeKey={tab} onChange={(key) => setTab(key as EvaluationTab)}>
        <Tabs.Tab key="todo" title="待评价" />
        <Tabs.Tab key="done" title="已评价" />
      </Tabs>
      <TabList key={tab} tab={tab} />
    </RequireLogin>
  );
}

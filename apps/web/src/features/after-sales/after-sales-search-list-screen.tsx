import { Button, List, SearchBar, Tabs, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatChinaDateTime } from '@/core/china-time';
import { RequireStaff } from '@/ui/require-staff';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useStaffDisputes, type DisputeQueueState } from './api/staff-disputes';
import { roleLabels } from './labels';
import './after-sales.css';

function Queue({ state, q }: { state: DisputeQueueState; q: string }) {
  const navigate = useNavigate();
  const list = useStaffDisputes(state, q);
  if (list.isPending) return <ScreenSkeleton />;
  if (list.isError)
    return (
      <StatusScreen
        status="disconnected"
        title="售后工单加载失败"
        description={list.error.message}
        actions={[{ text: '重新加载', primary: true, onClick: () => void list.refetch() }]}
      />
    );
  const items = list.data.pages.flatMap((page) => page.list);
  if (items.length === 0)
    return (
      <StatusScreen
        status="empty"
        title={q ? '没有找到该订单的售后' : state === 'open' ? '暂无待处理的售后' : '暂无已处理的售后'}
        description={q ? '请核对订单号后重新搜索' : '新的售后申请会出现在这里'}
        actions={[{ text: '刷新', primary: true, onClick: () => void list.refetch() }]}
        testId="disputes-empty"
      />
    );
  return (
    <>
      <List>
        {items.map((item) => (
          <List.Item
            key={item.order_no}
            data-testid="dispute-item"
            onClick={() => void navigate(`/orderRefund?order_no=${item.order_no}`)}
            description={
              <span className="after-sales__item-meta">
                {item.order_no} · {roleLabels[item.opened_by]}申请 · {formatChinaDateTime(item.created_at)}
              </span>
            }
            extra={
              item.state === 'open' ? (
                <Tag color={item.can_resolve ? 'warning' : 'default'}>
                  {item.can_resolve ? '待处理' : '本人订单'}
                </Tag>
              ) : (
                <Tag color="success">已处理</Tag>
              )
            }
          >
            {item.reason_label} · ¥{item.escrow} · {item.goods_title}
          </List.Item>
        ))}
      </List>
      {list.hasNextPage ? (
        <Button block fill="none" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          加载更多
        </Button>
      ) : null}
    </>
  );
}

/** /afterSalesSearchList: customer service's queue of disputes, searchable by order no. */
export default function AfterSalesSearchListScreen() {
  const [state, setState] = useState<DisputeQueueState>('open');
  const [q, setQ] = useState('');
  return (
    <RequireStaff>
      <SearchBar
        placeholder="输入订单号搜索"
        onSearch={(value) => setQ(value.trim())}
        onClear={() => setQ('')}
      />
      <Tabs activeKey={state} onChange={(key) => setState(key as DisputeQueueState)}>
        <Tabs.Tab key="open" title="待处理" />
        <Tabs.Tab key="resolved" title="已处理" />
      </Tabs>
      <Queue key={`${state}-${q}`} state={state} q={q} />
    </RequireStaff>
  );
}

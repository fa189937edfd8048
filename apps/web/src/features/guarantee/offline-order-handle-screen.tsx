import { Button, SearchBar, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { ClaimStaffTab } from '@haoshi/contracts';
import { RequireStaff } from '@/ui/require-staff';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useClaimDetail } from './api/claim-detail';
import { useStaffClaims } from './api/staff-claims';
import { ClaimItems, ClaimSummary, ClaimTimeline } from './claim-parts';
import { ReviewPanel } from './review-panel';
import './guarantee.css';

function Queue({ tab, q }: { tab: ClaimStaffTab; q: string }) {
  const list = useStaffClaims(tab, q);
  if (list.isPending) return <ScreenSkeleton />;
  if (list.isError)
    return (
      <StatusScreen
        status="disconnected"
        title="找回工单加载失败"
        description={list.error.message}
        actions={[{ text: '重新加载', primary: true, onClick: () => void list.refetch() }]}
      />
    );
  const items = list.data.pages.flatMap((page) => page.list);
  if (items.length === 0)
    return (
      <StatusScreen
        status="empty"
        title={q ? '没有找到该找回申请' : tab === 'open' ? '暂无待处理的找回申请' : '暂无已处理的找回申请'}
        description={q ? '请核对找回单号或订单号后重新搜索' : '买家提交的找回包赔申请会出现在这里'}
        actions={[{ text: '刷新', primary: true, onClick: () => void list.refetch() }]}
        testId="claims-queue-empty"
      />
    );
  return (
    <>
      <ClaimItems items={items} path={(item) => `/offlineOrderHandle?claim_no=${item.claim_no}`} />
      {list.hasNextPage ? (
        <Button block fill="none" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          加载更多
        </Button>
      ) : null}
    </>
  );
}

function QueueView() {
  const navigate = useNavigate();
  const [tab, setTab] = useState<ClaimStaffTab>('open');
  const [q, setQ] = useState('');
  return (
    <>
      <SearchBar
        placeholder="输入找回单号或订单号"
        onSearch={(value) => setQ(value.trim())}
        onClear={() => setQ('')}
      />
      <Tabs activeKey={tab} onChange={(key) => setTab(key as ClaimStaffTab)}>
        <Tabs.Tab key="open" title="待处理" />
        <Tabs.Tab key="done" title="已处理" />
      </Tabs>
      <Queue key={`${tab}-${q}`} tab={tab} q={q} />
      <Button block fill="none" onClick={() => void navigate('/offlineOrderData')}>
        查看找回赔付数据
      </Button>
    </>
  );
}

function ClaimHandle({ claimNo }: { claimNo: string }) {
  const detail = useClaimDetail(claimNo);
  if (detail.isPending) return <ScreenSkeleton />;
  if (detail.isError)
    return (
      <StatusScreen
        status="disconnected"
        title="找回申请加载失败"
        description={detail.error.message}
        actions={[{ text: '重新加载', primary: true, onClick: () => void detail.refetch() }]}
      />
    );
  return (
    <div className="guarantee" data-testid="claim-handle">
      <ClaimSummary detail={detail.data} />
      {detail.data.viewer_role === 'customer_service' ? <ReviewPanel detail={detail.data} /> : null}
      <section className="guarantee__section">
        <h2>处理进度</h2>
        <ClaimTimeline entries={detail.data.timeline} />
      </section>
    </div>
  );
}

/**
 * /offlineOrderHandle[?claim_no=]: customer service's 找回包赔 work: the queue (待处理 / 已处理,
 * searchable), and one claim with its review panel and the payment.
 */
export default function OfflineOrderHandleScreen() {
  const [params] = useSearchParams();
  const claimNo = params.get('claim_no') ?? '';
  return <RequireStaff>{claimNo ? <ClaimHandle claimNo={claimNo} /> : <QueueView />}</RequireStaff>;
}

import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { formatChinaDate } from '@/core/china-time';
import { GoodsCard } from '@/ui/goods-card';
import { GoodsListSkeleton } from '@/ui/goods-card';
import { StatusScreen } from '@/ui/status-screen';
import { useResellList } from './api/resell-list';
import './guarantee.css';

/**
 * /resellList: accounts the user bought and kept (completed purchases not lost to a claim); 转卖
 * opens the publish flow with the bought listing's game chosen (the server names the path).
 */
export default function ResellListScreen() {
  const navigate = useNavigate();
  const list = useResellList();
  if (list.isPending) return <GoodsListSkeleton />;
  if (list.isError)
    return (
      <StatusScreen
        status="disconnected"
        title="可转卖账号加载失败"
        description={list.error.message}
        actions={[{ text: '重新加载', primary: true, onClick: () => void list.refetch() }]}
      />
    );
  const items = list.data.pages.flatMap((page) => page.list);
  if (items.length === 0)
    return (
      <StatusScreen
        status="empty"
        title="暂无可转卖的账号"
        description="在平台买到并完成交易的账号会出现在这里，可一键转卖"
        actions={[{ text: '去逛逛', primary: true, onClick: () => void navigate('/') }]}
        testId="resell-empty"
      />
    );
  return (
    <div className="guarantee">
      {items.map((item) => (
        <div key={item.order_no} className="guarantee__section" data-testid="resell-item">
          <GoodsCard goods={item.goods} />
          <p className="guarantee__lead">
            买入价 ¥{item.price} · {formatChinaDate(item.completed_at)} 完成
          </p>
          <div className="guarantee__actions">
            <Button
              size="small"
              onClick={() => void navigate(`/accOrderOfficialGuarantee?order_no=${item.order_no}`)}
            >
              包赔保障
            </Button>
            <Button size="small" color="primary" onClick={() => void navigate(item.publish_path)}>
              转卖
            </Button>
          </div>
        </div>
      ))}
      {list.hasNextPage ? (
        <Button block fill="none" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          加载更多
        </Button>
      ) : null}
    </div>
  );
}

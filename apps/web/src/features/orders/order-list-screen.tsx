import { Button, CapsuleTabs, Tabs } from 'antd-mobile';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  orderSideLabels,
  orderSides,
  orderTabLabels,
  orderTabs,
  type OrderListItem,
  type OrderSide,
  type OrderTab,
} from '@haoshi/contracts';
import { formatChinaDateTime } from '@/core/china-time';
import { GoodsListSkeleton } from '@/ui/goods-card';
import { StatusScreen } from '@/ui/status-screen';
import { useOrderList } from './api/order-list';
import { orderMessages as m } from './messages';
import './orders.css';

const sideOf = (value: string | null): OrderSide => (value === 'sell' ? 'sell' : 'buy');
const tabOf = (value: string | null): OrderTab =>
  (orderTabs as readonly string[]).includes(value ?? '') ? (value as OrderTab) : 'all';

function OrderRow({ item }: { item: OrderListItem }) {
  return (
    <Link to={`/order_detail?order_no=${item.order_no}`} className="order-row" data-testid="order-row">
      <header className="order-row__head">
        <span className="order-row__time">{formatChinaDateTime(item.created_at)}</span>
        <span className={`order-row__state order-row__state--${item.state}`}>{item.state_label}</span>
      </header>
      <div className="order-row__body">
        <img
          className="order-row__cover"
          src={item.goods.cover}
          alt=""
          width={64}
          height={64}
          loading="lazy"
        />
        <div className="order-row__info">
          <h3 className="order-row__title">{item.goods.title}</h3>
          <p className="order-row__meta">
            {item.goods.game_name} · {item.goods.partition_name}
          </p>
          <p className="order-row__amount">{m.payable2(item.payable)}</p>
        </div>
      </div>
    </Link>
  );
}

function OrderRows({ side, tab }: { side: OrderSide; tab: OrderTab }) {
  const navigate = useNavigate();
  const list = useOrderList(side, tab);
  if (list.isPending) return <GoodsListSkeleton count={3} />;
  if (list.isError) {
    return (
      <StatusScreen
        status="disconnected"
        title={m.loadFailedTitle}
        description={m.loadFailedBody}
        actions={[{ text: m.retry, primary: true, onClick: () => void list.refetch() }]}
      />
    );
  }
  const rows = list.data.pages.flatMap((page) => page.list);
  if (rows.length === 0) {
    return side === 'buy' ? (
      <StatusScreen
        status="empty"
        title={m.emptyBuy}
        description={m.emptyBuyHint}
        actions={[{ text: m.goShopping, primary: true, onClick: () => void navigate('/productList') }]}
        testId="orders-empty"
      />
    ) : (
      <StatusScreen
        status="empty"
        title={m.emptySell}
        description={m.emptySellHint}
        actions={[{ text: m.goPublish, primary: true, onClick: () => void navigate('/publishGoods') }]}
        testId="orders-empty"
      />
    );
  }
  return (
    <div className="order-rows">
      {rows.map((item) => (
        <OrderRow key={item.order_no} item={item} />
      ))}
      {list.hasNextPage ? (
        <Button block fill="none" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {m.loadMore}
        </Button>
      ) : (
        <p className="order-note order-note--block">{m.noMore}</p>
      )}
    </div>
  );
}

/** /afterSalesList (我的订单): 我买到的 / 我卖出的, tabs by state with their counts. */
export default function OrderListScreen() {
  const [search, setSearch] = useSearchParams();
  const side = sideOf(search.get('side'));
  const tab = tabOf(search.get('tab'));
  // Counts come with every list answer; the 全部 list of the side is always asked.
  const all = useOrderList(side, 'all');
  const counts = all.data?.pages[0]?.counts;
  const go = (next: { side?: OrderSide; tab?: OrderTab }) =>
    setSearch({ side: next.side ?? side, tab: next.tab ?? tab }, { replace: true });
  return (
    <div className="order-list-screen">
      <Tabs activeKey={side} onChange={(key) => go({ side: sideOf(key), tab: 'all' })}>
        {orderSides.map((candidate) => (
          <Tabs.Tab key={candidate} title={orderSideLabels[candidate]} />
        ))}
      </Tabs>
      <CapsuleTabs activeKey={tab} onChange={(key) => go({ tab: tabOf(key) })}>
        {orderTabs.map((candidate) => (
          <CapsuleTabs.Tab
            key={candidate}
            title={
              counts && counts[candidate] > 0
                ? `${orderTabLabels[candidate]} ${counts[candidate]}`
                : orderTabLabels[candidate]
            }
          />
        ))}
      </CapsuleTabs>
      <OrderRows side={side} tab={tab} />
    </div>
  );
}

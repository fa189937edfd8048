import { InfiniteScroll, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { GoodsData, GoodsStatus, MyGoodsItem } from '@haoshi/contracts';
import { confirm } from '@/core/confirm';
import { showToast } from '@/core/feedback-ui';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useGoodsAction } from './api/goods-actions';
import { useMyGoods } from './api/my-goods';
import { myGoodsMessages as text, publishMessages } from './messages';
import { isGoodsStatus, myGoodsTabs, type SellerButton } from './my-goods/my-goods-actions';
import { MyGoodsCard } from './my-goods/my-goods-card';
import { RepriceSheet } from './my-goods/reprice-sheet';
import './publish.css';

const resultText = (data: GoodsData, action: SellerButton): string => {
  if (action === 'shelf_off') return text.shelvedOff;
  if (data.status === 'on_sale') return text.shelvedOn;
  if (data.status === 'draft') return data.review_note || publishMessages.rejected;
  return text.submittedOk;
};

function GoodsTab({ status }: { status: GoodsStatus }) {
  const navigate = useNavigate();
  const goods = useMyGoods(status);
  const [repricing, setRepricing] = useState<MyGoodsItem | null>(null);
  const action = useGoodsAction((data, done) =>
    showToast({
      icon: data.status === 'draft' ? 'fail' : 'success',
      content: resultText(
        data,
        done.kind === 'shelf' ? (done.request.action === 'on' ? 'shelf_on' : 'shelf_off') : 'submit',
      ),
    }),
  );

  const onAction = async (item: MyGoodsItem, button: SellerButton) => {
    switch (button) {
      case 'edit':
        void navigate(`/publishGoods?goods_id=${item.id}`);
        return;
      case 'reprice':
        setRepricing(item);
        return;
      case 'shelf_off':
        if (await confirm({ content: text.shelfOffConfirm, confirmText: text.shelfOff }))
          action.mutate({ kind: 'shelf', request: { goods_id: item.id, action: 'off' } });
        return;
      case 'shelf_on':
        action.mutate({ kind: 'shelf', request: { goods_id: item.id, action: 'on' } });
        return;
      case 'submit':
        action.mutate({ kind: 'submit', goodsId: item.id });
    }
  };

  if (goods.isPending) return <ScreenSkeleton />;
  if (goods.isError)
    return (
      <StatusScreen
        status="disconnected"
        title={publishMessages.loadFailed}
        description={publishMessages.loadFailedHint}
        actions={[{ text: publishMessages.retry, primary: true, onClick: () => void goods.refetch() }]}
      />
    );
  const items = goods.data.pages.flatMap((page) => page.list);
  if (items.length === 0)
    return (
      <StatusScreen
        status="empty"
        title={text.empty}
        description={text.emptyHint}
        actions={[{ text: text.publish, primary: true, onClick: () => void navigate('/publishGoods') }]}
        testId="my-goods-empty"
      />
    );
  return (
    <div className="my-goods__list">
      {items.map((item) => (
        <MyGoodsCard
          key={item.id}
          item={item}
          busy={action.isPending}
          onAction={(target, button) => void onAction(target, button)}
        />
      ))}
      <InfiniteScroll
        hasMore={goods.hasNextPage}
        loadMore={async () => {
          await goods.fetchNextPage();
        }}
      >
        {goods.hasNextPage ? undefined : text.noMore}
      </InfiniteScroll>
      <RepriceSheet
        item={repricing}
        onClose={() => setRepricing(null)}
        onDone={(data) => {
          setRepricing(null);
          showToast({ icon: 'success', content: text.repriced(data.price) });
        }}
      />
    </div>
  );
}

/** /myGoods (login): the seller's listings by state, with shelf on/off, submit, edit and 改价. */
export default function MyGoodsScreen() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status: GoodsStatus = isGoodsStatus(requested) ? requested : 'on_sale';
  return (
    <div className="my-goods">
      <Tabs
        activeKey={status}
        onChange={(key) => setParams({ status: key }, { replace: true })}
        className="my-goods__tabs"
      >
        {myGoodsTabs.map((tab) => (
          <Tabs.Tab key={tab.status} title={tab.title} />
        ))}
      </Tabs>
      <GoodsTab key={status} status={status} />
    </div>
  );
}

import { Avatar, Button, Skeleton } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { confirm } from '@/core/confirm';
import { showToast } from '@/core/feedback-ui';
import { EndlessList } from '@/ui/endless-list';
import { StatusScreen } from '@/ui/status-screen';
import { useFollowedStores, useUnfollowStore } from './api/followed-stores';
import { GuestGate } from './guest-gate';
import { favouritesMessages as m } from './messages';
import './favourites.css';

function RowsSkeleton() {
  return (
    <div className="favourites__rows-skeleton" role="status" aria-busy="true" aria-label="加载中">
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="favourites__row">
          <Skeleton animated className="favourites__avatar-skeleton" />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ))}
    </div>
  );
}

function FollowedStores() {
  const navigate = useNavigate();
  const stores = useFollowedStores();
  const unfollow = useUnfollowStore(() => showToast({ icon: 'success', content: m.unfollowed }));
  const askUnfollow = async (sellerId: number, name: string) => {
    if (await confirm({ content: m.unfollowConfirm(name), confirmText: m.unfollow }))
      unfollow.mutate(sellerId);
  };
  return (
    <EndlessList
      query={stores}
      keyOf={(store) => store.seller_id}
      renderItem={(store) => (
        <div className="favourites__row" data-testid="followed-store">
          <Avatar alt="" src={store.avatar} className="favourites__avatar" />
          <div className="favourites__row-body">
            <strong>{store.store_name}</strong>
            <span className="favourites__row-line">
              {m.storeStats(store.rating, store.on_sale, store.followers)}
            </span>
          </div>
          <Button
            size="mini"
            shape="rounded"
            loading={unfollow.isPending && unfollow.variables === store.seller_id}
            onClick={() => void askUnfollow(store.seller_id, store.store_name)}
            aria-label={`${m.unfollow}：${store.store_name}`}
          >
            {m.unfollow}
          </Button>
        </div>
      )}
      skeleton={<RowsSkeleton />}
      errorTitle={m.loadFailed}
      label={m.attentionLabel}
      empty={
        <StatusScreen
          status="empty"
          title={m.attentionEmpty}
          description={m.attentionEmptyBody}
          actions={[{ text: m.goShopping, primary: true, onClick: () => void navigate('/') }]}
          testId="attention-empty"
        />
      }
    />
  );
}

/** /attention (我的关注): followed stores, each with unfollow. */
export default function AttentionScreen() {
  return (
    <div className="favourites">
      <GuestGate>
        <FollowedStores />
      </GuestGate>
    </div>
  );
}

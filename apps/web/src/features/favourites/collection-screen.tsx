import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import type { SavedGoodsItem } from '@haoshi/contracts';
import { confirm } from '@/core/confirm';
import { showToast } from '@/core/feedback-ui';
import { EndlessList } from '@/ui/endless-list';
import { GoodsCard, GoodsListSkeleton } from '@/ui/goods-card';
import { StatusScreen } from '@/ui/status-screen';
import { useFavourites, useRemoveFavourite } from './api/favourites';
import { formatChinaDayLabel } from '@/core/china-time';
import { GuestGate } from './guest-gate';
import { favouritesMessages as m } from './messages';
import './favourites.css';

function SavedItem({
  item,
  onRemove,
  removing,
}: {
  item: SavedGoodsItem;
  onRemove: () => void;
  removing: boolean;
}) {
  const inactive = item.status !== 'on_sale';
  return (
    <div className="favourites__item">
      <GoodsCard
        goods={item}
        inactive={inactive}
        extra={
          <>
            {inactive ? <span className="favourites__status">{item.status_label}</span> : null}
            {m.savedAt(formatChinaDayLabel(item.at))}
          </>
        }
      />
      <div className="favourites__actions">
        <Button
          size="mini"
          shape="rounded"
          loading={removing}
          onClick={onRemove}
          aria-label={`${m.remove}：${item.title}`}
        >
          {m.remove}
        </Button>
      </div>
    </div>
  );
}

function Collection() {
  const navigate = useNavigate();
  const favourites = useFavourites();
  const remove = useRemoveFavourite(() => showToast({ icon: 'success', content: m.removed }));
  const askRemove = async (goodsId: number) => {
    if (await confirm({ content: m.removeConfirm, confirmText: m.remove })) remove.mutate(goodsId);
  };
  return (
    <EndlessList
      query={favourites}
      keyOf={(item) => item.id}
      renderItem={(item) => (
        <SavedItem
          item={item}
          removing={remove.isPending && remove.variables === item.id}
          onRemove={() => void askRemove(item.id)}
        />
      )}
      skeleton={<GoodsListSkeleton count={5} />}
      errorTitle={m.loadFailed}
      label={m.collectionLabel}
      empty={
        <StatusScreen
          status="empty"
          title={m.collectionEmpty}
          description={m.collectionEmptyBody}
          actions={[{ text: m.goShopping, primary: true, onClick: () => void navigate('/') }]}
          testId="collection-empty"
        />
      }
    />
  );
}

/** /collection (我的收藏): saved listings, sold or taken-down ones greyed, each removable. */
export default function CollectionScreen() {
  return (
    <div className="favourites">
      <GuestGate>
        <Collection />
      </GuestGate>
    </div>
  );
}

import { Avatar, Button } from 'antd-mobile';
import type { SellerCard as SellerCardData } from '@haoshi/contracts';
import { showToast } from '@/core/feedback-ui';
import { startLoginFlow } from '@/core/login-flow';
import { resizeImage } from '@/core/image';
import { useFollowStore, useFollowing } from './api/follow-store';
import { formatChinaDate } from '@/core/china-time';
import { goodsDetailMessages as m } from './messages';

interface SellerCardProps {
  seller: SellerCardData;
  loggedIn: boolean;
  isMine: boolean;
  /** Shows the store's other listings (the list page cannot filter by store yet). */
  onVisitStore: () => void;
}

function FollowButton({ sellerId, loggedIn }: { sellerId: number; loggedIn: boolean }) {
  const following = useFollowing(sellerId, loggedIn);
  const follow = useFollowStore(sellerId, (result) =>
    showToast(result.following ? m.followed : m.unfollowed),
  );
  const isFollowing = loggedIn && following.data === true;
  return (
    <Button
      size="small"
      shape="rounded"
      color={isFollowing ? 'default' : 'primary'}
      fill={isFollowing ? 'outline' : 'solid'}
      loading={follow.isPending}
      disabled={loggedIn && following.isPending}
      onClick={() => {
        if (!loggedIn) startLoginFlow();
        else follow.mutate(!isFollowing);
      }}
    >
      {isFollowing ? m.following : m.follow}
    </Button>
  );
}

/** Who sells: store name, rating, deals, followers, follow/unfollow and a way into the store. */
export function SellerCard({ seller, loggedIn, isMine, onVisitStore }: SellerCardProps) {
  return (
    <section className="goods-detail__card seller-card" aria-labelledby="goods-seller-title">
      <h2 id="goods-seller-title" className="goods-detail__heading">
        {m.sellerTitle}
      </h2>
      <div className="seller-card__head">
        <Avatar
          alt=""
          src={seller.avatar ? resizeImage(seller.avatar, 96, 96) : ''}
          className="seller-card__avatar"
        />
        <div className="seller-card__who">
          <strong className="seller-card__name">{seller.store_name}</strong>
          <span className="seller-card__joined">{m.sellerJoined(formatChinaDate(seller.joined_at))}</span>
        </div>
        {isMine ? null : <FollowButton sellerId={seller.id} loggedIn={loggedIn} />}
      </div>
      {seller.intro ? <p className="seller-card__intro">{seller.intro}</p> : null}
      <dl className="seller-card__stats">
        <div>
          <dt>{m.sellerRating}</dt>
          <dd>{seller.rating}</dd>
        </div>
        <div>
          <dt>{m.sellerDeals}</dt>
          <dd>{seller.deals}</dd>
        </div>
        <div>
          <dt>{m.sellerFollowers}</dt>
          <dd>{seller.followers}</dd>
        </div>
        <div>
          <dt>{m.sellerOnSale}</dt>
          <dd>{seller.on_sale}</dd>
        </div>
      </dl>
      <button type="button" className="seller-card__store-link" onClick={onVisitStore}>
        {m.visitStore}
      </button>
    </section>
  );
}

import { Button, Tag } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { platformLabels, type MyGoodsItem } from '@haoshi/contracts';
import { goodsDetailPath } from '@/core/brands';
import { resizeImage } from '@/core/image';
import { myGoodsMessages as text } from '../messages';
import { sellerButtons, type SellerButton } from './my-goods-actions';

interface MyGoodsCardProps {
  item: MyGoodsItem;
  busy: boolean;
  onAction: (item: MyGoodsItem, action: SellerButton) => void;
}

const statusColors: Record<MyGoodsItem['status'], string> = {
  on_sale: 'success',
  pending_review: 'warning',
  draft: 'default',
  off_shelf: 'default',
  locked: 'primary',
  sold: 'danger',
};

/** One of the seller's listings: opens its detail page; the buttons its state allows. */
export function MyGoodsCard({ item, busy, onAction }: MyGoodsCardProps) {
  const navigate = useNavigate();
  const buttons = sellerButtons(item.status);
  return (
    <article className="my-goods-card" data-testid="my-goods-card" data-goods-id={item.id}>
      <a
        className="my-goods-card__main"
        href={goodsDetailPath(item.id)}
        onClick={(event) => {
          event.preventDefault();
          void navigate(goodsDetailPath(item.id));
        }}
      >
        {item.cover ? (
          <img className="my-goods-card__cover" src={resizeImage(item.cover, 200)} alt="" loading="lazy" />
        ) : (
          <div className="my-goods-card__cover my-goods-card__cover--empty" />
        )}
        <div className="my-goods-card__text">
          <h3 className="my-goods-card__title">{item.title}</h3>
          <p className="my-goods-card__meta">
            {item.game_name} · {platformLabels[item.platform]} · {item.partition_name}
          </p>
          <div className="my-goods-card__line">
            <span className="my-goods-card__price">¥{item.price}</span>
            <Tag color={statusColors[item.status]} fill="outline">
              {item.status_label}
            </Tag>
          </div>
        </div>
      </a>
      {item.review_note ? (
        <p className="my-goods-card__note">
          {text.reviewNote}
          {item.review_note}
        </p>
      ) : null}
      {buttons.length > 0 ? (
        <div className="my-goods-card__actions">
          {buttons.map((button) => (
            <Button
              key={button.action}
              size="small"
              color={button.action === 'shelf_on' || button.action === 'submit' ? 'primary' : 'default'}
              fill={button.action === 'shelf_off' ? 'outline' : 'solid'}
              disabled={busy}
              onClick={() => onAction(item, button.action)}
            >
              {button.label}
            </Button>
          ))}
        </div>
      ) : null}
    </article>
  );
}

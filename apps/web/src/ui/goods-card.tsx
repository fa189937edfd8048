import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { GoodsCard as GoodsCardData, HighlightRange } from '@haoshi/contracts';
import { shortAmount } from '@/core/amount';
import { densitySrcSet, resizeImage } from '@/core/image';
import { countText, goodsDetailPath } from './goods-format';
import { goodsTagOrder, goodsTagText, platformText } from './goods-labels';
import { HighlightText } from './highlight-text';
import './goods-card.css';

/** Cover edge in CSS px at the 375 px design; copies for 1×–3× screens, 2× when srcset is unknown. */
const COVER_PX = 100;

export { countText, goodsDetailPath };
export { GoodsCardSkeleton, GoodsListSkeleton } from './goods-card-skeleton';

/** A list card: any goods card payload, with the matched words of a search when it has them. */
export type GoodsCardItem = GoodsCardData & { title_marks?: readonly HighlightRange[] };

export interface GoodsCardProps {
  goods: GoodsCardItem;
  /** Shown under the price row: a status or a time. Not interactive: the whole card is a link. */
  extra?: ReactNode;
  /** Greys the card out (sold or taken-down listings in favourites and footprints). */
  inactive?: boolean;
}

/** One listing in a list: cover, title, game · partition · platform, tags, price and counts. */
export function GoodsCard({ goods, extra, inactive = false }: GoodsCardProps) {
  const tags = goodsTagOrder.filter((tag) => goods.tags.includes(tag));
  return (
    <Link
      to={goodsDetailPath(goods.id)}
      className={inactive ? 'goods-card goods-card--inactive' : 'goods-card'}
      data-testid="goods-card"
    >
      <img
        className="goods-card__cover"
        src={resizeImage(goods.cover, COVER_PX * 2, COVER_PX * 2)}
        srcSet={densitySrcSet(goods.cover, { width: COVER_PX, height: COVER_PX })}
        width={COVER_PX}
        height={COVER_PX}
        alt=""
        loading="lazy"
        decoding="async"
      />
      <div className="goods-card__body">
        <h3 className="goods-card__title">
          <HighlightText text={goods.title} marks={goods.title_marks} />
        </h3>
        <p className="goods-card__meta">
          {goods.game_name}
          <span aria-hidden="true"> · </span>
          {goods.partition_name}
          <span aria-hidden="true"> · </span>
          {platformText[goods.platform]}
        </p>
        {tags.length > 0 ? (
          <ul className="goods-card__tags" aria-label="标签">
            {tags.map((tag) => (
              <li key={tag} className={`goods-card__tag goods-card__tag--${tag}`}>
                {goodsTagText[tag]}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="goods-card__bottom">
          <span className="goods-card__price" aria-label={`价格${shortAmount(goods.price)}元`}>
            <small>¥</small>
            {shortAmount(goods.price)}
          </span>
          {goods.original_price ? (
            <s className="goods-card__original" aria-label={`原价${shortAmount(goods.original_price)}元`}>
              ¥{shortAmount(goods.original_price)}
            </s>
          ) : null}
          <span className="goods-card__counts">
            {countText(goods.favourites)}收藏 · {countText(goods.views)}浏览
          </span>
        </div>
        {extra ? <div className="goods-card__extra">{extra}</div> : null}
      </div>
    </Link>
  );
}

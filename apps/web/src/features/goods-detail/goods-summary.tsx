import { amountToFen, type GoodsDetail } from '@haoshi/contracts';
import { formatFen } from '@/core/amount';
import { goodsTagOrder, goodsTagText, platformText } from '@/ui/goods-labels';
import { formatChinaDate } from '@/core/china-time';
import { goodsDetailMessages as m } from './messages';

/** Price, title, tags, counts, and where the account lives (game, partition, system). */
export function GoodsSummary({ goods, favourites }: { goods: GoodsDetail; favourites: number }) {
  const tags = goodsTagOrder.filter((tag) => goods.tags.includes(tag));
  const showOriginal =
    goods.original_price !== null && amountToFen(goods.original_price) > amountToFen(goods.price);
  return (
    <section className="goods-detail__card goods-summary" aria-label="商品信息">
      <div className="goods-summary__price-row">
        <span className="goods-summary__price" data-testid="goods-price">
          <small>¥</small>
          {formatFen(amountToFen(goods.price))}
        </span>
        {showOriginal && goods.original_price ? (
          <s className="goods-summary__original" aria-label={`${m.originalPrice}${goods.original_price}元`}>
            ¥{goods.original_price}
          </s>
        ) : null}
        <span className="goods-summary__counts">
          {m.views(goods.views)} · {m.favourites(favourites)}
        </span>
      </div>
      <h1 className="goods-summary__title">{goods.title}</h1>
      {tags.length > 0 ? (
        <ul className="goods-summary__tags" aria-label="标签">
          {tags.map((tag) => (
            <li key={tag} className={`goods-summary__tag goods-summary__tag--${tag}`}>
              {goodsTagText[tag]}
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="goods-summary__facts">
        <div>
          <dt>{m.game}</dt>
          <dd>{goods.game_name}</dd>
        </div>
        <div>
          <dt>{m.partition}</dt>
          <dd>{goods.partition_name}</dd>
        </div>
        <div>
          <dt>{m.platform}</dt>
          <dd>{platformText[goods.platform]}</dd>
        </div>
      </dl>
      {goods.listed_at ? (
        <p className="goods-summary__listed">{m.listedAt(formatChinaDate(goods.listed_at))}</p>
      ) : null}
    </section>
  );
}

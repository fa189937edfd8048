import { Link } from 'react-router';
import type { GoodsDetail } from '@haoshi/contracts';
import { guaranteeQuotes } from './purchase';
import { yuanText } from '@/core/amount';
import { goodsDetailMessages as m } from './messages';

/** The 包赔 options this listing offers, each with what it costs at this price and how long it covers. */
export function GuaranteeOptions({ goods, emphasised }: { goods: GoodsDetail; emphasised: boolean }) {
  const quotes = guaranteeQuotes(goods);
  return (
    <section
      className={
        emphasised ? 'goods-detail__card guarantee guarantee--emphasised' : 'goods-detail__card guarantee'
      }
      aria-labelledby="goods-guarantee-title"
    >
      <h2 id="goods-guarantee-title" className="goods-detail__heading">
        {m.guaranteeTitle}
        <Link className="goods-detail__heading-link" to="/mhbCompensation">
          {m.guaranteeMore}
        </Link>
      </h2>
      {emphasised && quotes.length > 0 ? <p className="guarantee__banner">{m.guaranteeBanner}</p> : null}
      {quotes.length === 0 ? (
        <p className="goods-detail__muted">{m.guaranteeNone}</p>
      ) : (
        <ul className="guarantee__list">
          {quotes.map((quote) => (
            <li key={quote.code} className="guarantee__option" data-testid={`guarantee-${quote.code}`}>
              <div className="guarantee__name">
                <strong>{quote.name}</strong>
                <span>{m.guaranteeDays(quote.protectionDays)}</span>
              </div>
              <p className="guarantee__description">{quote.description}</p>
              <span className="guarantee__fee">+{yuanText(quote.feeFen)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { Link } from 'react-router';
import type { Game, GoodsCard, HomeIndex, NoticeSummary } from '@haoshi/contracts';
import { resizeImage } from '@/core/image';
import { shortAmount } from '@/core/amount';
import { goodsDetailPath } from '@/ui/goods-format';
import { homeMessages } from './messages';

export function productListPath(gameId: number): string {
  return `/productList?game_id=${gameId}`;
}

export function keywordSearchPath(keyword: string): string {
  return `/search_goods_list?keyword=${encodeURIComponent(keyword)}`;
}

/** A path of this app ('/x'), not another site ('//host'). */
export function isInAppPath(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//');
}

export function HotKeywords({ keywords }: { keywords: readonly string[] }) {
  if (keywords.length === 0) return null;
  return (
    <nav className="home__keywords" aria-label="热门搜索">
      {keywords.slice(0, 6).map((keyword) => (
        <Link key={keyword} to={keywordSearchPath(keyword)}>
          {keyword}
        </Link>
      ))}
    </nav>
  );
}

export function NoticeLine({ notices }: { notices: readonly NoticeSummary[] }) {
  const first = notices[0];
  if (!first) return null;
  return (
    <Link to={`/noticeDetails?id=${first.id}`} className="home__notice">
      <span className="home__notice-label">{homeMessages.noticeLabel}</span>
      <span className="home__notice-title">{first.title}</span>
      <span aria-hidden="true">›</span>
    </Link>
  );
}

export function GameGrid({ games }: { games: readonly Game[] }) {
  if (games.length === 0) return null;
  return (
    <section className="home__card">
      <h2 className="home__title">{homeMessages.gamesTitle}</h2>
      <nav className="home__games" aria-label={homeMessages.gamesLabel}>
        {games.slice(0, 10).map((game) => (
          <Link key={game.id} to={productListPath(game.id)} className="home__game">
            <img src={resizeImage(game.icon, 96, 96)} alt="" loading="lazy" decoding="async" />
            <span>{game.name}</span>
          </Link>
        ))}
      </nav>
    </section>
  );
}

const ENTRY_TONES = 6;

export function QuickEntries({ entries }: { entries: HomeIndex['entries'] }) {
  if (entries.length === 0) return null;
  return (
    <nav className="home__entries" aria-label={homeMessages.entriesLabel}>
      {entries.map((entry, index) =>
        isInAppPath(entry.link) ? (
          <Link key={entry.key} to={entry.link} className="home__entry">
            {/* The icon field names an icon, not a picture: a tinted tile with the first character. */}
            <span className={`home__entry-icon home__entry-icon--${index % ENTRY_TONES}`} aria-hidden="true">
              {entry.title.slice(0, 1)}
            </span>
            <span>{entry.title}</span>
          </Link>
        ) : null,
      )}
    </nav>
  );
}

export function HotItems({ items }: { items: readonly GoodsCard[] }) {
  if (items.length === 0) return null;
  return (
    <section className="home__card">
      <h2 className="home__title">
        {homeMessages.hotTitle}
        <Link to="/search_goods_list?sort=hot" className="home__more">
          {homeMessages.hotMore} ›
        </Link>
      </h2>
      <ul className="home__hot" aria-label={homeMessages.hotTitle}>
        {items.map((item) => (
          <li key={item.id}>
            <Link to={goodsDetailPath(item.id)} className="home__hot-item">
              <img src={resizeImage(item.cover, 240, 240)} alt="" loading="lazy" decoding="async" />
              <span className="home__hot-title">{item.title}</span>
              <span className="home__hot-price">¥{shortAmount(item.price)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The home's top half while /index_v13 loads: same blocks, same heights (CSS shimmer only). */
export function HomeTopSkeleton() {
  return (
    <div className="home__skeleton" role="status" aria-busy="true" aria-label="加载中">
      <div className="home__banner-skeleton home__shimmer" />
      <div className="home__card home__games-skeleton home__shimmer" />
    </div>
  );
}

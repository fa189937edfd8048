import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { getCurrentBrand } from '@/core/brands';
import { BrandLogo } from '@/ui/brand-logo';
import { SearchIcon } from '@/ui/icons';
import { StatusScreen } from '@/ui/status-screen';
import { useHomeIndex } from './api/home-index';
import { useHotItems } from './api/hot-items';
import { useNearViewport } from '@/ui/use-near-viewport';
import { BannerCarousel } from './banner-carousel';
import { GameGrid, HomeTopSkeleton, HotItems, HotKeywords, NoticeLine, QuickEntries } from './home-sections';
import { homeMessages } from './messages';
import './home.css';

function HomeTop() {
  const index = useHomeIndex();
  const hot = useHotItems();
  if (index.isPending) return <HomeTopSkeleton />;
  if (index.isError) {
    return (
      <StatusScreen
        status="disconnected"
        title={homeMessages.loadFailedTitle}
        description={homeMessages.loadFailedBody}
        actions={[{ text: homeMessages.retry, primary: true, onClick: () => void index.refetch() }]}
        testId="home-error"
      />
    );
  }
  const { banners, games, entries, notices, hot_keywords: keywords } = index.data;
  return (
    <>
      <HotKeywords keywords={keywords} />
      <BannerCarousel banners={banners} />
      <NoticeLine notices={notices} />
      <GameGrid games={games} />
      <QuickEntries entries={entries} />
      {hot.data ? <HotItems items={hot.data.list} /> : null}
    </>
  );
}

/** Below the first screen: its code (card, endless list) loads as the user scrolls towards it. */
const RecommendFeed = lazy(() => import('./recommend-feed'));

/** A plain block of the feed's height: the skeleton cards would load the card's code. */
function FeedPlaceholder() {
  return <div className="home__feed-placeholder" role="status" aria-busy="true" aria-label="加载中" />;
}

function RecommendSection() {
  // Watched from its own top edge, without a margin: on a phone the feed starts just below the
  // first screen, so its code loads on the first scroll rather than with the first visit.
  const { ref, near } = useNearViewport<HTMLDivElement>('0px');
  return (
    <section className="home__feed">
      <h2 className="home__title">{homeMessages.recommendTitle}</h2>
      <div ref={ref}>
        {near ? (
          <Suspense fallback={<FeedPlaceholder />}>
            <RecommendFeed />
          </Suspense>
        ) : (
          <FeedPlaceholder />
        )}
      </div>
    </section>
  );
}

/** / and /home: search, banners, games, notices, hot items and the endless recommended feed. */
export default function HomeScreen() {
  const brand = getCurrentBrand();
  // The feed waits for the first screen, so it starts below it rather than under a short skeleton.
  const index = useHomeIndex();
  const hot = useHotItems();
  const firstScreenSettled = !index.isPending && !hot.isPending;
  return (
    <div className="home">
      <header className="home__hero">
        <h1 className="home__brand">
          <BrandLogo className="home__logo" inverse />
          {brand.name}
        </h1>
        <div role="search">
          <Link to="/search_input" className="home__search" aria-label={homeMessages.searchPlaceholder}>
            <SearchIcon />
            <span>{homeMessages.searchPlaceholder}</span>
          </Link>
        </div>
      </header>
      <HomeTop />
      {firstScreenSettled ? <RecommendSection /> : null}
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Banner } from '@haoshi/contracts';
import { BANNER_SLOT, bannerImage } from './banner-image';
import { isInAppPath } from './home-sections';
import { homeMessages } from './messages';

export const BANNER_INTERVAL_MS = 4000;

/**
 * Banners in a scroll-snap strip that advances every 4 s and follows the finger. Hand-rolled
 * rather than antd-mobile's Swiper, whose animation and gesture libraries (about 28 KB gzip) would
 * load on every first visit.
 */
export function BannerCarousel({ banners }: { banners: readonly Banner[] }) {
  const navigate = useNavigate();
  const strip = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused || banners.length < 2) return undefined;
    const timer = setInterval(() => {
      const element = strip.current;
      if (!element || element.clientWidth === 0) return;
      const next = (Math.round(element.scrollLeft / element.clientWidth) + 1) % banners.length;
      element.scrollTo({ left: next * element.clientWidth, behavior: 'smooth' });
    }, BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, banners.length]);

  if (banners.length === 0) return null;
  const open = (banner: Banner) => {
    if (isInAppPath(banner.link)) void navigate(banner.link);
    else if (/^https:\/\//.test(banner.link)) window.location.assign(banner.link);
  };
  return (
    <section className="home__banners" aria-label={homeMessages.bannersLabel} aria-roledescription="carousel">
      <div
        ref={strip}
        className="home__banner-strip"
        onScroll={(event) => {
          const element = event.currentTarget;
          if (element.clientWidth > 0) setCurrent(Math.round(element.scrollLeft / element.clientWidth));
        }}
        onPointerDown={() => setPaused(true)}
        onPointerUp={() => setPaused(false)}
        onPointerCancel={() => setPaused(false)}
      >
        {banners.map((banner, index) => (
          <button key={banner.id} type="button" className="home__banner" onClick={() => open(banner)}>
            <img
              {...bannerImage(banner.image)}
              width={BANNER_SLOT.width}
              height={BANNER_SLOT.height}
              alt={banner.title}
              // The first banner is the home page's largest picture: fetched first, the rest on demand.
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'low'}
              decoding={index === 0 ? 'sync' : 'async'}
            />
          </button>
        ))}
      </div>
      {banners.length > 1 ? (
        <div className="home__banner-dots" aria-hidden="true">
          {banners.map((banner, index) => (
            <span key={banner.id} className={index === current ? 'home__banner-dot--on' : undefined} />
          ))}
        </div>
      ) : null}
    </section>
  );
}

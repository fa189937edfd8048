import { Swiper } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import type { Screenshot } from '@haoshi/contracts';
import { SLIDE, slideImage } from './gallery-image';
import { goodsDetailMessages as m } from './messages';

const GalleryViewer = lazy(() => import('./gallery-viewer'));

interface GoodsGalleryProps {
  screenshots: readonly Screenshot[];
  title: string;
  /** A ribbon over the pictures (官方截图) and a state stamp (已售出, 交易中 …). */
  ribbon?: string;
  stamp?: string;
}

/** The listing's screenshots: swipe through them, tap one to zoom (pinch and swipe in the viewer). */
export function GoodsGallery({ screenshots, title, ribbon, stamp }: GoodsGalleryProps) {
  const [current, setCurrent] = useState(0);
  const [viewing, setViewing] = useState<number | undefined>(undefined);
  const overlay = (
    <>
      {ribbon ? <span className="goods-gallery__ribbon">{ribbon}</span> : null}
      {stamp ? <span className="goods-gallery__stamp">{stamp}</span> : null}
    </>
  );
  if (screenshots.length === 0) {
    return (
      <section className="goods-gallery goods-gallery--empty" aria-label={m.gallery}>
        <p>{m.galleryEmpty}</p>
        {overlay}
      </section>
    );
  }
  return (
    <section className="goods-gallery" aria-label={m.gallery}>
      <Swiper
        indicator={() => null}
        onIndexChange={setCurrent}
        loop={screenshots.length > 1}
        style={{ '--height': '7.5rem' }}
      >
        {screenshots.map((shot, index) => (
          <Swiper.Item key={shot.key}>
            <button
              type="button"
              className="goods-gallery__slide"
              onClick={() => setViewing(index)}
              aria-label={`${m.gallery} ${index + 1}，${m.zoomHint}`}
            >
              <img
                {...slideImage(shot.url)}
                width={SLIDE.width}
                height={SLIDE.height}
                alt={`${title} ${m.gallery} ${index + 1}`}
                // The first screenshot is the detail page's largest picture: fetched first.
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'low'}
                decoding={index === 0 ? 'sync' : 'async'}
              />
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
      <span className="goods-gallery__count" aria-hidden="true">
        {m.galleryCount(current + 1, screenshots.length)}
      </span>
      {overlay}
      {viewing === undefined ? null : (
        <Suspense fallback={null}>
          <GalleryViewer
            urls={screenshots.map((shot) => shot.url)}
            index={viewing}
            onClose={() => setViewing(undefined)}
          />
        </Suspense>
      )}
    </section>
  );
}

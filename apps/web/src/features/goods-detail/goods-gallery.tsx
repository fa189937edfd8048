import { ImageViewer, Swiper } from 'antd-mobile';
import { useState } from 'react';
import type { Screenshot } from '@haoshi/contracts';
import { resizeImage } from '@/core/image';
import { goodsDetailMessages as m } from './messages';

/** Slides are 375 CSS px wide; fetched at 2× for phone screens. */
const SLIDE_PX = 750;

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
                src={resizeImage(shot.url, SLIDE_PX)}
                alt={`${title} ${m.gallery} ${index + 1}`}
                loading={index === 0 ? 'eager' : 'lazy'}
                decoding="async"
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
        <ImageViewer.Multi
          images={screenshots.map((shot) => shot.url)}
          visible
          defaultIndex={viewing}
          onClose={() => setViewing(undefined)}
        />
      )}
    </section>
  );
}

import { resizeImage, widthSrcSet, type ResponsiveImage } from '@/core/image';

/** A slide at the 375 px design: the screen's width by 7.5rem; the screenshot fits inside it. */
export const SLIDE = { width: 375, height: 281 };
const SLIDE_WIDTHS = [375, 640, 750, 1080] as const;
const slideRatio = SLIDE.height / SLIDE.width;

/** A screenshot's copies for a gallery slide (the gallery and the detail's prefetch use the same). */
export function slideImage(url: string): ResponsiveImage {
  const srcSet = widthSrcSet(url, SLIDE_WIDTHS, { heightRatio: slideRatio, fit: 'inside' });
  return {
    src: resizeImage(url, 750, 750 * slideRatio, 'inside'),
    ...(srcSet ? { srcSet } : {}),
    sizes: '100vw',
  };
}

import { resizeImage, widthSrcSet, type ResponsiveImage } from '@/core/image';

/** The slot at the 375 px design: the screen less its margins (93.6vw) by 3.2rem, filled. */
export const BANNER_SLOT = { width: 351, height: 120 };
const BANNER_WIDTHS = [375, 750, 1080] as const;
const heightRatio = BANNER_SLOT.height / BANNER_SLOT.width;

/** A banner's copies for its slot (the carousel and the home's prefetch use the same). */
export function bannerImage(url: string): ResponsiveImage {
  const srcSet = widthSrcSet(url, BANNER_WIDTHS, { heightRatio });
  return { src: resizeImage(url, 750, 750 * heightRatio), ...(srcSet ? { srcSet } : {}), sizes: '94vw' };
}

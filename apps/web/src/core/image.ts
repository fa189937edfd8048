/** SPEC §9: icon font size. */
export const ICON_FONT_SIZE = '16px';

const PROCESS_PARAM = 'x-oss-process=';

/** Device pixel ratios a fixed-size slot offers copies for. */
const DENSITIES = [1, 2, 3] as const;

export interface ImageBox {
  width: number;
  height?: number;
  /** With a height: fill the box, cropping (the default), or fit inside it (`object-fit: contain`). */
  fit?: 'fill' | 'inside';
}

/** Vector pictures (SVG), inline data and blobs, and already processed URLs are used as they are. */
function isProcessable(url: string): boolean {
  if (url === '' || /^(data|blob):/i.test(url) || url.includes(PROCESS_PARAM)) return false;
  return !/\.svg$/i.test(url.split(/[?#]/)[0] ?? '');
}

function processedUrl(url: string, box: ImageBox): string {
  const width = `w_${Math.round(box.width)}`;
  const size =
    box.height === undefined
      ? width
      : `${box.fit === 'inside' ? 'm_lfit,' : ''}${width},h_${Math.round(box.height)}`;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}${PROCESS_PARAM}image/resize,${size}/format,webp${hash}`;
}

/**
 * Asks the object store for a resized WebP copy: SPEC §9's resize suffix followed by OSS's format
 * step (the built-in storage does both with sharp). Other URLs stay as they are.
 */
export function resizeImage(
  url: string,
  width: number,
  height?: number,
  fit: ImageBox['fit'] = 'fill',
): string {
  return isProcessable(url) ? processedUrl(url, { width, height, fit }) : url;
}

/** `srcset` for a slot of fixed CSS size: copies for 1×, 2× and 3× screens (none for other URLs). */
export function densitySrcSet(url: string, box: ImageBox): string | undefined {
  if (!isProcessable(url)) return undefined;
  return DENSITIES.map((density) => {
    const scaled = {
      ...box,
      width: box.width * density,
      height: box.height === undefined ? undefined : box.height * density,
    };
    return `${processedUrl(url, scaled)} ${density}x`;
  }).join(', ');
}

/**
 * `srcset` for a slot as wide as (a share of) the screen, one copy per width; pair it with `sizes`.
 * `heightRatio` gives the box's height as a share of its width (for `fit: 'inside'` slots).
 */
export function widthSrcSet(
  url: string,
  widths: readonly number[],
  options: { heightRatio?: number; fit?: ImageBox['fit'] } = {},
): string | undefined {
  if (!isProcessable(url)) return undefined;
  return widths
    .map((width) => {
      const height = options.heightRatio === undefined ? undefined : width * options.heightRatio;
      return `${processedUrl(url, { width, height, fit: options.fit })} ${width}w`;
    })
    .join(', ');
}

/** An `<img>`'s address attributes: its fallback `src`, and `srcSet` with `sizes` when resizable. */
export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes: string;
}

/**
 * Starts downloading a page's largest picture (its LCP element) as soon as its address is known, in
 * a route's prefetch when the data arrives, rather than when the screen has rendered the `<img>`: a
 * `<link rel="preload" as="image">` with the same `srcset` and `sizes`, so the browser picks the same
 * copy and the `<img>` finds it in flight. Once per address.
 */
export function preloadImage({ src, srcSet, sizes }: ResponsiveImage): void {
  const known = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];
  if (known.some((link) => link.getAttribute('href') === src)) return;
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('href', src);
  if (srcSet) {
    link.setAttribute('imagesrcset', srcSet);
    link.setAttribute('imagesizes', sizes);
  }
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

/** SPEC §9: icon font size. */
export const ICON_FONT_SIZE = '16px';

const PROCESS_PARAM = 'x-oss-process=';

/** Asks the object store for a resized copy; inline (data:, blob:) and already processed URLs stay. */
export function resizeImage(url: string, width: number, height?: number): string {
  if (url === '' || /^(data|blob):/i.test(url) || url.includes(PROCESS_PARAM)) return url;
  const size =
    height === undefined ? `w_${Math.round(width)}` : `w_${Math.round(width)},h_${Math.round(height)}`;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}${PROCESS_PARAM}image/resize,${size}${hash}`;
}

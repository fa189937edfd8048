import sharp from 'sharp';
import {
  imageResizeSteps,
  UPLOAD_MAX_DIMENSION,
  type UploadContentType,
  type UploadVideoType,
} from '@haoshi/contracts';

/** The image type the bytes really are, whatever the client said. */
/** The container of an uploaded video from its first bytes: ISO BMFF (`ftyp`) or EBML (WebM). */
export function sniffVideoType(bytes: Buffer): UploadVideoType | undefined {
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp')
    return bytes.toString('latin1', 8, 10) === 'qt' ? 'video/quicktime' : 'video/mp4';
  if (bytes.length >= 4 && bytes.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])))
    return 'video/webm';
  return undefined;
}

export function sniffImageType(bytes: Buffer): UploadContentType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  return undefined;
}

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** A decompression bomb stops here instead of filling memory. */
const MAX_INPUT_PIXELS = 60_000_000;

/**
 * Decodes and re-encodes as JPEG: orientation applied, scaled into the maximum dimension, and
 * nothing of the original file kept (EXIF with GPS positions, ICC, comments, trailing bytes).
 * Throws when the bytes do not decode.
 */
export async function reencodeImage(bytes: Buffer): Promise<EncodedImage> {
  const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({
      width: UPLOAD_MAX_DIMENSION,
      height: UPLOAD_MAX_DIMENSION,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Formats a resized copy can be converted to (OSS's "/format,<f>" step). */
export const variantFormats = ['webp', 'avif'] as const;
export type VariantFormat = (typeof variantFormats)[number];

export interface ResizeRequest {
  width: number;
  height: number | undefined;
  /** With a height: fill the box and crop (the default), or fit inside it (OSS's m_lfit). */
  fit: 'cover' | 'inside';
  /** Converted to this format; the original's format when absent. */
  format: VariantFormat | undefined;
}

const LARGEST_STEP = Math.max(...imageResizeSteps);
const snap = (value: number): number => imageResizeSteps.find((step) => step >= value) ?? LARGEST_STEP;

function parseSize(parameters: string[]): Pick<ResizeRequest, 'width' | 'height' | 'fit'> | undefined {
  let width: number | undefined;
  let height: number | undefined;
  let fit: ResizeRequest['fit'] = 'cover';
  for (const part of parameters) {
    if (part === 'm_lfit' || part === 'm_fill') {
      fit = part === 'm_lfit' ? 'inside' : 'cover';
      continue;
    }
    const match = /^([a-z])_(\d{1,5})$/.exec(part);
    if (!match) return undefined;
    const size = Number(match[2]);
    if (match[1] === 'w') width = size;
    else if (match[1] === 'h') height = size;
  }
  if (width === undefined || width < 1) return undefined;
  return { width: snap(width), height: height === undefined || height < 1 ? undefined : snap(height), fit };
}

/**
 * Reads SPEC §9's suffix value "image/resize,w_<w>[,h_<h>]" with OSS's modes m_fill (crop to the
 * box, the default here) and m_lfit (fit inside it), optionally followed by OSS's format step
 * "/format,webp" or "/format,avif". Sizes snap up to the allowed steps so that the cache holds a
 * bounded set per image.
 */
export function parseResizeProcess(value: string): ResizeRequest | undefined {
  if (!value.startsWith('image/')) return undefined;
  const [resize = '', formatStep, ...rest] = value.slice('image/'.length).split('/');
  if (rest.length > 0) return undefined;
  const [action, ...parameters] = resize.split(',');
  if (action !== 'resize') return undefined;
  const size = parseSize(parameters);
  if (!size) return undefined;
  if (formatStep === undefined) return { ...size, format: undefined };
  const format = variantFormats.find((name) => formatStep === `format,${name}`);
  return format ? { ...size, format } : undefined;
}

/** The cache folder of one variant: every image's copy of that size and format lives under it. */
export const variantFolder = (request: ResizeRequest): string =>
  `w${request.width}h${request.height ?? 0}${request.height !== undefined && request.fit === 'inside' ? '-lfit' : ''}${request.format ? `-${request.format}` : ''}`;

export const variantContentType = (request: ResizeRequest, originalType: string): string =>
  request.format ? `image/${request.format}` : originalType;

export async function resizeImage(
  bytes: Buffer,
  request: ResizeRequest,
  contentType: string,
): Promise<Buffer> {
  const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).resize({
    width: request.width,
    ...(request.height === undefined ? {} : { height: request.height }),
    fit: request.height === undefined ? 'inside' : request.fit,
    withoutEnlargement: true,
  });
  // Effort 4 of 9 for AVIF: the first request of a variant waits for it; the next ones read the cache.
  if (request.format === 'avif') return pipeline.avif({ quality: 55, effort: 4 }).toBuffer();
  if (request.format === 'webp' || contentType === 'image/webp')
    return pipeline.webp({ quality: 80 }).toBuffer();
  if (contentType === 'image/png') return pipeline.png().toBuffer();
  return pipeline.jpeg({ quality: 80 }).toBuffer();
}

import sharp from 'sharp';
import type { StorageProvider } from './storage-provider.ts';

/**
 * Demo pictures drawn on first start: icons, banners and avatars as SVG (the browser draws their
 * Chinese text with its own fonts), screenshots rasterised to JPEG with sharp like real uploads.
 */

const escape = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const FONT = "font-family=\"'PingFang SC','Noto Sans CJK SC','Microsoft YaHei',sans-serif\"";

export function iconSvg(name: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#111"/></linearGradient></defs>
<rect width="120" height="120" rx="26" fill="url(#g)"/>
<text x="60" y="76" text-anchor="middle" font-size="44" font-weight="700" fill="#fff" ${FONT}>${escape(name.slice(0, 2))}</text></svg>`;
}

export function bannerSvg(title: string, subtitle: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#ff7a45"/></linearGradient></defs>
<rect width="750" height="300" rx="24" fill="url(#g)"/>
<circle cx="640" cy="60" r="140" fill="#fff" fill-opacity="0.12"/><circle cx="690" cy="260" r="90" fill="#fff" fill-opacity="0.1"/>
<text x="48" y="140" font-size="56" font-weight="700" fill="#fff" ${FONT}>${escape(title)}</text>
<text x="48" y="208" font-size="30" fill="#fff" fill-opacity="0.9" ${FONT}>${escape(subtitle)}</text></svg>`;
}

export function avatarSvg(text: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
<circle cx="48" cy="48" r="48" fill="${color}"/>
<text x="48" y="61" text-anchor="middle" font-size="38" fill="#fff" ${FONT}>${escape(text.slice(0, 1))}</text></svg>`;
}

/** A phone-sized "game screenshot": a header, a stats panel and an item grid in the game's colours. */
export async function screenshotJpeg(options: {
  title: string;
  subtitle: string;
  color: string;
  seed: number;
}): Promise<Buffer> {
  const { title, subtitle, color, seed } = options;
  const cells = Array.from({ length: 12 }, (_, i) => {
    const x = 30 + (i % 4) * 170;
    const y = 560 + Math.floor(i / 4) * 190;
    const hue = (seed * 47 + i * 29) % 360;
    return `<rect x="${x}" y="${y}" width="150" height="170" rx="16" fill="hsl(${hue},60%,55%)"/><rect x="${x + 20}" y="${y + 130}" width="110" height="18" rx="9" fill="#fff" fill-opacity="0.7"/>`;
  }).join('');
  const bars = Array.from({ length: 4 }, (_, i) => {
    const width = 160 + ((seed * 73 + i * 97) % 420);
    return `<rect x="60" y="${300 + i * 56}" width="600" height="26" rx="13" fill="#fff" fill-opacity="0.15"/><rect x="60" y="${300 + i * 56}" width="${width}" height="26" rx="13" fill="#ffd666"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="1280" viewBox="0 0 720 1280">
<rect width="720" height="1280" fill="#0f172a"/><rect width="720" height="260" fill="${color}"/>
<text x="40" y="120" font-size="56" font-weight="700" fill="#fff" ${FONT}>${escape(title)}</text>
<text x="40" y="190" font-size="32" fill="#fff" fill-opacity="0.85" ${FONT}>${escape(subtitle)}</text>
${bars}${cells}
<text x="40" y="1250" font-size="24" fill="#94a3b8" ${FONT}>haoshi demo · ${seed}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 78 }).toBuffer();
}

/** Stores the picture under `key` unless it is already there (first start only pays the drawing). */
export async function ensureDemoImage(
  storage: StorageProvider,
  key: string,
  contentType: string,
  draw: () => string | Promise<Buffer>,
): Promise<void> {
  if (await storage.exists(key)) return;
  const drawn = await draw();
  await storage.put(key, typeof drawn === 'string' ? Buffer.from(drawn) : drawn, contentType);
}

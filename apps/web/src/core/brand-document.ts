import type { PackageId } from '@haoshi/contracts';
import { brandLooks, getCurrentBrand, getCurrentPackage, type BrandLook } from './brands';

/**
 * The brand's letter mark as an SVG picture: the mark in white on the brand colour, or (inverse,
 * for a brand-coloured background) in the brand colour on white.
 */
export function brandLogoSvg(look: BrandLook, inverse = false): string {
  const [background, letter] = inverse ? ['#fff', look.primary] : [look.primary, '#fff'];
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
    `<rect width="64" height="64" rx="14" fill="${background}"/>` +
    `<text x="32" y="44" fill="${letter}" font-size="34" font-weight="700" text-anchor="middle" ` +
    `font-family="PingFang SC, Noto Sans CJK SC, Microsoft YaHei, sans-serif">${look.mark}</text></svg>`
  );
}

export function brandLogoUrl(pkg: PackageId = getCurrentPackage(), inverse = false): string {
  return `data:image/svg+xml,${encodeURIComponent(brandLogoSvg(brandLooks[pkg], inverse))}`;
}

function headElement(doc: Document, selector: string, create: () => HTMLElement): HTMLElement {
  const found = doc.head.querySelector<HTMLElement>(selector);
  if (found) return found;
  const element = create();
  doc.head.append(element);
  return element;
}

function setMeta(doc: Document, name: string, content: string): void {
  headElement(doc, `meta[name="${name}"]`, () => {
    const meta = doc.createElement('meta');
    meta.name = name;
    return meta;
  }).setAttribute('content', content);
}

/**
 * Dresses the page as this visit's brand once core/channel has stored the package: the theme key
 * (index.html's bootstrap already set it before the first paint; this keeps both in step), the
 * browser bar colour, the tab icon, title and description.
 */
export function applyBrandDocument(doc: Document = document): void {
  const pkg = getCurrentPackage();
  const brand = getCurrentBrand();
  doc.documentElement.dataset.brand = pkg;
  setMeta(doc, 'theme-color', brandLooks[pkg].primary);
  setMeta(doc, 'description', `${brand.name}：${brand.slogan}`);
  headElement(doc, 'link[rel="icon"]', () => {
    const link = doc.createElement('link');
    link.rel = 'icon';
    return link;
  }).setAttribute('href', brandLogoUrl(pkg));
  doc.title = brand.name;
}

import { afterEach, describe, expect, it } from 'vitest';
import { applyBrandDocument, brandLogoSvg, brandLogoUrl } from './brand-document';
import { brandLooks } from './brands';
import { writePackageName } from './storage';

afterEach(() => {
  document.head.innerHTML = '';
  document.documentElement.removeAttribute('data-brand');
  document.title = '';
});

const meta = (name: string) => document.head.querySelector(`meta[name="${name}"]`)?.getAttribute('content');

describe('applyBrandDocument', () => {
  it('dresses the page as the stored brand: theme key, bar colour, icon, title and description', () => {
    writePackageName('app_thw');
    applyBrandDocument();
    expect(document.documentElement.dataset.brand).toBe('app_thw');
    expect(meta('theme-color')).toBe(brandLooks.app_thw.primary);
    expect(meta('description')).toBe('淘号玩：游戏账号租赁，上号即玩');
    expect(document.head.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(
      brandLogoUrl('app_thw'),
    );
    expect(document.title).toBe('淘号玩');
  });

  it('updates the tags it finds instead of adding more', () => {
    document.head.innerHTML = '<meta name="theme-color" content="#000000"><link rel="icon" href="/x.ico">';
    writePackageName('app_mhb');
    applyBrandDocument();
    applyBrandDocument();
    expect(document.head.querySelectorAll('meta[name="theme-color"]')).toHaveLength(1);
    expect(meta('theme-color')).toBe(brandLooks.app_mhb.primary);
    expect(document.head.querySelectorAll('link[rel="icon"]')).toHaveLength(1);
  });

  it('defaults to the main brand', () => {
    applyBrandDocument();
    expect(document.documentElement.dataset.brand).toBe('app_thh');
    expect(document.title).toBe('淘号号');
  });
});

describe('brand logo', () => {
  it("is the brand's mark in white on its colour, or in its colour on white when inverse", () => {
    const look = brandLooks.app_kxr;
    expect(brandLogoSvg(look)).toContain(`fill="${look.primary}"/>`);
    expect(brandLogoSvg(look)).toContain(`fill="#fff" font-size`);
    expect(brandLogoSvg(look)).toContain('>看</text>');
    expect(brandLogoSvg(look, true)).toContain(`fill="${look.primary}" font-size`);
    expect(decodeURIComponent(brandLogoUrl('app_kxr'))).toBe(`data:image/svg+xml,${brandLogoSvg(look)}`);
  });
});

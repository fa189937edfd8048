import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAIN_PACKAGE, PAINTED_BRAND_ATTRIBUTE, packageIds, type PackageId } from '@haoshi/contracts';
import { describe, expect, it } from 'vitest';
import { brandLooks } from '@/core/brands';

// Read from disk: under vitest a stylesheet import (even ?raw) is an empty module.
const themeCss = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'brand-theme.css'), 'utf8');

/** The variables of each brand block of brand-theme.css; the unkeyed first block is the main app's. */
function themeBlocks(): Map<PackageId | 'default', Record<string, string>> {
  const blocks = new Map<PackageId | 'default', Record<string, string>>();
  for (const [, selector = '', body = ''] of themeCss.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const pkg = /data-brand='([a-z_]+)'/.exec(selector)?.[1];
    const variables = Object.fromEntries(
      [...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name = '', value = '']) => [name, value.trim()]),
    );
    const key = pkg === undefined ? 'default' : (pkg as PackageId);
    if (!blocks.has(key)) blocks.set(key, variables);
  }
  return blocks;
}

/** WCAG 2 relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** color-mix(in srgb, colour share%, #fff), as --app-brand-tint mixes it. */
function tint(hex: string, share: number): string {
  return `#${[1, 3, 5]
    .map((at) => Number.parseInt(hex.slice(at, at + 2), 16))
    .map((c) => Math.round(c * share + 255 * (1 - share)))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

const WHITE = '#ffffff';
/** The page background (app.css --app-page-background): brand text sits on it too. */
const PAGE = '#f5f6f8';

describe('brand themes', () => {
  const blocks = themeBlocks();

  it.each(packageIds)('%s: the CSS block carries the colours of core/brands', (pkg) => {
    const block = pkg === MAIN_PACKAGE ? blocks.get('default') : blocks.get(pkg);
    const look = brandLooks[pkg];
    expect(block).toEqual({
      '--adm-color-primary': look.primary,
      '--app-brand-dark': look.dark,
      '--app-brand-accent': look.accent,
    });
  });

  it.each(packageIds)(
    '%s: white on primary, primary and accent on white, on the page and on the tint pass 4.5:1',
    (pkg) => {
      const { primary, dark, accent } = brandLooks[pkg];
      for (const [foreground, background] of [
        [WHITE, primary],
        [WHITE, dark],
        [primary, WHITE],
        [primary, PAGE],
        [accent, WHITE],
        [accent, PAGE],
        // Selected options and the 包赔 banner: primary text on the brand tint.
        [primary, tint(primary, 0.08)],
      ] as const) {
        expect(contrast(foreground, background), `${foreground} on ${background}`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
    },
  );

  it('gives every brand its own primary colour and its own letter mark', () => {
    const looks = packageIds.map((pkg) => brandLooks[pkg]);
    expect(new Set(looks.map((look) => look.primary)).size).toBe(packageIds.length);
    expect(new Set(looks.map((look) => look.mark)).size).toBe(packageIds.length);
  });

  it('hides a painting of the main brand, the only one the server paints, in a tab of another brand', () => {
    const rule =
      /html\[data-brand\]:not\(\[data-brand='([a-z_]+)'\]\) #root\[data-painted-brand='([a-z_]+)'\]\s*\{\s*visibility: hidden;\s*\}/.exec(
        themeCss,
      );
    expect(rule?.slice(1)).toEqual([MAIN_PACKAGE, MAIN_PACKAGE]);
    expect(PAINTED_BRAND_ATTRIBUTE).toBe('data-painted-brand');
  });

  it("never falls back to antd-mobile's default blue", () => {
    expect(themeCss.toLowerCase()).not.toContain('#1677ff');
  });
});

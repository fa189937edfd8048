import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '@/core/contrast.test-support';

// A path, not a URL: under jsdom import.meta.url is not a file: URL.
const appCss = readFileSync(join(import.meta.dirname, 'app.css'), 'utf8');

/** Every `--name: #rrggbb;` declaration of app.css. */
function declaredColours(): Map<string, string> {
  return new Map(
    [...appCss.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6});/gi)].map(([, name = '', value = '']) => [name, value]),
  );
}

const WHITE = '#ffffff';
/**
 * White (also what danger, success and warning carry when they fill a badge or tag), the page
 * background, and antd-mobile's --adm-color-fill-content that wallet screens sit on.
 */
const BACKGROUNDS = [WHITE, '#f5f6f8', '#f5f5f5'];

describe('text colour tokens (app.css)', () => {
  const colours = declaredColours();
  const textTokens = [...colours.keys()].filter((name) => name.startsWith('--hs-text'));

  it('declares the set the screens use', () => {
    expect(textTokens).toEqual(
      expect.arrayContaining([
        '--hs-text',
        '--hs-text-secondary',
        '--hs-text-weak',
        '--hs-text-danger',
        '--hs-text-success',
        '--hs-text-warning',
        '--hs-text-info',
      ]),
    );
  });

  it.each(BACKGROUNDS)('each reaches 4.5:1 on %s (WCAG 2.2 AA)', (background) => {
    const failing = textTokens
      .map((name) => ({ name, ratio: contrastRatio(colours.get(name) ?? '', background) }))
      .filter(({ ratio }) => ratio < 4.5);
    expect(failing).toEqual([]);
  });

  it("points antd-mobile's text and status colours at them", () => {
    for (const [adm, hs] of [
      ['--adm-color-text', '--hs-text'],
      ['--adm-color-text-secondary', '--hs-text-secondary'],
      ['--adm-color-weak', '--hs-text-weak'],
      ['--adm-color-danger', '--hs-text-danger'],
      ['--adm-color-success', '--hs-text-success'],
      ['--adm-color-warning', '--hs-text-warning'],
    ]) {
      expect(appCss).toContain(`${adm}: var(${hs});`);
    }
  });
});

/** Every stylesheet of the client, by its path under src/. */
function stylesheets(): Array<{ path: string; css: string }> {
  const src = join(import.meta.dirname, '..');
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.css'))
    .map((path) => ({ path, css: readFileSync(join(src, path), 'utf8') }));
}

/** #rgb as #rrggbb. */
const longHex = (hex: string) =>
  hex.length === 4 ? `#${[...hex.slice(1)].map((digit) => digit + digit).join('')}` : hex;

describe('text colours written into the stylesheets', () => {
  // White text sits on a fill (a badge, a button, the brand gradient), set by another rule or a
  // parent: the fills' contrast with white is checked with the brand themes.
  it('reach 4.5:1 on white and on the page where neither they nor their block is white-on-fill', () => {
    const failing: string[] = [];
    for (const { path, css } of stylesheets()) {
      for (const [, selector = '', body = ''] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
        if (/(^|[\s;])background(-color)?:/.test(body)) continue;
        for (const [, , hex = ''] of body.matchAll(/(^|[\s;])color:\s*(#[0-9a-f]{3}(?:[0-9a-f]{3})?)\b/gi)) {
          if (longHex(hex).toLowerCase() === WHITE) continue;
          const worst = Math.min(...BACKGROUNDS.map((background) => contrastRatio(longHex(hex), background)));
          if (worst < 4.5) failing.push(`${path} ${selector.trim()}: ${hex} (${worst.toFixed(2)}:1)`);
        }
      }
    }
    expect(failing).toEqual([]);
  });

  it("use antd-mobile's default blue only for Alipay's own mark", () => {
    const blue = stylesheets().flatMap(({ path, css }) =>
      css
        .split('\n')
        .filter((line) => line.toLowerCase().includes('#1677ff') && !line.includes("Alipay's own blue"))
        .map((line) => `${path}: ${line.trim()}`),
    );
    expect(blue).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
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

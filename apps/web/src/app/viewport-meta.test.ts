import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// A path, not a URL: under jsdom import.meta.url is not a file: URL.
const indexHtml = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');

/** The viewport meta's settings, e.g. { width: 'device-width', 'initial-scale': '1.0' }. */
function viewportSettings(): Record<string, string> {
  const content = /<meta\s+name="viewport"\s+content="([^"]*)"/.exec(indexHtml)?.[1];
  if (content === undefined) throw new Error('index.html has no viewport meta');
  return Object.fromEntries(
    content.split(',').map((pair) => {
      const [key = '', value = ''] = pair.split('=').map((part) => part.trim().toLowerCase());
      return [key, value];
    }),
  );
}

describe('index.html viewport (WCAG 1.4.4: users can zoom)', () => {
  it('fits the device width', () => {
    expect(viewportSettings()).toMatchObject({ width: 'device-width', 'initial-scale': '1.0' });
  });

  it('does not turn off pinch zoom or cap it', () => {
    const settings = viewportSettings();
    expect(settings['user-scalable'] ?? 'yes').not.toMatch(/^(no|0)$/);
    const maximum = Number(settings['maximum-scale'] ?? Infinity);
    expect(maximum).toBeGreaterThanOrEqual(5);
  });
});

import indexHtml from '../../index.html?raw';
import { packageIds } from '@haoshi/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { getCurrentPackage } from './brands';
import { initClientEnvironment } from './channel';
import { STORAGE_KEYS } from './storage';

/** index.html's inline brand bootstrap, which runs before any module (and before the first paint). */
const bootstrap = (() => {
  const match = /<!-- brand bootstrap[\s\S]*?<script>([\s\S]*?)<\/script>/.exec(indexHtml);
  if (!match?.[1]) throw new Error('index.html has no brand bootstrap script');
  return match[1];
})();

/** Runs it as the page does: a classic script element (jsdom runs them under vitest). */
function runBootstrap(): string | null {
  document.documentElement.removeAttribute('data-brand');
  const script = document.createElement('script');
  script.textContent = bootstrap;
  document.head.append(script);
  script.remove();
  return document.documentElement.getAttribute('data-brand');
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  document.documentElement.removeAttribute('data-brand');
});

describe('the brand bootstrap in index.html', () => {
  it('knows exactly the eight packages', () => {
    const ids = /var ids = \[([^\]]*)\]/.exec(bootstrap)?.[1] ?? '';
    expect([...ids.matchAll(/'([a-z_]+)'/g)].map((m) => m[1])).toEqual([...packageIds]);
  });

  // Each case: what the address says, what an earlier start of this tab left behind.
  const cases: {
    name: string;
    url: string;
    session?: Record<string, string>;
    local?: Record<string, string>;
  }[] = [
    { name: 'a first visit without pkg', url: '/' },
    ...packageIds.map((pkg) => ({ name: `?pkg=${pkg}`, url: `/home?pkg=${pkg}` })),
    { name: 'an unknown pkg', url: '/?pkg=app_nope' },
    { name: 'an empty pkg', url: '/?pkg=' },
    {
      name: 'a reload of an inner page of a brand visit',
      url: '/goodsDetail?goods_id=3',
      session: { [STORAGE_KEYS.softwareType]: '6', [STORAGE_KEYS.packageName]: 'app_thw' },
    },
    {
      name: 'a new tab (local storage only) without parameters',
      url: '/mine',
      local: { [STORAGE_KEYS.softwareType]: '6', [STORAGE_KEYS.packageName]: 'app_mhw' },
    },
    {
      name: 'a tab that started as one brand, opened with another pkg',
      url: '/?pkg=app_kxr',
      session: { [STORAGE_KEYS.softwareType]: '6', [STORAGE_KEYS.packageName]: 'app_mhb' },
    },
    {
      name: 'a reload with another parameter (sb_h) and no pkg',
      url: '/?sb_h=20',
      session: { [STORAGE_KEYS.softwareType]: '6', [STORAGE_KEYS.packageName]: 'app_tyb' },
    },
    {
      name: 'a stored package that is not one of the eight',
      url: '/wallet',
      session: { [STORAGE_KEYS.softwareType]: '6', [STORAGE_KEYS.packageName]: 'garbage' },
    },
  ];

  it.each(cases)('picks the same brand as core/channel for $name', ({ url, session = {}, local = {} }) => {
    const seed = () => {
      window.sessionStorage.clear();
      window.localStorage.clear();
      for (const [key, value] of Object.entries(session)) window.sessionStorage.setItem(key, value);
      for (const [key, value] of Object.entries(local)) window.localStorage.setItem(key, value);
      window.history.replaceState(null, '', url);
    };
    seed();
    const early = runBootstrap();
    seed();
    initClientEnvironment();
    expect(early).toBe(getCurrentPackage());
  });
});

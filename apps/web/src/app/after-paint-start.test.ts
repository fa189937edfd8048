import { HELD_BACK_ATTRIBUTE as contractsAttribute } from '@haoshi/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  afterNextPaint,
  HELD_BACK_ATTRIBUTE,
  hasHeldBackScripts,
  startHeldBackScripts,
} from './after-paint-start';

afterEach(() => {
  document.head.innerHTML = '';
  vi.useRealTimers();
});

describe('the scripts a painted page holds back', () => {
  it('uses the attribute the server marks them with', () => {
    expect(HELD_BACK_ATTRIBUTE).toBe(contractsAttribute);
  });

  it('starts the held-back preloads and the entry as the page would have loaded them', () => {
    document.head.innerHTML = [
      '<link data-after-paint="modulepreload" crossorigin href="/assets/react-A1.js">',
      '<script type="text/plain" data-after-paint crossorigin src="/assets/index-B2.js"></script>',
      '<link rel="stylesheet" href="/assets/index-C3.css">',
    ].join('');
    expect(hasHeldBackScripts()).toBe(true);

    startHeldBackScripts();

    expect(hasHeldBackScripts()).toBe(false);
    const preload = document.head.querySelector('link[href="/assets/react-A1.js"]');
    expect(preload?.getAttribute('rel')).toBe('modulepreload');
    expect(preload?.getAttribute('crossorigin')).toBe('');
    const entry = document.head.querySelector('script[src="/assets/index-B2.js"]');
    expect(entry?.getAttribute('type')).toBe('module');
    expect(document.head.querySelector('link[rel="stylesheet"]')).not.toBeNull();
  });

  it('finds nothing held back on a page the client draws', () => {
    document.head.innerHTML = '<script type="module" src="/assets/index-B2.js"></script>';
    expect(hasHeldBackScripts()).toBe(false);
  });

  it('runs after the next frame, or at once in a hidden tab', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const run = vi.fn();
    afterNextPaint(run);
    vi.runAllTimers();
    expect(run).not.toHaveBeenCalled();
    frames.shift()?.(0);
    vi.runAllTimers();
    expect(run).toHaveBeenCalledTimes(1);

    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    afterNextPaint(run);
    vi.runAllTimers();
    expect(run).toHaveBeenCalledTimes(2);
    hidden.mockRestore();
    vi.unstubAllGlobals();
  });
});

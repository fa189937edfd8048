import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCREEN_LIVE_EVENT as CONTRACTS_SCREEN_LIVE_EVENT } from '@haoshi/contracts';
import { SCREEN_LIVE_EVENT, EARLY_TAP_MAX_AGE_MS, keepEarlyTaps, replayEarlyTap } from './early-taps';

afterEach(() => {
  replayEarlyTap(document, Number.POSITIVE_INFINITY);
  document.body.innerHTML = '';
});

/** A painted page with a button (an icon inside it), a tab and a link; counts the taps each gets. */
function paintedPage(): Record<'button' | 'tab' | 'link', () => number> {
  document.body.innerHTML =
    '<div id="root"><button id="b"><svg id="icon"></svg></button><div role="tab" id="t">二</div><a href="#x" id="l"><span role="button" id="lb">进</span></a></div>';
  const count = (id: string) => {
    let taps = 0;
    document.getElementById(id)?.addEventListener('click', () => (taps += 1));
    return () => taps;
  };
  return { button: count('b'), tab: count('t'), link: count('l') };
}

function tap(id: string): void {
  document.getElementById(id)?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
}

describe('a tap made before the client starts', () => {
  it('is given again to its button once its screen is announced live, once', async () => {
    expect(SCREEN_LIVE_EVENT).toBe(CONTRACTS_SCREEN_LIVE_EVENT);
    const taps = paintedPage();
    keepEarlyTaps();
    tap('icon');
    expect(taps.button()).toBe(1);
    document.dispatchEvent(new Event(SCREEN_LIVE_EVENT));
    expect(taps.button()).toBe(1);
    await vi.waitFor(() => expect(taps.button()).toBe(2));
    document.dispatchEvent(new Event(SCREEN_LIVE_EVENT));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(taps.button()).toBe(2);
  });

  it('is kept for the last element tapped only, a tab as well as a button', () => {
    const taps = paintedPage();
    keepEarlyTaps();
    tap('b');
    tap('t');
    replayEarlyTap();
    expect([taps.button(), taps.tab()]).toEqual([1, 2]);
  });

  it('is left alone on a link (the browser loads its page)', () => {
    const taps = paintedPage();
    keepEarlyTaps();
    tap('lb');
    replayEarlyTap();
    expect(taps.link()).toBe(1);
  });

  it('is dropped when it is too old or its element has gone', () => {
    const taps = paintedPage();
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    keepEarlyTaps();
    tap('b');
    replayEarlyTap(document, 1_000 + EARLY_TAP_MAX_AGE_MS + 1);
    expect(taps.button()).toBe(1);

    keepEarlyTaps();
    tap('b');
    document.getElementById('b')?.remove();
    replayEarlyTap(document, 1_000);
    expect(taps.button()).toBe(2);
    now.mockRestore();
  });

  it('is not kept once the client has started', () => {
    const taps = paintedPage();
    keepEarlyTaps();
    replayEarlyTap();
    tap('b');
    replayEarlyTap();
    expect(taps.button()).toBe(1);
  });
});

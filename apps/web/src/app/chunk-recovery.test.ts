import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_ERROR_CODES,
  ChunkTimeoutError,
  describeChunkFailure,
  forgetReloads,
  installPreloadErrorReporting,
  MAX_CHUNK_RELOADS,
  RELOAD_RECORD_KEY,
  RELOAD_WINDOW_MS,
  reloadOnce,
  wasReported,
  type RecoveryEnv,
} from './chunk-recovery';

function env(overrides: Partial<RecoveryEnv> = {}): RecoveryEnv {
  return {
    storage: window.sessionStorage,
    reload: vi.fn(),
    now: () => 1_000_000,
    path: '/wallet',
    ...overrides,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('describeChunkFailure', () => {
  it('names the chunk address a failed dynamic import reports', () => {
    const error = new TypeError(
      'Failed to fetch dynamically imported module: http://127.0.0.1/assets/wallet-abc.js',
    );
    expect(describeChunkFailure(error, 'http://127.0.0.1/wallet')).toEqual({
      code: CHUNK_ERROR_CODES.script,
      type: 'network',
      url: 'http://127.0.0.1/assets/wallet-abc.js',
    });
  });

  it('gives stylesheet failures their own code', () => {
    const error = new Error('Unable to preload CSS for /assets/wallet-abc.css');
    expect(describeChunkFailure(error, 'http://x/wallet')).toEqual({
      code: CHUNK_ERROR_CODES.stylesheet,
      type: 'stylesheet',
      url: '/assets/wallet-abc.css',
    });
  });

  it('reports time-outs with the page address when the chunk is unknown', () => {
    expect(describeChunkFailure(new ChunkTimeoutError(120_000), 'http://x/wallet')).toMatchObject({
      type: 'timeout',
      url: 'http://x/wallet',
    });
  });
});

describe('reloadOnce', () => {
  it(`reloads at most ${MAX_CHUNK_RELOADS} times for the same page within the window`, () => {
    const first = env();
    expect(reloadOnce(first)).toBe(true);
    expect(reloadOnce(first)).toBe(true);
    expect(reloadOnce(first)).toBe(false);
    expect(first.reload).toHaveBeenCalledTimes(MAX_CHUNK_RELOADS);
  });

  it('starts a fresh budget on another page or after the window', () => {
    expect(reloadOnce(env())).toBe(true);
    expect(reloadOnce(env())).toBe(true);
    expect(reloadOnce(env({ path: '/chat' }))).toBe(true);
    expect(reloadOnce(env({ path: '/chat', now: () => 1_000_000 + RELOAD_WINDOW_MS }))).toBe(true);
  });

  it('forgets the count once a chunk of that page loads, reporting what the reload recovered from', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    reloadOnce(env(), { code: CHUNK_ERROR_CODES.script, type: 'network', url: 'http://x/assets/w.js' });
    forgetReloads(env({ path: '/other' }));
    expect(window.sessionStorage.getItem(RELOAD_RECORD_KEY)).not.toBeNull();
    forgetReloads(env());
    expect(window.sessionStorage.getItem(RELOAD_RECORD_KEY)).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      'Chunk failed to load [CHUNK_LOAD_FAILED] type=network url=http://x/assets/w.js; recovered after 1 reload(s)',
    );
  });
});

describe('installPreloadErrorReporting', () => {
  it('reports stylesheet preload failures with the CSS code and marks them reported', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const uninstall = installPreloadErrorReporting(window);
    const payload = new Error('Unable to preload CSS for /assets/a.css');
    window.dispatchEvent(Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload }));
    uninstall();
    expect(log).toHaveBeenCalledWith(expect.stringContaining(CHUNK_ERROR_CODES.stylesheet));
    expect(log).toHaveBeenCalledWith(expect.stringContaining('/assets/a.css'));
    expect(wasReported(payload)).toBe(true);
  });

  it('leaves script failures to the route loader', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const uninstall = installPreloadErrorReporting(window);
    const payload = new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js');
    window.dispatchEvent(Object.assign(new Event('vite:preloadError'), { payload }));
    uninstall();
    expect(log).not.toHaveBeenCalled();
    expect(wasReported(payload)).toBe(false);
  });
});

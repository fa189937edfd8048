import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_ERROR_CODES, ChunkLoadError, RELOAD_RECORD_KEY, type RecoveryEnv } from './chunk-recovery';
import { CHUNK_LOAD_TIMEOUT_MS, loadScreen, type ScreenModule } from './lazy-screen';

const screen: ScreenModule = { default: () => null };

function env(): RecoveryEnv {
  return { storage: window.sessionStorage, reload: vi.fn(), now: () => 5_000, path: '/wallet' };
}

async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loadScreen', () => {
  it('resolves the screen and clears the reload record of the page', async () => {
    window.sessionStorage.setItem(
      RELOAD_RECORD_KEY,
      JSON.stringify({ path: '/wallet', count: 1, at: 4_000 }),
    );
    await expect(loadScreen(() => Promise.resolve(screen), env())).resolves.toBe(screen);
    expect(window.sessionStorage.getItem(RELOAD_RECORD_KEY)).toBeNull();
  });

  it('logs the failure and reloads the page, staying pending while the page goes away', async () => {
    vi.useFakeTimers();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const recovery = env();
    const failing = loadScreen(
      () =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://x/assets/w.js')),
      recovery,
    );
    expect(await settled(failing)).toBe(false);
    expect(recovery.reload).toHaveBeenCalledOnce();
    expect(log).toHaveBeenCalledWith(
      `Chunk failed to load [${CHUNK_ERROR_CODES.script}] type=network url=http://x/assets/w.js`,
    );
  });

  it('times out after 120 s', async () => {
    vi.useFakeTimers();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const recovery = env();
    void loadScreen(() => new Promise<ScreenModule>(() => undefined), recovery);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(recovery.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(recovery.reload).toHaveBeenCalledOnce();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('type=timeout'));
  });

  it('gives up with ChunkLoadError once the reload budget is spent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.sessionStorage.setItem(
      RELOAD_RECORD_KEY,
      JSON.stringify({ path: '/wallet', count: 2, at: 4_000 }),
    );
    const recovery = env();
    await expect(loadScreen(() => Promise.reject(new Error('boom')), recovery)).rejects.toBeInstanceOf(
      ChunkLoadError,
    );
    expect(recovery.reload).not.toHaveBeenCalled();
  });
});

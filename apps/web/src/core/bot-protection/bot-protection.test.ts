import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOT_DATA_BUFFER_SIZE, BOT_TOUCH_BUFFER_SIZE, DeviceSignalStatus } from '@haoshi/contracts';
import { collectSignal, pageSignals } from './device-signals';
import { dataBuffer, RingBuffer, startSignalCapture, touchBuffer } from './signal-buffers';

afterEach(() => {
  vi.useRealTimers();
});

describe('signal buffers (SPEC §9)', () => {
  it('keep the newest 500 touch and 500 data events', () => {
    expect(touchBuffer.size).toBe(500);
    expect(dataBuffer.size).toBe(500);
    expect([BOT_TOUCH_BUFFER_SIZE, BOT_DATA_BUFFER_SIZE]).toEqual([500, 500]);
    const ring = new RingBuffer<number>(500);
    for (let index = 0; index < 620; index++) ring.push(index);
    const kept = ring.snapshot();
    expect(kept).toHaveLength(500);
    expect(kept[0]).toBe(120);
    expect(kept[499]).toBe(619);
  });

  it('record taps and clicks, and at most one mouse move per 100 ms', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    startSignalCapture();
    const before = dataBuffer.length;
    for (let index = 0; index < 5; index++) {
      window.dispatchEvent(new MouseEvent('mousemove', { clientX: index, clientY: index }));
      vi.advanceTimersByTime(30);
    }
    // 5 moves over 150 ms: the first, and the one 120 ms later.
    const moves = dataBuffer
      .snapshot()
      .slice(before)
      .filter((event) => event.type === 'move');
    expect(moves).toHaveLength(2);
    window.dispatchEvent(new MouseEvent('click', { clientX: 10, clientY: 20 }));
    const click = dataBuffer.snapshot().at(-1);
    expect(click).toMatchObject({ type: 'click', x: 10, y: 20, trusted: false });
  });
});

describe('device-signal wrapper (SPEC §8, §9)', () => {
  it('answers OK with the value, -101 on an error and -102 after 4000 ms', async () => {
    await expect(collectSignal(() => 42)).resolves.toEqual({ status: 'OK', value: 42 });
    await expect(
      collectSignal(() => {
        throw new Error('no access');
      }),
    ).resolves.toEqual({ status: -101 });
    await expect(collectSignal(() => Promise.reject(new Error('denied')))).resolves.toEqual({
      status: DeviceSignalStatus.ERROR,
    });

    vi.useFakeTimers();
    const hanging = collectSignal(() => new Promise<number>(() => undefined));
    let settled = false;
    void hanging.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(3999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(hanging).resolves.toEqual({ status: DeviceSignalStatus.TIMEOUT });
  });

  it('describes the page, leaving a failed collector null', async () => {
    const page = await pageSignals();
    expect(page.elapsed_ms).toBeGreaterThanOrEqual(0);
    expect(page.language).toBe(navigator.language);
    expect(typeof page.timezone_offset).toBe('number');
  });
});

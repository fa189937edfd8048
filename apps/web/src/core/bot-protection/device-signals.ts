import { DEVICE_SIGNAL_TIMEOUT_MS, DeviceSignalStatus, type PageSignal } from '@haoshi/contracts';

/** SPEC §8: a collector's outcome: OK with its value, error (-101) or time-out (-102). */
export type SignalResult<T> =
  | { status: typeof DeviceSignalStatus.OK; value: T }
  | { status: typeof DeviceSignalStatus.ERROR | typeof DeviceSignalStatus.TIMEOUT };

/**
 * SPEC §9's device-signal wrapper: runs one collector and answers within `timeoutMs` (4000 ms by
 * default) whatever the collector does — a throw is -101, silence is -102.
 */
export function collectSignal<T>(
  collector: () => T | Promise<T>,
  timeoutMs: number = DEVICE_SIGNAL_TIMEOUT_MS,
): Promise<SignalResult<T>> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ status: DeviceSignalStatus.TIMEOUT }), timeoutMs);
    const settle = (result: SignalResult<T>) => {
      clearTimeout(timer);
      resolve(result);
    };
    try {
      Promise.resolve(collector()).then(
        (value) => settle({ status: DeviceSignalStatus.OK, value }),
        () => settle({ status: DeviceSignalStatus.ERROR }),
      );
    } catch {
      settle({ status: DeviceSignalStatus.ERROR });
    }
  });
}

function valueOr<T>(result: SignalResult<T>): T | null {
  return result.status === DeviceSignalStatus.OK ? result.value : null;
}

/** What the page tells about itself; a collector that fails or hangs leaves its value null. */
export async function pageSignals(): Promise<PageSignal> {
  const [webdriver, touchPoints, width, height, timezone, language] = await Promise.all([
    collectSignal(() => navigator.webdriver),
    collectSignal(() => navigator.maxTouchPoints),
    collectSignal(() => Math.round(window.screen.width)),
    collectSignal(() => Math.round(window.screen.height)),
    collectSignal(() => new Date().getTimezoneOffset()),
    collectSignal(() => navigator.language.slice(0, 64)),
  ]);
  return {
    elapsed_ms: Math.round(performance.now()),
    webdriver: valueOr(webdriver),
    max_touch_points: valueOr(touchPoints),
    screen_width: valueOr(width),
    screen_height: valueOr(height),
    timezone_offset: valueOr(timezone),
    language: valueOr(language),
  };
}

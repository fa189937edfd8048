import { useEffect, useRef, type PointerEvent } from 'react';

/** SPEC §9: throttle and debounce default wait. */
export const DEFAULT_WAIT_MS = 500;
/** SPEC §4: long press triggers after 1 second of holding. */
export const LONG_PRESS_MS = 1000;

/** Runs at once, then ignores calls until `wait` ms have passed (guards double taps). */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  wait = DEFAULT_WAIT_MS,
): (...args: A) => void {
  let last: number | undefined;
  return (...args) => {
    const now = Date.now();
    if (last !== undefined && now - last < wait) return;
    last = now;
    fn(...args);
  };
}

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel: () => void;
}

/** Runs once calls have stopped for `wait` ms, with the last call's arguments. */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  wait = DEFAULT_WAIT_MS,
): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const debounced = (...args: A) => {
    cancel();
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, wait);
  };
  return Object.assign(debounced, { cancel });
}

/** A finger that moves further than this is scrolling, not pressing. */
const MOVE_TOLERANCE_PX = 10;

export interface LongPressHandlers {
  onPointerDown: (event: PointerEvent) => void;
  onPointerMove: (event: PointerEvent) => void;
  onPointerUp: () => void;
  onPointerLeave: () => void;
  onPointerCancel: () => void;
  onContextMenu: (event: { preventDefault: () => void }) => void;
}

export function useLongPress(callback: () => void, ms = LONG_PRESS_MS): LongPressHandlers {
  const callbackRef = useRef(callback);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const startRef = useRef({ x: 0, y: 0 });

  useEffect(() => {
    callbackRef.current = callback;
  }, [callback]);

  const stop = () => {
    clearTimeout(timerRef.current);
    timerRef.current = undefined;
  };

  useEffect(() => stop, []);

  return {
    onPointerDown: (event) => {
      stop();
      startRef.current = { x: event.clientX, y: event.clientY };
      timerRef.current = setTimeout(() => {
        timerRef.current = undefined;
        callbackRef.current();
      }, ms);
    },
    onPointerMove: (event) => {
      const moved = Math.hypot(event.clientX - startRef.current.x, event.clientY - startRef.current.y);
      if (moved > MOVE_TOLERANCE_PX) stop();
    },
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    // The system menu of a long touch would cover what the long press opens.
    onContextMenu: (event) => event.preventDefault(),
  };
}

// The page's touch, mouse and page signals (SPEC §9): captured from the first moment in two ring
// buffers of 500, so a tap made before the rest of bot protection has loaded still counts. This file
// is on the first screen's path and stays small; posting, tokens and the slider load later.
import {
  BOT_DATA_BUFFER_SIZE,
  BOT_MOUSE_MOVE_MIN_GAP_MS,
  BOT_TOUCH_BUFFER_SIZE,
  type DataSignal,
  type TouchSignal,
} from '@haoshi/contracts';

/** Keeps the newest `size` items: the oldest leave first. */
export class RingBuffer<T> {
  private items: T[] = [];
  constructor(readonly size: number) {}
  push(item: T): void {
    this.items.push(item);
    if (this.items.length > this.size) this.items.splice(0, this.items.length - this.size);
  }
  snapshot(): T[] {
    return [...this.items];
  }
  get length(): number {
    return this.items.length;
  }
}

export const touchBuffer = new RingBuffer<TouchSignal>(BOT_TOUCH_BUFFER_SIZE);
export const dataBuffer = new RingBuffer<DataSignal>(BOT_DATA_BUFFER_SIZE);

const round = (value: number) => Math.round(value * 10) / 10;
const now = () => round(performance.now());

const touchTypes: Record<string, TouchSignal['type']> = {
  touchstart: 'start',
  touchmove: 'move',
  touchend: 'end',
  touchcancel: 'cancel',
};

const dataTypes: Record<string, DataSignal['type']> = {
  mousedown: 'down',
  mouseup: 'up',
  click: 'click',
  keydown: 'key',
  scroll: 'scroll',
  focus: 'focus',
  blur: 'blur',
};

let lastMoveAt = -Infinity;
let lastTouchMoveAt = -Infinity;

function onTouch(event: TouchEvent): void {
  const type = touchTypes[event.type];
  const point = event.changedTouches[0];
  if (!type || !point) return;
  const at = now();
  if (type === 'move') {
    if (at - lastTouchMoveAt < BOT_MOUSE_MOVE_MIN_GAP_MS) return;
    lastTouchMoveAt = at;
  }
  touchBuffer.push({
    type,
    x: round(point.clientX),
    y: round(point.clientY),
    t: at,
    trusted: event.isTrusted,
  });
}

function onData(event: Event): void {
  const type = dataTypes[event.type];
  if (!type) return;
  const signal: DataSignal = { type, t: now(), trusted: event.isTrusted };
  if (event instanceof MouseEvent) {
    signal.x = round(event.clientX);
    signal.y = round(event.clientY);
  }
  dataBuffer.push(signal);
}

/** SPEC §9: mouse moves are kept at most one per 100 ms. */
function onMouseMove(event: MouseEvent): void {
  const at = now();
  if (at - lastMoveAt < BOT_MOUSE_MOVE_MIN_GAP_MS) return;
  lastMoveAt = at;
  dataBuffer.push({
    type: 'move',
    x: round(event.clientX),
    y: round(event.clientY),
    t: at,
    trusted: event.isTrusted,
  });
}

function onVisibility(event: Event): void {
  dataBuffer.push({ type: document.hidden ? 'hidden' : 'visible', t: now(), trusted: event.isTrusted });
}

let started = false;

/** Starts listening (once): passive, capturing, so no screen's handlers are slowed or skipped. */
export function startSignalCapture(): void {
  if (started) return;
  started = true;
  const options = { capture: true, passive: true };
  for (const type of Object.keys(touchTypes))
    window.addEventListener(type, onTouch as EventListener, options);
  for (const type of Object.keys(dataTypes)) window.addEventListener(type, onData, options);
  window.addEventListener('mousemove', onMouseMove, options);
  document.addEventListener('visibilitychange', onVisibility, options);
}

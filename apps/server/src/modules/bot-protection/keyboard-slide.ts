import { sliderKeyTarget, type SliderVerifyRequest } from '@haoshi/contracts';

/** Fewer key presses than this cannot have found the hole by looking. */
export const KEY_MIN_PRESSES = 3;
/** Faster than a held key's auto-repeat (about 30 ms): no keyboard. */
export const KEY_MIN_GAP_MS = 20;
/** From the start point (the handle taking focus) to the last key press. */
export const KEY_MIN_DURATION_MS = 600;
/** From the puzzle's issue to its answer on the server's clock: look at the picture, then press. */
export const KEY_MIN_SOLVE_MS = 1500;
/** The track's own clock may run this much ahead of the server's (rounding, clock steps). */
const CLOCK_SLACK_MS = 100;

/**
 * A slide made with the keys looks like a person's when it is a replay of real key presses: it
 * starts at 0, every point is exactly where its key moves the handle, the presses are no faster than
 * auto-repeat and not evenly timed, and the track took no longer than the server saw pass since the
 * puzzle was issued (at least KEY_MIN_SOLVE_MS). A script must then spend the time, produce
 * consistent key moves, and still know where the hole is from the picture.
 */
export function keyboardSlideLooksHuman(
  track: SliderVerifyRequest['track'],
  serverElapsedMs: number,
): boolean {
  const [start, ...presses] = track;
  if (!start || start.x !== 0 || start.t !== 0 || start.k !== undefined) return false;
  if (presses.length < KEY_MIN_PRESSES) return false;
  const gaps: number[] = [];
  let previous = start;
  for (const point of presses) {
    if (point.k === undefined || point.y !== 0) return false;
    if (Math.abs(point.x - sliderKeyTarget(point.k, previous.x)) > 0.01) return false;
    const gap = point.t - previous.t;
    if (gap < KEY_MIN_GAP_MS) return false;
    gaps.push(gap);
    previous = point;
  }
  const duration = previous.t;
  if (duration < KEY_MIN_DURATION_MS) return false;
  if (serverElapsedMs < KEY_MIN_SOLVE_MS || duration > serverElapsedMs + CLOCK_SLACK_MS) return false;
  // A loop with a fixed sleep presses at one exact rhythm; people (and auto-repeat) do not.
  return new Set(gaps).size > 1;
}

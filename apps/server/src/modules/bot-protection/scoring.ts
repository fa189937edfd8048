import type { DataSignal, TouchDataRequest, TouchSignal } from '@haoshi/contracts';

/** Why a score went up: logged with each decision, and what the tests read. */
export type RiskReason =
  | 'no-pointer'
  | 'untrusted-events'
  | 'webdriver'
  | 'page-just-opened'
  | 'metronomic-timing'
  | 'straight-constant-track'
  | 'time-travel'
  | 'no-screen';

export interface RiskScore {
  /** 0 (a person) to 100 (a script). */
  risk: number;
  reasons: RiskReason[];
}

const weights: Readonly<Record<RiskReason, number>> = {
  // A page a person used has seen a finger or a mouse press.
  'no-pointer': 60,
  // Events a script dispatched itself (isTrusted false).
  'untrusted-events': 60,
  // navigator.webdriver: automation, though also some testing tools; alone it does not challenge.
  webdriver: 35,
  // A risky call before a person could have read the page.
  'page-just-opened': 10,
  // Gaps between events all the same length.
  'metronomic-timing': 30,
  // Mouse moves along a ruler at one speed.
  'straight-constant-track': 30,
  // Timestamps going backwards or past the page's age.
  'time-travel': 40,
  // No screen at all (headless without a window).
  'no-screen': 20,
};

/** A page open for less than this before a risky call is suspicious. */
const MIN_PAGE_AGE_MS = 400;
/** At least this many gaps before timing regularity means anything. */
const MIN_GAPS = 8;
/** Coefficient of variation below which gaps count as machine-made. */
const METRONOME_CV = 0.05;
/** At least this many moves before a track's shape means anything. */
const MIN_MOVES = 6;

function coefficientOfVariation(values: number[]): number {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  if (mean === 0) return 0;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
  return Math.sqrt(variance) / mean;
}

function gapsOf(times: number[]): number[] {
  const gaps: number[] = [];
  for (let index = 1; index < times.length; index++) gaps.push((times[index] ?? 0) - (times[index - 1] ?? 0));
  return gaps;
}

/** Mouse moves on one line at one speed: the largest distance from the first-last line, and speed spread. */
function isRulerTrack(points: Array<{ x: number; y: number; t: number }>): boolean {
  if (points.length < MIN_MOVES) return false;
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return false;
  const dx = last.x - first.x;
  const dy = last.y - first.y;
  const length = Math.hypot(dx, dy);
  if (length < 20) return false;
  const offLine = Math.max(
    ...points.map((point) => Math.abs(dy * (point.x - first.x) - dx * (point.y - first.y)) / length),
  );
  const speeds: number[] = [];
  for (let index = 1; index < points.length; index++) {
    const a = points[index - 1];
    const b = points[index];
    if (!a || !b || b.t <= a.t) continue;
    speeds.push(Math.hypot(b.x - a.x, b.y - a.y) / (b.t - a.t));
  }
  return offLine < 1.5 && speeds.length >= MIN_MOVES - 1 && coefficientOfVariation(speeds) < 0.05;
}

function isPointer(event: DataSignal): boolean {
  return event.type === 'down' || event.type === 'up' || event.type === 'click';
}

/**
 * Scores a page's signals. A person on a phone has touched the screen (trusted touch events) some
 * time after the page opened, with uneven gaps; a script posting nothing, or events it dispatched
 * itself, or a ruler-straight metronomic track, scores high and meets the slider instead.
 */
export function scoreSignals(signals: Omit<TouchDataRequest, 'session_id'>, seenPerson: boolean): RiskScore {
  const reasons = new Set<RiskReason>();
  const { touches, events, page } = signals;
  const all: Array<TouchSignal | DataSignal> = [...touches, ...events];
  const pointerSeen = touches.length > 0 || events.some(isPointer);
  if (!pointerSeen && !seenPerson) reasons.add('no-pointer');
  if (all.length > 0 && all.every((event) => !event.trusted)) reasons.add('untrusted-events');
  if (page.webdriver === true) reasons.add('webdriver');
  if (page.elapsed_ms < MIN_PAGE_AGE_MS) reasons.add('page-just-opened');
  if (!page.screen_width || !page.screen_height) reasons.add('no-screen');
  if (all.some((event) => event.t > page.elapsed_ms + 1000)) reasons.add('time-travel');

  const times = all.map((event) => event.t).sort((a, b) => a - b);
  const gaps = gapsOf(times).filter((gap) => gap > 0);
  if (gaps.length >= MIN_GAPS && coefficientOfVariation(gaps) < METRONOME_CV)
    reasons.add('metronomic-timing');

  const moves = events
    .filter((event) => event.type === 'move' && event.x !== undefined && event.y !== undefined)
    .map((event) => ({ x: event.x ?? 0, y: event.y ?? 0, t: event.t }));
  if (isRulerTrack(moves)) reasons.add('straight-constant-track');
  const fingerTrack = touches
    .filter((touch) => touch.type === 'move')
    .map((touch) => ({ x: touch.x, y: touch.y, t: touch.t }));
  if (isRulerTrack(fingerTrack)) reasons.add('straight-constant-track');

  const list = [...reasons];
  const risk = Math.min(
    100,
    list.reduce((sum, reason) => sum + weights[reason], 0),
  );
  return { risk, reasons: list };
}

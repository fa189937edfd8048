/**
 * The one formatter of instants for people: always China time (UTC+8, no daylight saving),
 * whatever zone the phone is set to, so a buyer abroad and the seller see the same day and hour.
 * The wire carries ISO instants; nothing else in the client formats them.
 */

const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

/** "2026-11-21T10:05:30" — the China wall clock as ISO text (no zone), or undefined for a bad input. */
function chinaClock(instant: string | Date): string | undefined {
  const time = new Date(instant).getTime();
  return Number.isNaN(time) ? undefined : new Date(time + CHINA_OFFSET_MS).toISOString().slice(0, 19);
}

/** "2026-11-21 10:05" (with `seconds`: "2026-11-21 10:05:30"); "" for a bad input. */
export function formatChinaDateTime(iso: string, { seconds = false }: { seconds?: boolean } = {}): string {
  const clock = chinaClock(iso);
  return clock ? `${clock.slice(0, 10)} ${clock.slice(11, seconds ? 19 : 16)}` : '';
}

/** "2026-11-21"; "" for a bad input. */
export function formatChinaDate(iso: string): string {
  return chinaClock(iso)?.slice(0, 10) ?? '';
}

/** "11-21 10:05": this year's lists, where the year goes without saying. */
export function formatChinaMonthDayTime(iso: string): string {
  const clock = chinaClock(iso);
  return clock ? `${clock.slice(5, 10)} ${clock.slice(11, 16)}` : '';
}

/** "10:05". */
export function formatChinaTimeOfDay(iso: string): string {
  return chinaClock(iso)?.slice(11, 16) ?? '';
}

/** The China calendar day of an instant, "2026-11-21": the key for grouping by day. */
export function chinaDay(instant: string | Date): string {
  return chinaClock(instant)?.slice(0, 10) ?? '';
}

const dayWords = { today: '今天', yesterday: '昨天' } as const;

/** 今天, 昨天, 11月19日, or 2025年12月31日 for another year (China days). */
export function formatChinaDayLabel(iso: string, now: Date = new Date()): string {
  const day = chinaDay(iso);
  if (day === chinaDay(now)) return dayWords.today;
  if (day === chinaDay(new Date(now.getTime() - DAY_MS))) return dayWords.yesterday;
  const [year, month, date] = day.split('-');
  const monthDay = `${Number(month)}月${Number(date)}日`;
  return year === chinaDay(now).slice(0, 4) ? monthDay : `${year}年${monthDay}`;
}

/** Items grouped by China day, keeping their order (lists come newest first). */
export function groupByChinaDay<T>(
  items: readonly T[],
  timeOf: (item: T) => string,
): Array<{ day: string; items: T[] }> {
  const groups: Array<{ day: string; items: T[] }> = [];
  for (const item of items) {
    const day = chinaDay(timeOf(item));
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}

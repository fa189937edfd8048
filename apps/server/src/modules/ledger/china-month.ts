const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** "2026-11": the month of an instant in China time (UTC+8, no daylight saving). */
export function chinaMonthOf(instant: Date): string {
  return new Date(instant.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 7);
}

/** The instants a China-time month starts and ends at ([start, end)). */
export function chinaMonthRange(month: string): { start: Date; end: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, monthNumber - 1, 1) - CHINA_OFFSET_MS);
  const end = new Date(Date.UTC(year, monthNumber, 1) - CHINA_OFFSET_MS);
  return { start, end };
}

/** `count` months ending with `month`, newest first. */
export function monthsEndingWith(month: string, count: number): string[] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, back) =>
    new Date(Date.UTC(year, monthNumber - 1 - back, 1)).toISOString().slice(0, 7),
  );
}

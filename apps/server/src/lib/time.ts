const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** Midnight of the current day in China Standard Time (UTC+8), as an instant. */
export function startOfChinaDay(now: Date): Date {
  const shifted = now.getTime() + CHINA_OFFSET_MS;
  return new Date(shifted - (shifted % 86_400_000) - CHINA_OFFSET_MS);
}

/** The current day in China Standard Time as YYYY-MM-DD (a key of per-day records). */
export const chinaDay = (now: Date) => new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

export const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

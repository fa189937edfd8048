const CHINA_OFFSET_MS = 8 * 3_600_000;

/** "2026-11-21 10:00": the instant in China time, whatever zone the phone is set to. */
export function formatChinaDateTime(iso: string): string {
  const china = new Date(new Date(iso).getTime() + CHINA_OFFSET_MS).toISOString();
  return `${china.slice(0, 10)} ${china.slice(11, 16)}`;
}

/** "2026-11-21" in China time. */
export function formatChinaDate(iso: string): string {
  return new Date(new Date(iso).getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

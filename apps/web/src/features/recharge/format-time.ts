/** "2026-11-21 10:05" in China time, whatever the phone's zone. */
export function formatChinaTime(iso: string): string {
  const shifted = new Date(new Date(iso).getTime() + 8 * 3600 * 1000).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 16)}`;
}

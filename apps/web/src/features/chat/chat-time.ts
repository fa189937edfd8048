import {
  chinaDay,
  formatChinaDayLabel,
  formatChinaMonthDayTime,
  formatChinaTimeOfDay,
} from '@/core/china-time';

/** The 消息 list's time: 10:05 today, 昨天, 11月19日 (China days). */
export function listTime(iso: string, now: Date = new Date()): string {
  return chinaDay(iso) === chinaDay(now) ? formatChinaTimeOfDay(iso) : formatChinaDayLabel(iso, now);
}

/** A separator in a conversation: 10:05 today, 昨天 10:05, 11-19 10:05. */
export function separatorTime(iso: string, now: Date = new Date()): string {
  const label = formatChinaDayLabel(iso, now);
  if (label === '今天') return formatChinaTimeOfDay(iso);
  if (label === '昨天') return `${label} ${formatChinaTimeOfDay(iso)}`;
  return formatChinaMonthDayTime(iso);
}

/** Messages further apart than this get a time separator between them. */
export const SEPARATOR_GAP_MS = 5 * 60_000;

import { formatFen } from '@/core/amount';

const pad = (value: number) => String(value).padStart(2, '0');

/** "2026-11-21" in the viewer's time zone. */
export function dateText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "¥1280.00" from integer fen. */
export const yuanText = (fen: number) => `¥${formatFen(fen)}`;

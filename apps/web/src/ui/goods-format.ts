// Light helpers of the goods card, in their own module so a screen can show a price or link a
// listing without loading the card (the home's first visit counts every kilobyte).

export { goodsDetailPath } from '@/core/brands';

/** 12345 → "1.2万". */
export function countText(count: number): string {
  return count >= 10_000 ? `${(count / 10_000).toFixed(1)}万` : String(count);
}

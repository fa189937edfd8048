// Light helpers of the goods card, in their own module so a screen can show a price or link a
// listing without loading the card (the home's first visit counts every kilobyte).

export { goodsDetailPath } from '@/core/brands';

/**
 * A wire amount ("1280.00", always two decimals) for a list: whole yuan drop ".00" because they
 * read faster; anything else is shown as it came.
 */
export function priceText(amount: string): string {
  return /^\d+\.00$/.test(amount) ? amount.slice(0, -3) : amount;
}

/** 12345 → "1.2万". */
export function countText(count: number): string {
  return count >= 10_000 ? `${(count / 10_000).toFixed(1)}万` : String(count);
}

// The SPEC §5 amount rule and fen/yuan conversion: pure functions, no schema library, so the web's
// first visit can use them without loading zod.

const amountPattern = /^\d+(\.\d{1,2})?$/;

/**
 * SPEC §5 amount rule: a number or numeric string with at most 2 decimals, greater than 0
 * (or 0 when allowZero). Returns the canonical string ("12.5" → "12.50") or undefined.
 */
export function checkAmount(value: unknown, allowZero = false): string | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return undefined;
  }
  if (!amountPattern.test(text)) return undefined;
  const fen = amountToFen(text);
  // Beyond 2^53 fen the arithmetic is no longer exact: such an amount is refused, never rounded.
  if (!Number.isSafeInteger(fen)) return undefined;
  if (fen === 0 && !allowZero) return undefined;
  return fenToAmount(fen);
}

/** "12.5" → 1250. Callers pass strings already accepted by checkAmount. */
export function amountToFen(amount: string): number {
  const [yuan = '0', cents = ''] = amount.split('.');
  return Number(yuan) * 100 + Number(cents.padEnd(2, '0'));
}

/** 1250 → "12.50"; integer arithmetic only. */
export function fenToAmount(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`fen must be a safe integer, got ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

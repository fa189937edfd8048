import { checkAmount, fenToAmount } from '@haoshi/contracts';

/** SPEC §5 amount rule: the canonical "12.50" form, or undefined when the value is not an amount. */
export function validAmount(value: unknown, allowZero = false): string | undefined {
  return checkAmount(value, allowZero);
}

/** Integer fen → "12.50". */
export function formatFen(fen: number): string {
  return fenToAmount(fen);
}

import { amountToFen, checkAmount, type TransferMain } from '@haoshi/contracts';
import { transferMessages as text } from './messages';

export interface TransferDraft {
  phone: string;
  amount: string;
  remark: string;
}

export type TransferProblems = Partial<Record<'phone' | 'amount', string>>;

/** What is wrong with the form before asking the server (the server checks everything again). */
export function transferProblems(draft: TransferDraft, main: TransferMain | undefined): TransferProblems {
  const problems: TransferProblems = {};
  if (!/^1[3-9]\d{9}$/.test(draft.phone.trim())) problems.phone = text.phoneInvalid;
  const amount = checkAmount(draft.amount);
  if (amount === undefined) problems.amount = text.amountInvalid;
  else if (main) {
    const fen = amountToFen(amount);
    if (fen > amountToFen(main.available)) problems.amount = text.amountOverBalance;
    else if (fen > amountToFen(main.single_limit))
      problems.amount = `${text.amountOverSingle} ${main.single_limit} 元`;
  }
  return problems;
}

/**
 * An Idempotency-Key for one intended transfer. crypto.getRandomValues works outside secure
 * contexts too (plain-HTTP H5 pages), unlike crypto.randomUUID.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `transfer-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

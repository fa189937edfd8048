import { z } from 'zod';
import { textSchema } from './primitives.ts';
import { amountToFen, checkAmount } from './amount.ts';

/** Wire schema for a positive amount; parses to integer fen. */
export const amountSchema = z.union([textSchema, z.number()]).transform((value, ctx) => {
  const amount = checkAmount(value);
  if (amount === undefined) {
    ctx.addIssue({ code: 'custom', message: '金额需大于0，且最多两位小数' });
    return z.NEVER;
  }
  return amountToFen(amount);
});

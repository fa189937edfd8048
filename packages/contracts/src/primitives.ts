import { z } from 'zod';

/**
 * The building blocks every request schema uses for ids and free text, so that no input reaches the
 * database out of its column's range or with a byte PostgreSQL refuses (issue 9 E.7).
 */

/** Largest value of an int4 column (serial keys, counts, prices in fen of a filter). */
export const INT4_MAX = 2_147_483_647;
const ID_INVALID = '编号无效';

/** An id given as text (query string, loose body): coerced, 1..INT4_MAX. */
export const coercedId = (message = ID_INVALID) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(INT4_MAX, message);

/** An id in a JSON body: a number, 1..INT4_MAX. */
export const numberId = (message = ID_INVALID) =>
  z.number({ error: message }).int(message).min(1, message).max(INT4_MAX, message);

export const idSchema = numberId();
/** An id in a query string. */
export const idQuerySchema = coercedId();

/** Any other integer input that meets an int4 column or comparison. */
export const int4Schema = z
  .number()
  .int()
  .min(-INT4_MAX - 1)
  .max(INT4_MAX);

/** PostgreSQL text cannot hold U+0000; refused here rather than failing in the database. */
const hasNoNul = (value: string) => !value.includes('\u0000');
/** A string of a request: no NUL character; `required` is the message when it is missing. */
export const requestText = (required?: string) =>
  z.string(required ? { error: required } : undefined).refine(hasNoNul, '不能包含特殊控制字符');
/** Every other string of a request. Chain .min/.max/.trim as with z.string(). */
export const textSchema = requestText();

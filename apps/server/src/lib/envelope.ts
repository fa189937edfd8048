import { z } from 'zod';
import { envelopeSchema } from '@haoshi/contracts';

/** The response schema of a route: the envelope around its data (validation errors add `field`). */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  envelopeSchema(data).extend({ field: z.string().optional() });

export const ok = <T>(data: T) => ({ err_code: 0, data });

import { z } from 'zod';

/** A dialog the server asks the client to show (SPEC §3): type 1 alert, 2 confirm. */
export const dialogSchema = z.object({
  type: z.union([z.literal(1), z.literal(2)]),
  title: z.string().optional(),
  message: z.string(),
  center_btn: z.string().optional(),
  right_btn: z.string().optional(),
  left_btn: z.string().optional(),
  /** Runs after confirmation: an in-app path ("/wallet"), a URL, or a native action name. */
  btn_page: z.string().optional(),
});
export type Dialog = z.infer<typeof dialogSchema>;

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    err_code: z.number().int(),
    sub_code: z.number().int().optional(),
    data: data.optional(),
    message: z.string().optional(),
    dialog: dialogSchema.optional(),
  });

export interface Envelope<T = unknown> {
  err_code: number;
  sub_code?: number;
  data?: T;
  message?: string;
  dialog?: Dialog;
  /** Present on validation failures: the dotted path of the first offending field. */
  field?: string;
}

/** The generic action result of SPEC §3. */
export const actionResultSchema = z.object({
  confirm_str: z.string().optional(),
});
export type ActionResult = z.infer<typeof actionResultSchema>;

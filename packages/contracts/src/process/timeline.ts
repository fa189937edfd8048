import { z } from 'zod';
import { processRoles } from './engine.ts';

/** One recorded transition, as screens show it (a withdrawal's timeline). */
export const processTimelineEntrySchema = z.object({
  action: z.string(),
  /** Chinese label of the action. */
  action_label: z.string(),
  /** null: the subject was created in `to`. */
  from: z.string().nullable(),
  to: z.string(),
  /** Chinese label of the state entered. */
  to_label: z.string(),
  actor_role: z.enum(processRoles),
  reason: z.string(),
  created_at: z.string(),
});
export type ProcessTimelineEntry = z.infer<typeof processTimelineEntrySchema>;

import type { Executor } from '../db/client.ts';

/**
 * One module's share of "my data" (个人信息副本): its records of the user, as plain JSON rows. Each
 * module exports its sources from its index.ts; the app hands them all to the personal centre.
 */
export interface DataExportSource {
  module: string;
  title: string;
  records(executor: Executor, userId: number): Promise<Array<Record<string, unknown>>>;
}

/** ISO text for a timestamp column that may be empty. */
export const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

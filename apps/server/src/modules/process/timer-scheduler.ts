import { and, asc, eq, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { processTimers } from './tables.ts';

/** A system transition to take at `runAt` if the subject is still in `fromState` then. */
export interface ProcessTimer {
  process: string;
  subjectId: number;
  action: string;
  fromState: string;
}

export interface ArmedTimer extends ProcessTimer {
  runAt: Date;
}

/**
 * Where timers wait until they are due. `arm` runs inside the transaction that entered the state,
 * so a rolled-back transition arms nothing. When one is due, the runner calls the engine's
 * `fireTimer`, which does nothing if the subject has moved on: a timer may fire late or twice.
 */
export interface TimerScheduler {
  arm(executor: Executor, timer: ArmedTimer): Promise<void>;
}

/** The built-in scheduler: armed timers are rows of `process_timers`, drained by `dueTimers`. */
export function createTableTimerScheduler(now: () => Date) {
  return {
    async arm(executor: Executor, timer: ArmedTimer): Promise<void> {
      await executor.insert(processTimers).values({ ...timer, createdAt: now() });
    },

    /** The ids of up to `limit` due timers, soonest first. */
    async due(executor: Executor, limit: number): Promise<number[]> {
      const rows = await executor
        .select({ id: processTimers.id })
        .from(processTimers)
        .where(lte(processTimers.runAt, now()))
        .orderBy(asc(processTimers.runAt), asc(processTimers.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Locks one armed timer unless another runner holds it (then undefined). */
    async claim(tx: Executor, id: number) {
      const [row] = await tx
        .select()
        .from(processTimers)
        .where(eq(processTimers.id, id))
        .for('update', { skipLocked: true });
      return row;
    },

    async remove(tx: Executor, id: number): Promise<void> {
      await tx.delete(processTimers).where(eq(processTimers.id, id));
    },

    /** The timers armed for one subject (tests and support). */
    armedFor(executor: Executor, process: string, subjectId: number) {
      return executor
        .select()
        .from(processTimers)
        .where(and(eq(processTimers.process, process), eq(processTimers.subjectId, subjectId)))
        .orderBy(asc(processTimers.id));
    },
  } satisfies TimerScheduler & Record<string, unknown>;
}

export type TableTimerScheduler = ReturnType<typeof createTableTimerScheduler>;

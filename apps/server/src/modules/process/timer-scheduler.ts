import type { Executor } from '../../db/client.ts';
import type { JobRunner } from '../jobs/index.ts';

/** A system transition to take at `runAt` if the subject is still in `fromState` then. */
export interface ProcessTimer {
  process: string;
  subjectId: number;
  action: string;
  fromState: string;
  /**
   * The recorded transition that entered `fromState` when the timer was armed: a timer of an
   * earlier stay in the same state is stale even when the subject is back in it.
   */
  entryId?: number;
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
  arm(executor: Executor, timers: readonly ArmedTimer[]): Promise<void>;
}

export const PROCESS_TIMER_JOB = 'process.timer';

/**
 * Timers are delayed jobs of the durable job runner, inserted in the transition's transaction (the
 * timers of many transitions by one statement).
 */
export function createJobTimerScheduler(jobs: JobRunner): TimerScheduler {
  return {
    async arm(executor, timers) {
      await jobs.sendMany<ProcessTimer>(
        PROCESS_TIMER_JOB,
        timers.map(({ runAt, ...timer }) => ({ data: timer, startAfter: runAt })),
        { executor },
      );
    },
  };
}

import fp from 'fastify-plugin';
import type { JobRunner } from '../jobs/index.ts';
import { createProcessEngine, type ProcessEngine } from './process-engine.ts';
import { createJobTimerScheduler, PROCESS_TIMER_JOB, type ProcessTimer } from './timer-scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    processes: ProcessEngine;
  }
}

const PROCESS_TIMERS_REVIVE_JOB = 'process.timers-revive';
const PROCESS_TIMERS_REVIVE_SECONDS = 600;

/**
 * The one process engine of the app. Its timers are delayed jobs: a due one fires the system
 * transition in its own transaction (a failure is retried by the runner with backoff), and does
 * nothing when the subject has moved on.
 */
export const processPlugin = fp<{ now: () => Date; jobs: JobRunner }>(
  async (app, { now, jobs }) => {
    const engine = createProcessEngine({ now, scheduler: createJobTimerScheduler(jobs) });
    jobs.work<ProcessTimer>(PROCESS_TIMER_JOB, async (job) => {
      const outcome = await engine.fireTimer(app.db, job.data);
      app.log.info({ timer: job.data, outcome }, 'process timer');
    });
    // A timer whose retries ran out (a fault of some minutes) would leave its subject where it is
    // for ever (an order never released, never expired): it is tried again every few minutes until
    // it fires or finds itself stale; firing late or twice is harmless.
    jobs.work(PROCESS_TIMERS_REVIVE_JOB, async () => {
      const revived = await jobs.retryFailed(PROCESS_TIMER_JOB);
      if (revived > 0) app.log.warn({ revived }, 'process timers: failed timers tried again');
    });
    jobs.schedule(PROCESS_TIMERS_REVIVE_JOB, PROCESS_TIMERS_REVIVE_SECONDS);
    app.decorate('processes', engine);
  },
  { name: 'processes' },
);

import fp from 'fastify-plugin';
import type { JobRunner } from '../jobs/index.ts';
import { createProcessEngine, type ProcessEngine } from './process-engine.ts';
import { createJobTimerScheduler, PROCESS_TIMER_JOB, type ProcessTimer } from './timer-scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    processes: ProcessEngine;
  }
}

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
    app.decorate('processes', engine);
  },
  { name: 'processes' },
);

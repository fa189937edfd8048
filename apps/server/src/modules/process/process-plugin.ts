import fp from 'fastify-plugin';
import { createProcessEngine, type ProcessEngine } from './process-engine.ts';
import { fireDueTimers } from './timer-runner.ts';
import { createTableTimerScheduler, type TimerScheduler } from './timer-scheduler.ts';

export interface ProcessTimerJobs {
  /** One pass over the due timers (the job runner calls it; tests call it directly). */
  fireDue: (limit?: number) => Promise<{ fired: number; stale: number; errors: unknown[] }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    processes: ProcessEngine;
    processTimers: ProcessTimerJobs;
  }
}

/**
 * The one process engine of the app. Timers are armed in `scheduler` when given (a job runner's),
 * else in the built-in table, which `processTimers.fireDue` drains either way.
 */
export const processPlugin = fp<{ now: () => Date; scheduler?: TimerScheduler }>(
  async (app, options) => {
    const { now } = options;
    const scheduler = createTableTimerScheduler(now);
    const engine = createProcessEngine({ now, scheduler: options.scheduler ?? scheduler });
    app.decorate('processes', engine);
    app.decorate('processTimers', {
      fireDue: (limit?: number) => fireDueTimers({ db: app.db, engine, scheduler }, limit),
    });
  },
  { name: 'processes' },
);

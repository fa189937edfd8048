import { afterEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createJobRunner, type JobRunner } from '../src/modules/jobs/index.ts';
import { databaseKind, freshDatabase, TestClock } from './helpers/test-app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';

const log = pino({ enabled: false });
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup() {
  const { handle, dispose } = await freshDatabase();
  cleanups.push(dispose);
  return { handle, clock: new TestClock() };
}

function runnerOn(handle: DatabaseHandle, clock: TestClock): JobRunner {
  const runner = createJobRunner({ sql: handle.sql, now: clock.now, log, manualTime: true });
  cleanups.push(() => runner.stop());
  return runner;
}

describe(`job runner on ${databaseKind}`, () => {
  it('runs a delayed job only once it is due on the app clock, and keeps it across a restart', async () => {
    const { handle, clock } = await setup();
    const first = runnerOn(handle, clock);
    first.work('greet', async () => undefined);
    await first.prepare();
    await first.send('greet', { who: 'a' }, { startAfter: new Date(clock.now().getTime() + 60_000) });
    expect(await first.runDue()).toEqual({ completed: 0, failed: 0 });
    await first.stop();

    // A new process on the same database finds the job and runs it when the time comes.
    const seen: unknown[] = [];
    const second = runnerOn(handle, clock);
    second.work<{ who: string }>('greet', async (job) => void seen.push(job.data));
    clock.advance(59);
    expect((await second.runDue()).completed).toBe(0);
    clock.advance(2);
    expect(await second.runDue()).toEqual({ completed: 1, failed: 0 });
    expect(seen).toEqual([{ who: 'a' }]);
  });

  it('retries a failing job with a growing delay until it succeeds', async () => {
    const { handle, clock } = await setup();
    const runner = runnerOn(handle, clock);
    const attempts: number[] = [];
    runner.work(
      'flaky',
      async (job) => {
        attempts.push(job.retryCount);
        if (job.retryCount < 2) throw new Error('provider down');
      },
      { retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true },
    );
    await runner.prepare();
    await runner.send('flaky', {});
    expect(await runner.runDue()).toEqual({ completed: 0, failed: 1 });
    // First retry after 10–20 s (10 s doubled once, halved, plus up to as much again of jitter).
    clock.advance(9);
    expect(await runner.runDue()).toEqual({ completed: 0, failed: 0 });
    clock.advance(12);
    expect(await runner.runDue()).toEqual({ completed: 0, failed: 1 });
    // Second retry after 20–40 s.
    clock.advance(19);
    expect(await runner.runDue()).toEqual({ completed: 0, failed: 0 });
    clock.advance(22);
    expect(await runner.runDue()).toEqual({ completed: 1, failed: 0 });
    expect(attempts).toEqual([0, 1, 2]);
  });

  it('a failing job stops neither the other jobs of its queue nor other queues', async () => {
    const { handle, clock } = await setup();
    const runner = runnerOn(handle, clock);
    const done: string[] = [];
    runner.work<{ id: string }>(
      'mixed',
      async (job) => {
        if (job.data.id === 'bad') throw new Error('boom');
        done.push(job.data.id);
      },
      { retryLimit: 0 },
    );
    runner.work<{ id: string }>('other', async (job) => void done.push(job.data.id));
    await runner.prepare();
    await runner.send('mixed', { id: 'bad' });
    await runner.send('mixed', { id: 'good' });
    await runner.send('other', { id: 'elsewhere' });
    expect(await runner.runDue()).toEqual({ completed: 2, failed: 1 });
    expect(done.sort()).toEqual(['elsewhere', 'good']);
    // No retry left: the bad job is failed for good.
    clock.advance(3600);
    expect(await runner.runDue()).toEqual({ completed: 0, failed: 0 });
  });

  it('a job sent inside a transaction exists only if the transaction commits', async () => {
    const { handle, clock } = await setup();
    const runner = runnerOn(handle, clock);
    const seen: string[] = [];
    runner.work<{ id: string }>('timer', async (job) => void seen.push(job.data.id));
    await runner.prepare();
    await expect(
      handle.db.transaction(async (tx) => {
        await runner.send('timer', { id: 'rolled-back' }, { executor: tx });
        throw new Error('business rule refused');
      }),
    ).rejects.toThrow('business rule refused');
    await handle.db.transaction(async (tx) => {
      await runner.send('timer', { id: 'committed' }, { executor: tx });
    });
    expect(await runner.runDue()).toEqual({ completed: 1, failed: 0 });
    expect(seen).toEqual(['committed']);
  });

  it('keeps one waiting job per singleton key on a short queue', async () => {
    const { handle, clock } = await setup();
    const runner = runnerOn(handle, clock);
    runner.work('expire', async () => undefined, { policy: 'short' });
    await runner.prepare();
    expect(await runner.send('expire', {}, { singletonKey: 'listing:1' })).not.toBeNull();
    expect(await runner.send('expire', {}, { singletonKey: 'listing:1' })).toBeNull();
    expect(await runner.send('expire', {}, { singletonKey: 'listing:2' })).not.toBeNull();
    expect((await runner.runDue()).completed).toBe(2);
  });

  it('drains a backlog bigger than a batch at once, not one batch per polling interval', async () => {
    const { handle, clock } = await setup();
    // Real time, and a poll only every 30 s: what is not drained after the first poll waits 30 s.
    const runner = createJobRunner({ sql: handle.sql, now: clock.now, log, pollingIntervalSeconds: 30 });
    cleanups.push(() => runner.stop());
    const ran: number[] = [];
    runner.work<{ n: number }>('backlog', async (job) => {
      if (job.data.n === 17) throw new Error('this one fails');
      ran.push(job.data.n);
    });
    await runner.prepare();
    for (let n = 0; n < 35; n++) await runner.send('backlog', { n }, { retryLimit: 0 });
    await runner.start();
    const states = async () =>
      (
        await handle.sql.executeSql(
          `select state, count(*)::int as n from pgboss.job where name = 'backlog' group by state`,
          [],
        )
      ).rows as { state: string; n: number }[];
    for (let wait = 0; wait < 100 && ran.length < 34; wait++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect([...ran].sort((a, b) => a - b)).toEqual([...Array(35).keys()].filter((n) => n !== 17));
    expect(await states()).toEqual(
      expect.arrayContaining([
        { state: 'completed', n: 34 },
        { state: 'failed', n: 1 },
      ]),
    );
  });

  it('runs a periodic job once per period even with two runners on one database', async () => {
    const { handle, clock } = await setup();
    const runs: string[] = [];
    const runners = [runnerOn(handle, clock), runnerOn(handle, clock)];
    for (const runner of runners) {
      runner.work('sweep', async (job) => void runs.push(job.id));
      runner.schedule('sweep', 60);
      await runner.prepare();
    }
    await Promise.all(runners.map((runner) => runner.runDue()));
    await Promise.all(runners.map((runner) => runner.runDue()));
    expect(runs).toHaveLength(1);
    clock.advance(60);
    await Promise.all(runners.map((runner) => runner.runDue()));
    expect(runs).toHaveLength(2);
    expect(new Set(runs).size).toBe(2);
  });
});

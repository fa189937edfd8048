import PgBoss from 'pg-boss';
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { JOB_SCHEMA } from './job-schema.ts';
import { executorAdapter, type SqlAdapter } from './sql-adapter.ts';

export interface Job<T> {
  id: string;
  name: string;
  data: T;
  /** 0 on the first run, then 1, 2… on each retry. */
  retryCount: number;
}

export type JobHandler<T> = (job: Job<T>) => Promise<unknown>;

export interface RetryPolicy {
  /** Retries after the first failure (default 5). */
  retryLimit?: number;
  /** Delay before the first retry (default 5 s). */
  retryDelaySeconds?: number;
  /** Double the delay on each retry, with jitter (default true). */
  retryBackoff?: boolean;
}

export interface SendOptions extends RetryPolicy {
  /** Not before this time, on the app's clock. */
  startAfter?: Date;
  /** With a queue declared `policy: 'short'`: at most one waiting job per key (a second send returns null). */
  singletonKey?: string;
  /** Insert the job in this transaction: it exists only if the transaction commits. */
  executor?: Executor;
}

export interface WorkOptions extends RetryPolicy {
  policy?: 'standard' | 'short';
  /** A run still active after this long counts as failed (default 15 minutes). */
  expireInSeconds?: number;
}

export interface RunReport {
  completed: number;
  failed: number;
}

/**
 * Durable jobs in the database (pg-boss on PostgreSQL and on the embedded PGlite alike): delayed
 * jobs, retries with backoff, one run per job across instances, periodic jobs run once per period.
 */
export interface JobRunner {
  /** Declares a queue and its handler; before the app is ready. */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): void;
  /** Runs the queue's handler once per period of `everySeconds` across all instances. */
  schedule(name: string, everySeconds: number): void;
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Inserts many jobs of one queue by one statement (the queue's retry policy; no singleton key). */
  sendMany<T extends object>(
    name: string,
    jobs: readonly { data: T; startAfter?: Date }[],
    options?: Pick<SendOptions, 'executor'>,
  ): Promise<void>;
  /**
   * Gives the failed jobs of a queue (retries used up) one more try each, now; answers how many.
   * For queues whose handlers are safe to run late or twice (process timers).
   */
  retryFailed(name: string): Promise<number>;
  /** Opens the queues (buildApp's onReady); `send` and `runDue` work from then on. */
  prepare(): Promise<void>;
  /** Starts polling and the periodic clock (main.ts, once the server listens). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Runs, in this process and now, every job due on the app's clock, periodic ones included, until
   * none is left (retries whose delay has passed included). Tests drive the runner with it.
   */
  runDue(): Promise<RunReport>;
}

const DEFAULT_RETRY = { retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true } as const;
/** Failed jobs given another try per `retryFailed` call. */
const RETRY_FAILED_BATCH = 500;
const PERIODIC_TICK_MS = 1000;
const MAX_ROUNDS = 100;
const WORKER_BATCH_SIZE = 10;
/** Further batches a worker fetches at once after a full one, before it hands back to pg-boss's poll. */
const DRAIN_BATCHES = 100;
const MANUAL_TIME_SHIFT_MS = 100 * 365 * 24 * 3600_000;

/** The same id on every instance for one period of one periodic job, so only the first insert counts. */
export function periodJobId(name: string, slot: number): string {
  const hex = createHash('sha256').update(`haoshi-period:${name}:${slot}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const failureOf = (error: unknown) => ({ message: error instanceof Error ? error.message : String(error) });

export function createJobRunner(options: {
  sql: SqlAdapter;
  now: () => Date;
  log: FastifyBaseLogger;
  /**
   * The app's clock is moved by hand (tests): delayed jobs and retries of `runDue` fall due on that
   * clock only, through `runDue`, never on their own. Off in production.
   */
  manualTime?: boolean;
  pollingIntervalSeconds?: number;
}): JobRunner {
  const { sql, now, log } = options;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
  const queues = new Map<string, { handler: JobHandler<object>; options: WorkOptions }>();
  const schedules = new Map<string, { everyMs: number; lastSlot: number | undefined }>();
  // The database's clock decides when a job is due. Under manual time, app times are stored a century
  // ahead, out of that clock's reach, so only runDue (comparing with the shifted app time) makes a
  // delayed job or a retry due.
  const shiftMs = options.manualTime ? MANUAL_TIME_SHIFT_MS : 0;
  const toDatabaseTime = (date: Date) => new Date(date.getTime() + shiftMs);

  const boss = new PgBoss({ db: sql, schema: JOB_SCHEMA, migrate: false, supervise: false, schedule: false });
  boss.on('error', (error) => log.error({ err: error }, 'jobs: queue error'));
  let worker: PgBoss | undefined;
  let prepared: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  function queueOf(name: string) {
    const queue = queues.get(name);
    if (!queue) throw new Error(`jobs: no handler for ${name}`);
    return queue;
  }

  async function execute(name: string, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    try {
      await queueOf(name).handler({ id: job.id, name, data: job.data, retryCount: job.retryCount });
    } catch (error) {
      log.error({ err: error, job: name, id: job.id, retry: job.retryCount }, 'jobs: run failed');
      throw error;
    }
  }

  async function enqueuePeriodic(): Promise<void> {
    const at = now().getTime();
    for (const [name, period] of schedules) {
      const slot = Math.floor(at / period.everyMs);
      if (slot === period.lastSlot) continue;
      try {
        await boss.send(name, {}, { id: periodJobId(name, slot), retryLimit: 0 });
        period.lastSlot = slot;
      } catch (error) {
        log.error({ err: error, job: name }, 'jobs: could not enqueue a periodic run');
      }
    }
  }

  function tick(): void {
    void enqueuePeriodic().finally(() => {
      if (stopped) return;
      timer = setTimeout(tick, PERIODIC_TICK_MS);
      timer.unref();
    });
  }

  /** Makes what is due on the app's clock due for the database too (a no-op in production). */
  async function pullDueForward(names: string[], at: Date): Promise<void> {
    await sql.executeSql(
      `update ${JOB_SCHEMA}.job set start_after = now() - interval '1 second'
        where name = any($1::text[]) and state in ('created', 'retry') and start_after <= $2::timestamptz`,
      [names, at.toISOString()],
    );
  }

  /** pg-boss dates a retry on the database clock; re-date it on the app's. */
  async function dateRetryOnAppClock(name: string, id: string): Promise<void> {
    await sql.executeSql(
      `update ${JOB_SCHEMA}.job set start_after = $3::timestamptz + (start_after - now())
        where name = $1 and id = $2::uuid and state = 'retry'`,
      [name, id, toDatabaseTime(now()).toISOString()],
    );
  }

  function prepare(): Promise<void> {
    prepared ??= (async () => {
      await boss.start();
      for (const [name, { options: queueOptions }] of queues) {
        const periodic = schedules.get(name);
        const settings = {
          retryLimit: queueOptions.retryLimit ?? DEFAULT_RETRY.retryLimit,
          retryDelay: queueOptions.retryDelaySeconds ?? DEFAULT_RETRY.retryDelaySeconds,
          retryBackoff: queueOptions.retryBackoff ?? DEFAULT_RETRY.retryBackoff,
          // A periodic run stuck on a dead instance must not block later periods for long.
          expireInSeconds:
            queueOptions.expireInSeconds ?? (periodic ? Math.max(60, (2 * periodic.everyMs) / 1000) : 900),
        };
        // Not 'singleton' for periodic queues: a run left active by a killed instance would hold
        // every later period back until it expires. Periodic handlers are safe side by side (as
        // the per-instance loops they replace had to be); one instance runs a queue's jobs in turn.
        const policy = queueOptions.policy ?? 'standard';
        await boss.createQueue(name, { name, policy, ...settings });
        await boss.updateQueue(name, { name, policy, ...settings });
      }
    })();
    return prepared;
  }

  return {
    work(name, handler, workOptions = {}) {
      if (prepared) throw new Error(`jobs: ${name} declared after the runner was prepared`);
      queues.set(name, { handler: handler as JobHandler<object>, options: workOptions });
    },

    schedule(name, everySeconds) {
      queueOf(name);
      schedules.set(name, { everyMs: everySeconds * 1000, lastSlot: undefined });
    },

    async send(name, data, sendOptions = {}) {
      await prepare();
      const { startAfter, singletonKey, executor, retryLimit, retryDelaySeconds, retryBackoff } = sendOptions;
      return boss.send(name, data, {
        ...(startAfter ? { startAfter: toDatabaseTime(startAfter) } : {}),
        ...(singletonKey ? { singletonKey } : {}),
        ...(retryLimit !== undefined ? { retryLimit } : {}),
        ...(retryDelaySeconds !== undefined ? { retryDelay: retryDelaySeconds } : {}),
        ...(retryBackoff !== undefined ? { retryBackoff } : {}),
        ...(executor ? { db: executorAdapter(executor) } : {}),
      });
    },

    async sendMany(name, jobs, { executor } = {}) {
      if (jobs.length === 0) return;
      await prepare();
      await boss.insert(
        jobs.map(({ data, startAfter }) => ({
          name,
          data,
          ...(startAfter ? { startAfter: toDatabaseTime(startAfter) } : {}),
        })),
        executor ? { db: executorAdapter(executor) } : {},
      );
    },

    prepare,

    async start() {
      await prepare();
      if (worker || stopped) return;
      const polling = new PgBoss({
        db: sql,
        schema: JOB_SCHEMA,
        migrate: false,
        supervise: true,
        schedule: false,
        archiveCompletedAfterSeconds: 3600,
        deleteAfterDays: 2,
      });
      worker = polling;
      polling.on('error', (error) => log.error({ err: error }, 'jobs: worker error'));
      await polling.start();
      // Each job that fails is failed on its own, so one bad job neither fails nor holds up the
      // others; answers the ids that ran to the end.
      const runBatch = async (name: string, jobs: PgBoss.JobWithMetadata<object>[]) => {
        const done: string[] = [];
        for (const job of jobs) {
          try {
            await execute(name, job);
            done.push(job.id);
          } catch (error) {
            await polling.fail(name, job.id, failureOf(error));
          }
        }
        return done;
      };
      for (const name of queues.keys()) {
        // pg-boss hands a batch per poll and completes it when the handler returns. A full batch
        // means more are due (a busy spell's timers falling due together): they are fetched and
        // run at once, up to DRAIN_BATCHES more, instead of one batch per polling interval, which
        // capped a queue at 10 jobs a second.
        await polling.work<object>(
          name,
          { pollingIntervalSeconds, batchSize: WORKER_BATCH_SIZE, includeMetadata: true },
          async (jobs) => {
            await runBatch(name, jobs);
            let full = jobs.length === WORKER_BATCH_SIZE;
            for (let drained = 0; full && drained < DRAIN_BATCHES && !stopped; drained++) {
              const more = await polling.fetch<object>(name, {
                batchSize: WORKER_BATCH_SIZE,
                includeMetadata: true,
              });
              const done = await runBatch(name, more);
              if (done.length > 0) await polling.complete(name, done);
              full = more.length === WORKER_BATCH_SIZE;
            }
          },
        );
      }
      tick();
    },

    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (worker) await worker.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
      if (prepared) {
        await prepared.catch(() => undefined);
        await boss.stop({ graceful: false, wait: true, close: false });
      }
    },

    async retryFailed(name) {
      await prepare();
      const { rows } = await sql.executeSql(
        `select id from ${JOB_SCHEMA}.job where name = $1 and state = 'failed' order by id limit $2`,
        [name, RETRY_FAILED_BATCH],
      );
      const ids = (rows as { id: string }[]).map((row) => row.id);
      if (ids.length === 0) return 0;
      await boss.retry(name, ids);
      return ids.length;
    },

    async runDue() {
      await prepare();
      await enqueuePeriodic();
      await pullDueForward([...queues.keys()], toDatabaseTime(now()));
      const report: RunReport = { completed: 0, failed: 0 };
      for (let round = 0; round < MAX_ROUNDS; round++) {
        let ran = 0;
        for (const name of queues.keys()) {
          const jobs = await boss.fetch<object>(name, { batchSize: 50, includeMetadata: true });
          for (const job of jobs) {
            ran++;
            try {
              await execute(name, job);
              await boss.complete(name, job.id);
              report.completed++;
            } catch (error) {
              await boss.fail(name, job.id, failureOf(error));
              await dateRetryOnAppClock(name, job.id);
              report.failed++;
            }
          }
        }
        if (ran === 0) break;
      }
      return report;
    },
  };
}

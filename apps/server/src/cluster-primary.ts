import cluster from 'node:cluster';
import pino from 'pino';
import type { Config } from './config.ts';

/** A worker that dies sooner than this after it started counts as a failed start. */
const QUICK_DEATH_MS = 10_000;
/** After this many failed starts in a row the primary gives up instead of looping. */
const MAX_FAILED_STARTS = 5;
/** How long the workers get to finish their requests after a stop signal. */
const STOP_GRACE_MS = 15_000;

/**
 * The primary of `SERVER_PROCESSES` > 1: forks the server processes that share the port (the
 * first alone, so that it migrates and seeds before the others start), replaces one that dies, and
 * on SIGTERM/SIGINT stops them all and exits once they have.
 */
export function runPrimary(config: Pick<Config, 'SERVER_PROCESSES' | 'LOG_LEVEL'>): void {
  const processes = config.SERVER_PROCESSES;
  const log = pino({ level: config.LOG_LEVEL }).child({ role: 'primary' });
  /** When each live worker started, by worker id. */
  const startedAt = new Map<number, number>();
  let failedStarts = 0;
  let stopping = false;
  let allForked = false;

  const fork = (first: boolean) => {
    // Only the first process seeds the demo; the others start once it is listening.
    const worker = cluster.fork(first ? {} : { SEED_DEMO: 'false' });
    startedAt.set(worker.id, Date.now());
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, stopping ${startedAt.size} processes`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    if (startedAt.size === 0) process.exit();
    const force = setTimeout(() => {
      log.error('processes still running after the grace period, exiting');
      process.exit(1);
    }, STOP_GRACE_MS);
    force.unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (startedAt.size === 0) process.exit();
      return;
    }
    failedStarts = lived < QUICK_DEATH_MS ? failedStarts + 1 : 0;
    log.error({ pid: worker.process.pid, code, signal }, 'a server process died');
    if (failedStarts >= MAX_FAILED_STARTS) {
      log.fatal(`${failedStarts} server processes died right after starting; giving up`);
      process.exitCode = 1;
      stop('SIGTERM');
      return;
    }
    fork(!allForked);
  });

  cluster.on('listening', () => {
    if (allForked) return;
    allForked = true;
    for (let index = 1; index < processes; index += 1) fork(false);
    log.info(`${processes} server processes sharing the port`);
  });
  fork(true);
}

import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { databaseKind, freshDatabase } from './helpers/test-app.ts';
import { startServerProcess } from './helpers/server-process.ts';

/**
 * `SERVER_PROCESSES` > 1: the real server as a primary and its server processes sharing the port.
 * On PostgreSQL with Redis the whole life: both answer, a killed one is replaced, SIGTERM stops all.
 * Everywhere: without PostgreSQL and Redis it refuses to start, saying why.
 */
const redisUrl = process.env.REDIS_URL;
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * The live server processes the primary `pid` forked (Linux /proc): its children running main.ts.
 * Run through tsx, the primary may also have esbuild's service process as a child (a cold cache).
 */
function serverProcessesOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      if (fields[1] !== String(pid) || fields[0] === 'Z') continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('main.ts')) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children.sort((a, b) => a - b);
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe(`several server processes (${databaseKind})`, () => {
  it('refuses to start more than one process without PostgreSQL and Redis', async () => {
    const started = startServerProcess({ env: { SERVER_PROCESSES: '2' }, startTimeoutMs: 60_000 });
    await expect(started).rejects.toThrow(/SERVER_PROCESSES=2 needs DATABASE_URL .* and REDIS_URL/);
  }, 90_000);

  it.runIf(databaseKind === 'postgres' && redisUrl)(
    'serves from two processes, replaces one that dies and stops them all on SIGTERM',
    async () => {
      const database = await freshDatabase();
      cleanups.push(database.dispose);
      const namespace = `cluster-${randomBytes(4).toString('hex')}`;
      const server = await startServerProcess({
        env: {
          SERVER_PROCESSES: '2',
          DATABASE_URL: database.url ?? '',
          REDIS_URL: redisUrl ?? '',
          RATE_LIMIT_NAMESPACE: `${namespace}:rl:`,
          CACHE_BUS_CHANNEL: `${namespace}:bus`,
          CHAT_BUS_CHANNEL: `${namespace}:chat`,
          LOG_LEVEL: 'info',
        },
        startTimeoutMs: 120_000,
      });
      cleanups.push(server.stop);
      try {
        const primary = server.child.pid ?? 0;
        // A new connection each time: a kept-alive one may belong to the process killed below.
        const healthy = (timeout = 10_000) =>
          new Promise<boolean>((resolve, reject) => {
            const request = get(`${server.base}/healthz`, { agent: false, timeout }, (response) => {
              response.resume();
              resolve(response.statusCode === 200);
            });
            request.once('timeout', () => request.destroy(new Error(`no answer in ${timeout} ms`)));
            request.once('error', reject);
          });

        // Each process logs (JSON, with its pid) when it listens, and the primary when one died. On a
        // loaded machine a process may also die while starting, for reasons of its own (PostgreSQL out
        // of connections, say), and be replaced: so the steps go by pid, not by counts.
        const listening = (pid: number) =>
          server
            .log()
            .split('\n')
            .some((line) => line.includes(`"pid":${pid},`) && line.includes('haoshi serving on'));
        const deaths = () => server.log().match(/a server process died/g)?.length ?? 0;
        const workers = await until('two processes, both listening', () => {
          const children = serverProcessesOf(primary);
          return children.length === 2 && children.every(listening) ? children : undefined;
        });
        const answers = await Promise.all(Array.from({ length: 20 }, () => healthy()));
        expect(answers.every(Boolean)).toBe(true);

        const [killed = 0, survivor = 0] = workers;
        const deathsBefore = deaths();
        process.kill(killed, 'SIGKILL');
        // The survivor answers while a replacement starts. Node's primary may still hand a connection
        // or two to the dead process until it has seen both its exit and its channel close: retried.
        await until('the primary noticing', () => (deaths() > deathsBefore ? true : undefined));
        await until('the survivor answering', () =>
          healthy(3000).then(
            (ok) => ok || undefined,
            () => undefined,
          ),
        );
        const replaced = await until('a replacement process', () => {
          const children = serverProcessesOf(primary);
          return children.length === 2 && !children.includes(killed) ? children : undefined;
        });
        expect(replaced).toContain(survivor);
        await until('the replacement listening', () => (replaced.every(listening) ? true : undefined));
        expect(await healthy()).toBe(true);

        process.kill(primary, 'SIGTERM');
        await server.exited;
        expect(server.child.exitCode).toBe(0);
        expect(replaced.filter((pid) => readdirSync('/proc').includes(String(pid)))).toEqual([]);
      } catch (error) {
        // What the processes said is the first thing to read when this fails.
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`${message}\n--- server log ---\n${server.log().slice(-4000)}`, { cause: error });
      }
    },
    300_000,
  );
});

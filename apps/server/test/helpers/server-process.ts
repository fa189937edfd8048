import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Resolves once the process has exited (however it ended). */
  exited: Promise<void>;
  /** Everything the process printed so far. */
  log: () => string;
  /** SIGKILL unless already gone, then waits for the exit. */
  stop: () => Promise<void>;
}

/**
 * Starts the real server (`src/main.ts`, as in production) in its own process on `port` (a free one
 * if not given) and waits until /healthz answers. Scripted logins: bot protection is off here; it has
 * its own suite (bot-protection.test.ts).
 */
export async function startServerProcess(options: {
  env: Record<string, string>;
  port?: number;
  /** Migrating a fresh PGlite directory takes minutes on a loaded two-core machine. */
  startTimeoutMs?: number;
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      BOT_PROTECTION: 'off',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      RATE_LIMIT_MAX: '1000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 300_000);
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited (${child.exitCode}):\n${output.slice(-3000)}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not start:\n${output.slice(-3000)}`);
    }
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, base, exited, log: () => output, stop };
}

import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface DemoServer {
  origin: string;
  stop(): void;
}

async function waitForHealth(url: string): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server did not become healthy at ${url}`);
}

/**
 * The server as `npm start` runs it (compiled, demo data seeded) on a fresh embedded database in its
 * own temporary data directory, serving the web build at `webDist`. Run after `npm run build`.
 */
export async function startDemoServer(options: {
  port: number;
  webDist: string;
  /** `off` for a bench that logs a user in by script (a scripted SMS request is refused otherwise). */
  botProtection?: 'off';
}): Promise<DemoServer> {
  const environment = { ...process.env };
  // A shared database would carry data (and SMS counters) over from run to run.
  delete environment.DATABASE_URL;
  delete environment.REDIS_URL;
  const server = spawn('node', ['--conditions=haoshi-dist', 'dist/main.js'], {
    cwd: join(repoRoot, 'apps/server'),
    env: {
      ...environment,
      PORT: String(options.port),
      WEB_DIST: options.webDist,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'haoshi-bench-')),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      ...(options.botProtection ? { BOT_PROTECTION: options.botProtection } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<never>((_resolve, reject) =>
    server.once('exit', (code) => reject(new Error(`server exited (code ${code}) before it was healthy`))),
  );
  try {
    await Promise.race([waitForHealth(`${origin}/healthz`), exited]);
  } catch (error) {
    server.kill('SIGTERM');
    throw error;
  }
  return { origin, stop: () => server.kill('SIGTERM') };
}

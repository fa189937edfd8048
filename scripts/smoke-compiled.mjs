// The compiled server as production runs it (`npm run build` first): starts dist/main.js with no
// TypeScript loader, checks its answers and headers, runs the command-line tools from dist, and
// checks that production refuses to start without what it needs. Runs on whichever Node runs it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'apps/server/dist');
const node = process.execPath;
const withDist = ['--conditions=haoshi-dist'];
const port = 18_000 + Math.floor(Math.random() * 1000);
const dataDir = mkdtempSync(join(tmpdir(), 'haoshi-compiled-'));
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', SEED_DEMO: 'false' };
delete env.DATABASE_URL;
delete env.REDIS_URL;

function check(condition, what) {
  if (!condition) throw new Error(`compiled build: ${what}`);
  console.log(`ok - ${what}`);
}

function run(args, extraEnv = {}) {
  return spawnSync(node, args, {
    cwd: root,
    env: { ...env, ...extraEnv },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

async function startAndProbe() {
  const server = spawn(node, [...withDist, join(dist, 'main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let attempt = 0; attempt < 600; attempt++) {
      if (server.exitCode !== null) throw new Error(`compiled server exited with ${server.exitCode}`);
      const response = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
      if (response?.ok) {
        check((await response.json()).data?.status === 'ok', '/healthz answers ok');
        check(
          /frame-ancestors 'none'/.test(response.headers.get('content-security-policy') ?? ''),
          'CSP header sent',
        );
        check(response.headers.get('x-content-type-options') === 'nosniff', 'nosniff header sent');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('compiled server did not become healthy');
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

try {
  check(
    existsSync(join(dist, 'main.js')),
    `${join('apps/server/dist', 'main.js')} exists (run npm run build)`,
  );
  console.log(`# Node ${process.version}`);
  await startAndProbe();

  const users = run([...withDist, join(dist, 'cli/admin.js'), 'users']);
  check(users.status === 0, `admin tool runs from dist (${users.stdout.trim() || users.stderr.trim()})`);
  const ledger = run([...withDist, join(dist, 'cli/ledger-check.js')]);
  check(ledger.status === 0, 'ledger check runs from dist and finds the books balanced');

  const production = run([...withDist, join(dist, 'main.js')], { NODE_ENV: 'production' });
  check(
    production.status !== 0 && /Refusing to start with NODE_ENV=production/.test(production.stderr),
    'production refuses to start on the development stand-ins',
  );
  const seedInProduction = run([...withDist, join(dist, 'cli/seed.js')], { NODE_ENV: 'production' });
  check(seedInProduction.status !== 0, 'the seed tool refuses production');

  const noCondition = run([join(dist, 'cli/admin.js'), 'users']);
  check(
    noCondition.status !== 0,
    'dist refuses to run on the contracts sources (no --conditions=haoshi-dist)',
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// Runs the server suites on the embedded PGlite, then again on PostgreSQL when DATABASE_URL is set,
// on the Node that runs this script (CI runs it on the machine's Node and on the LTS of production).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

const { DATABASE_URL, ...withoutDatabase } = process.env;

function run(label, env) {
  console.log(`\n=== server suites on ${label}, Node ${process.version} ===`);
  const result = spawnSync(process.execPath, [vitest, 'run', '--project', 'server'], {
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('PGlite (embedded)', withoutDatabase);
if (DATABASE_URL) {
  run(`PostgreSQL (${new URL(DATABASE_URL).host})`, process.env);
} else {
  console.log('\nDATABASE_URL is not set: the server suites ran on PGlite only (CI sets it for PostgreSQL).');
}

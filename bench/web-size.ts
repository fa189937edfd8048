/**
 * Prints the gzip bytes of JS and CSS that a first visit to `/` downloads (measured by loading the
 * page in Chromium against the real server), and each route chunk's own size from Vite's manifest.
 * Run after `npm run build`:  npm run web-size -w @haoshi/bench
 */
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const PORT = Number(process.env.HAOSHI_WEB_SIZE_PORT ?? 8282);
const root = fileURLToPath(new URL('..', import.meta.url));
/** HAOSHI_WEB_DIST measures another build (e.g. `vite build --outDir /tmp/x`). */
const dist = process.env.HAOSHI_WEB_DIST ?? join(root, 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  css?: string[];
}

const gzipBytes = (buffer: Buffer) => gzipSync(buffer, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function waitForHealth(url: string) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server did not become healthy at ${url}`);
}

async function measureFirstVisit(): Promise<{ js: number; css: number; files: Array<[string, number]> }> {
  const server = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      WEB_DIST: dist,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'haoshi-bench-')),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(`http://127.0.0.1:${PORT}/healthz`);
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    const page = await browser.newPage({ viewport: { width: 375, height: 812 }, isMobile: true });
    const pending: Array<Promise<[string, number]>> = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!/\.(js|css)$/.test(url.pathname)) return;
      pending.push(response.body().then((body): [string, number] => [url.pathname, gzipBytes(body)]));
    });
    await page.goto(`http://127.0.0.1:${PORT}/`, { waitUntil: 'networkidle' });
    const files = await Promise.all(pending);
    await browser.close();
    const sum = (ext: string) =>
      files.filter(([name]) => name.endsWith(ext)).reduce((total, [, size]) => total + size, 0);
    return { js: sum('.js'), css: sum('.css'), files };
  } finally {
    server.kill('SIGTERM');
  }
}

function routeChunks(): Array<[string, number]> {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  return Object.values(manifest)
    .filter((chunk) => chunk.isDynamicEntry && chunk.file.endsWith('.js'))
    .map((chunk): [string, number] => [
      chunk.src ?? chunk.file,
      gzipBytes(readFileSync(join(dist, chunk.file))),
    ])
    .sort((a, b) => b[1] - a[1]);
}

if (!existsSync(manifestPath)) {
  console.error(`${dist} is not built: run \`npm run build\` first`);
  process.exit(1);
}
const firstVisit = await measureFirstVisit();
console.log('\nFirst visit to / (gzip, level 9):');
for (const [name, size] of firstVisit.files.sort((a, b) => b[1] - a[1]))
  console.log(`  ${kb(size).padStart(9)}  ${name}`);
console.log(
  `  JS total:  ${kb(firstVisit.js)}  (budget ${BUDGET_KB} KB: ${firstVisit.js <= BUDGET_KB * 1024 ? 'within' : 'OVER'})`,
);
console.log(`  CSS total: ${kb(firstVisit.css)}`);
console.log("\nOn-demand chunks (each screen's own code, gzip):");
for (const [name, size] of routeChunks()) console.log(`  ${kb(size).padStart(9)}  ${name}`);

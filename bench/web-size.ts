/**
 * Prints the gzip bytes of JS and CSS that a first visit to `/` downloads (measured by loading the
 * page in Chromium against the real server), and each route chunk's own size from Vite's manifest.
 * Run after `npm run build`:  npm run web-size -w @haoshi/bench
 */
import { chromium } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, startDemoServer } from './lib/demo-server.ts';
import { budgetVerdict, gzipBytes, kb } from './lib/web-budget.ts';

const PORT = Number(process.env.HAOSHI_WEB_SIZE_PORT ?? 8282);
/** HAOSHI_WEB_DIST measures another build (e.g. `vite build --outDir /tmp/x`). */
const dist = process.env.HAOSHI_WEB_DIST ?? join(repoRoot, 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  css?: string[];
}

async function measureFirstVisit(): Promise<{ js: number; css: number; files: Array<[string, number]> }> {
  const server = await startDemoServer({ port: PORT, webDist: dist });
  try {
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
    await page.goto(`${server.origin}/`, { waitUntil: 'networkidle' });
    const files = await Promise.all(pending);
    await browser.close();
    const sum = (ext: string) =>
      files.filter(([name]) => name.endsWith(ext)).reduce((total, [, size]) => total + size, 0);
    return { js: sum('.js'), css: sum('.css'), files };
  } finally {
    server.stop();
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
console.log(`  JS total:  ${kb(firstVisit.js)}  (${budgetVerdict(firstVisit.js)})`);
console.log(`  CSS total: ${kb(firstVisit.css)}`);
console.log("\nOn-demand chunks (each screen's own code, gzip):");
for (const [name, size] of routeChunks()) console.log(`  ${kb(size).padStart(9)}  ${name}`);

/**
 * Lighthouse 12 (mobile preset, simulated throttling) on Debian's Chromium against the production
 * build served by the compiled server with demo data: home, the search list, a listing detail and
 * /mine logged in, three runs each. Prints the median of each figure per page, and the first visit's
 * JS against the web-size budget.
 * Run after `npm run build`:  npm run lighthouse -w @haoshi/bench
 *   HAOSHI_LIGHTHOUSE_PORT (8283), HAOSHI_LIGHTHOUSE_RUNS (3), HAOSHI_WEB_DIST (apps/web/dist),
 *   HAOSHI_LIGHTHOUSE_OUT (a directory for the JSON reports; a temporary one by default).
 */
import { LOGIN_HINT_COOKIE } from '@haoshi/contracts';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, startDemoServer } from './lib/demo-server.ts';
import { budgetVerdict, gzipBytes, kb } from './lib/web-budget.ts';

const PORT = Number(process.env.HAOSHI_LIGHTHOUSE_PORT ?? 8283);
const RUNS = Number(process.env.HAOSHI_LIGHTHOUSE_RUNS ?? 3);
const dist = process.env.HAOSHI_WEB_DIST ?? join(repoRoot, 'apps/web/dist');
const outDir = process.env.HAOSHI_LIGHTHOUSE_OUT ?? mkdtempSync(join(tmpdir(), 'haoshi-lighthouse-'));

interface PageUnderTest {
  name: string;
  path: string;
  /** The stored login (SPEC §3 app_header_sign) the page runs with; logged out when absent. */
  authorization?: string;
}

interface RunFigures {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
  requests: number;
  /** Transferred, all requests together. */
  kilobytes: number;
}

/** The page's localStorage (this file is compiled without the DOM types). */
interface BrowserStorage {
  clear(): void;
  setItem(key: string, value: string): void;
}

interface Envelope<T> {
  err_code: number;
  data?: T;
  message?: string;
}

async function api<T>(origin: string, path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${origin}${path}`, init);
  const body = (await response.json()) as Envelope<T>;
  if (body.err_code !== 0 || body.data === undefined)
    throw new Error(`${path}: ${body.err_code} ${body.message ?? ''}`);
  return body.data;
}

const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** A fresh user logged in by SMS code, read from the development outbox as the e2e helpers do. */
async function logIn(origin: string): Promise<string> {
  const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await api(origin, '/app/sms', postJson({ phone, scene: 'login' }));
  const outbox = await api<Array<{ code: string }>>(origin, `/dev/outbox/sms?phone=${phone}`);
  const code = outbox[0]?.code;
  if (!code) throw new Error('no SMS code in the outbox');
  const { token } = await api<{ token: string }>(origin, '/app/login', postJson({ phone, code }));
  return token;
}

async function demoListingId(origin: string): Promise<number> {
  const { list } = await api<{ list: Array<{ id: number }> }>(origin, '/app/home/hot/v2?limit=1');
  const id = list[0]?.id;
  if (id === undefined) throw new Error('no demo listing on sale');
  return id;
}

const auditValue = (result: Result, id: string): number => result.audits[id]?.numericValue ?? NaN;

function figuresOf(result: Result): RunFigures {
  const requests = requestsOf(result);
  return {
    performance: Math.round((result.categories.performance?.score ?? NaN) * 100),
    accessibility: Math.round((result.categories.accessibility?.score ?? NaN) * 100),
    lcp: auditValue(result, 'largest-contentful-paint'),
    tbt: auditValue(result, 'total-blocking-time'),
    cls: auditValue(result, 'cumulative-layout-shift'),
    requests: requests.length,
    kilobytes: requests.reduce((total, request) => total + request.transferSize, 0) / 1024,
  };
}

async function runOnce(browser: Browser, origin: string, target: PageUnderTest): Promise<Result> {
  // A new tab per run: session storage starts empty, as on a first visit.
  const page = await browser.newPage();
  try {
    const flags: Flags = {
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
    };
    if (target.authorization !== undefined) {
      // Lighthouse's storage reset would log the user out: keep storage, clear the HTTP cache here.
      // The login as the client keeps it: in storage, with the hint cookie the server paints by.
      await page.goto(`${origin}/healthz`);
      await page.evaluate(
        ({ token, hint }) => {
          const scope = globalThis as unknown as {
            localStorage: BrowserStorage;
            document: { cookie: string };
          };
          scope.localStorage.clear();
          scope.localStorage.setItem('app_header_sign', JSON.stringify({ Authorization: token }));
          scope.document.cookie = `${hint}=1; path=/`;
        },
        { token: target.authorization, hint: LOGIN_HINT_COOKIE },
      );
      const session = await page.createCDPSession();
      await session.send('Network.clearBrowserCache');
      await session.detach();
      flags.disableStorageReset = true;
    }
    const runner = await lighthouse(`${origin}${target.path}`, flags, undefined, page);
    if (!runner) throw new Error(`no Lighthouse result for ${target.path}`);
    if (runner.lhr.runtimeError) throw new Error(`${target.path}: ${runner.lhr.runtimeError.message}`);
    return runner.lhr;
  } finally {
    await page.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The requests of a run, as Lighthouse's network-requests audit lists them. */
function requestsOf(result: Result): Array<{ url: string; resourceType: string; transferSize: number }> {
  const details = result.audits['network-requests']?.details;
  if (details?.type !== 'table') return [];
  return details.items.map((item) => ({
    url: typeof item.url === 'string' ? item.url : '',
    resourceType: typeof item.resourceType === 'string' ? item.resourceType : '',
    transferSize: typeof item.transferSize === 'number' ? item.transferSize : 0,
  }));
}

/** The scripts a first visit to `/` loaded (from its Lighthouse run), each gzipped at level 9. */
async function firstVisitJs(result: Result): Promise<{ gzip: number; transferred: number; files: number }> {
  const scripts = requestsOf(result).filter((request) => request.resourceType === 'Script');
  let gzip = 0;
  for (const { url } of scripts) gzip += gzipBytes(Buffer.from(await (await fetch(url)).arrayBuffer()));
  const transferred = scripts.reduce((total, request) => total + request.transferSize, 0);
  return { gzip, transferred, files: scripts.length };
}

function printTable(rows: Array<[string, RunFigures]>): void {
  const header = ['page', 'perf', 'a11y', 'LCP (s)', 'TBT (ms)', 'CLS', 'requests', 'KB'];
  const lines = rows.map(([name, f]) => [
    name,
    String(f.performance),
    String(f.accessibility),
    (f.lcp / 1000).toFixed(2),
    String(Math.round(f.tbt)),
    f.cls.toFixed(3),
    String(f.requests),
    String(Math.round(f.kilobytes)),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((l) => l[column]!.length)),
  );
  const format = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  console.log(format(header));
  console.log(
    `| ${widths.map((width, column) => (column === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`,
  );
  for (const line of lines) console.log(format(line));
}

if (!existsSync(join(dist, 'index.html'))) {
  console.error(`${dist} is not built: run \`npm run build\` first`);
  process.exit(1);
}
mkdirSync(outDir, { recursive: true });
// The /mine run's user is logged in by script, which bot protection would refuse.
const server = await startDemoServer({ port: PORT, webDist: dist, botProtection: 'off' });
let browser: Browser | undefined;
try {
  const [token, listingId] = await Promise.all([logIn(server.origin), demoListingId(server.origin)]);
  const pages: PageUnderTest[] = [
    { name: 'home', path: '/' },
    { name: 'search list', path: `/search_goods_list?keyword=${encodeURIComponent('王者')}` },
    { name: 'listing detail', path: `/goodsDetail?goods_id=${listingId}` },
    { name: 'mine (logged in)', path: '/mine', authorization: token },
  ];
  browser = await puppeteer.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    defaultViewport: null,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const rows: Array<[string, RunFigures]> = [];
  let homeRun: Result | undefined;
  for (const target of pages) {
    const runs: RunFigures[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const result = await runOnce(browser, server.origin, target);
      homeRun ??= result;
      writeFileSync(join(outDir, `${target.name.replace(/\W+/g, '-')}-${run}.json`), JSON.stringify(result));
      const figures = figuresOf(result);
      runs.push(figures);
      console.error(
        `  ${target.name} run ${run}: perf ${figures.performance}, LCP ${Math.round(figures.lcp)} ms, TBT ${Math.round(figures.tbt)} ms`,
      );
    }
    const medianOf = (key: keyof RunFigures) => median(runs.map((figures) => figures[key]));
    rows.push([
      target.name,
      {
        performance: medianOf('performance'),
        accessibility: medianOf('accessibility'),
        lcp: medianOf('lcp'),
        tbt: medianOf('tbt'),
        cls: medianOf('cls'),
        requests: medianOf('requests'),
        kilobytes: medianOf('kilobytes'),
      },
    ]);
  }
  console.log(
    `\nLighthouse ${homeRun?.lighthouseVersion ?? ''}, mobile preset, simulated throttling, median of ${RUNS} runs (${homeRun?.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}):\n`,
  );
  printTable(rows);
  if (homeRun) {
    const js = await firstVisitJs(homeRun);
    console.log(
      `\nFirst visit to / : ${js.files} JS files, ${kb(js.gzip)} gzip level 9 (${budgetVerdict(js.gzip)}), ${kb(js.transferred)} transferred`,
    );
  }
  console.log(`Reports: ${outDir}`);
} finally {
  await browser?.close();
  server.stop();
}

import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** HAOSHI_E2E_PORT and HAOSHI_E2E_WEB_DIST let a run of a few specs sit beside another run. */
const PORT = Number(process.env.HAOSHI_E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${PORT}`;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// The server runs as `npm start` does, on a fresh embedded database in its own data directory. CI's
// DATABASE_URL and REDIS_URL point at long-lived shared services (the server suites run there): the
// e2e server on them carried SMS counters over from run to run until the 30-a-day per-IP cap refused
// every login.
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;

// Workers load this file too; they inherit the directory the main process made for the server.
process.env.HAOSHI_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'haoshi-e2e-'));

/** Debian's Chromium; Playwright never downloads a browser here (DESIGN §8). */
const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'mobile-chromium',
      use: {
        browserName: 'chromium',
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        locale: 'zh-CN',
        launchOptions: chromium,
      },
    },
  ],
  // The server as `npm start` runs it (compiled, demo data seeded), on the build the test script just made.
  webServer: {
    command: 'npm run start:demo -w @haoshi/server',
    cwd: repoRoot,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.HAOSHI_E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      ...(process.env.HAOSHI_E2E_WEB_DIST ? { WEB_DIST: process.env.HAOSHI_E2E_WEB_DIST } : {}),
    },
  },
});

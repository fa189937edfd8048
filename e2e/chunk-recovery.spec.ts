import { expect, type Page } from '@playwright/test';
import { loginAsNewUser, test, visiblePane } from './helpers';

/** Seeded staff accounts (apps/server/src/db/seed.ts): /test is for staff in a production build. */
const ADMIN_PHONE = '13800000001';
// Not the agent customer-service.spec uses: parallel specs would wait out each other's SMS cooldown.
const CUSTOMER_SERVICE_PHONE = '13800000008';

/**
 * Fails every request for matching assets until the page reloads itself. (Vite may fetch a route
 * chunk twice, as a modulepreload and then as the import; failing only the first request would
 * let the import through.)
 */
async function failUntilReload(page: Page, asset: RegExp, reloadedPath: string): Promise<() => number> {
  let reloaded = false;
  let failed = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname === reloadedPath) reloaded = true;
  });
  await page.route(asset, async (route) => {
    if (reloaded) return route.continue();
    failed += 1;
    return route.abort('failed');
  });
  return () => failed;
}

function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  return messages;
}

test('a route chunk that fails to load is reported and the route reloads, then shows', async ({ page }) => {
  const messages = collectConsole(page);
  test.slow(); // a staff login first
  await loginAsNewUser(page, ADMIN_PHONE);
  const failed = await failUntilReload(page, /\/assets\/diagnostics-screen-[\w-]+\.js$/, '/test');
  await page.goto('/mine');
  await visiblePane(page).getByText('诊断信息').click();

  await expect(page).toHaveURL('/test');
  await expect(page.getByText('运行环境')).toBeVisible();
  expect(failed()).toBeGreaterThan(0);
  // Reported before the reload (that report may be lost with the old page) and again after it.
  expect(messages).toContainEqual(
    expect.stringMatching(
      /^Chunk failed to load \[CHUNK_LOAD_FAILED\] type=network url=http:\/\/127\.0\.0\.1:\d+\/assets\/diagnostics-screen-[\w-]+\.js; recovered after 1 reload/,
    ),
  );
});

test('a stylesheet chunk failure has its own code and also reloads the route', async ({ page }) => {
  const messages = collectConsole(page);
  test.slow(); // a staff login first
  await loginAsNewUser(page, CUSTOMER_SERVICE_PHONE);
  const failed = await failUntilReload(page, /\/assets\/diagnostics-screen-[\w-]+\.css$/, '/test');
  await page.goto('/mine');
  await visiblePane(page).getByText('诊断信息').click();

  await expect(page.getByText('运行环境')).toBeVisible();
  expect(failed()).toBe(1);
  expect(messages).toContainEqual(
    expect.stringMatching(
      /^Chunk failed to load \[CSS_CHUNK_LOAD_FAILED\] type=stylesheet url=.*diagnostics-screen-[\w-]+\.css; recovered after 1 reload/,
    ),
  );
  expect(messages.filter((text) => text.includes('[CHUNK_LOAD_FAILED]'))).toEqual([]);
});

test('a chunk that keeps failing stops reloading and offers a retry', async ({ page }) => {
  await page.route(/\/assets\/diagnostics-screen-[\w-]+\.js$/, (route) => route.abort('failed'));
  await page.goto('/test');
  await expect(page.getByText('页面加载失败')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: '重新加载' })).toBeVisible();
  await expect(page).toHaveURL('/test');
});

import { expect, type Page } from '@playwright/test';
import { expectHydrated, loginAsNewUser, maskedPhone, test, visiblePane } from './helpers';

/** React's hydration failures (#418, #419, #423, #425) and any other uncaught error on the page. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|react\.dev\/errors/i.test(message.text()))
      errors.push(message.text());
  });
  return errors;
}

async function demoListing(page: Page): Promise<{ id: number; title: string }> {
  const response = await page.request.get('/app/home/hot/v2?limit=1');
  const body = (await response.json()) as { data: { list: Array<{ id: number; title: string }> } };
  const first = body.data.list[0];
  if (!first) throw new Error('no demo listing on sale');
  return first;
}

/** Issue 10 B: the first screen comes as HTML from the server; the client takes it over as it is. */
test('a listing opened from a link is painted by the server, readable before any script, then live', async ({
  page,
  browser,
}) => {
  const listing = await demoListing(page);
  const path = `/goodsDetail?goods_id=${listing.id}`;

  const html = await (await page.request.get(path)).text();
  expect(html).toContain(listing.title);
  expect(html).toContain('id="server-render-data"');

  // Without JavaScript the listing is already there: title, price, the buy button.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 812 },
  });
  const still = await noScript.newPage();
  await still.goto(path);
  await expect(still.getByRole('heading', { name: listing.title })).toBeVisible();
  await expect(still.getByRole('button', { name: '立即购买' })).toBeVisible();
  await noScript.close();

  const errors = collectErrors(page);
  await page.goto(path);
  const pane = visiblePane(page);
  await expect(pane.getByRole('heading', { name: listing.title })).toBeVisible();
  // Hydrated: a tap is handled by the app (a guest's 收藏 asks them to log in).
  const favourite = pane.getByRole('button', { name: '收藏' });
  await expectHydrated(favourite);
  await favourite.click();
  await expect(page).toHaveURL(/\/h5Login/);
  expect(errors).toEqual([]);
});

test('the home and the search list hydrate without a mismatch, and their links navigate in the app', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto('/search_goods_list?keyword=王者');
  const cards = visiblePane(page).getByTestId('goods-card');
  await expect(cards.first()).toBeVisible();
  const title = (await cards.first().locator('.goods-card__title').textContent())?.trim() ?? '';
  await expectHydrated(cards.first());
  await cards.first().click();
  await expect(page).toHaveURL(/\/goodsDetail\?goods_id=\d+/);
  await expect(visiblePane(page).getByRole('heading', { name: title })).toBeVisible();

  await page.goto('/');
  await expect(visiblePane(page).getByRole('heading', { name: '热门游戏' })).toBeVisible();
  const search = visiblePane(page).getByRole('link', { name: '搜索游戏/商品' });
  await expectHydrated(search);
  await search.click();
  await expect(page).toHaveURL(/\/search_input/);
  expect(errors).toEqual([]);
});

test("a logged-in user's /mine is painted as their account loading, then shows it", async ({ page }) => {
  const phone = await loginAsNewUser(page);
  const errors = collectErrors(page);

  const html = await (await page.request.get('/mine')).text();
  expect(html).toContain('mine__account" aria-busy="true"');
  expect(html).not.toContain(maskedPhone(phone));

  await page.goto('/mine');
  await expect(visiblePane(page).getByTestId('mine-phone')).toHaveText(maskedPhone(phone));
  await expect(visiblePane(page).getByRole('button', { name: '退出登录' })).toBeVisible();
  expect(errors).toEqual([]);
});

test("a tab of another brand reloading a painted page without ?pkg= never shows the main brand's painting", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto('/download?pkg=app_mhb');
  await expect(page.getByRole('heading', { name: '买号宝' })).toBeVisible();

  // The client held back: what the server sent is all the tab has.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  const root = page.locator('#root[data-painted-brand="app_thh"]');
  await expect(root.getByRole('heading', { name: '淘号号', includeHidden: true })).toBeAttached();
  await expect(root).toBeHidden();

  release();
  await expect(visiblePane(page).getByRole('heading', { name: '买号宝' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '淘号号' })).toHaveCount(0);
  await expect(page).toHaveTitle('首页 - 买号宝');
  expect(errors).toEqual([]);
});

test('a tap on a painted button before the client has started is acted on once it has', async ({ page }) => {
  const listing = await demoListing(page);
  const errors = collectErrors(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/goodsDetail?goods_id=${listing.id}`, { waitUntil: 'commit' });
  // The page's first script has run: it has started the held-back client (held here by the route).
  await page.waitForFunction(
    () => document.readyState !== 'loading' && !document.querySelector('[data-after-paint]'),
  );
  // A guest's 收藏 asks them to log in: not yet, the client has not started.
  await page.getByRole('button', { name: '收藏' }).click();
  await expect(page).toHaveURL(/\/goodsDetail\?/);

  release();
  await expect(page).toHaveURL(/\/h5Login/);
  expect(errors).toEqual([]);
});

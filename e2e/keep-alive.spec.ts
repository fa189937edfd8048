import { expect, type Locator, type Page } from '@playwright/test';
import { test, visiblePane } from './helpers';

const pane = (page: Page, path: string): Locator => page.locator(`[data-route-pane="${path}"]`);

test('the home tab keeps its inner scroll position while the user visits another tab', async ({ page }) => {
  await page.goto('/');
  const home = pane(page, '/');
  await expect(home.getByRole('heading', { name: '淘号号' })).toBeVisible();
  await home.hover();
  await page.mouse.wheel(0, 240);
  await expect.poll(() => home.evaluate((element) => element.scrollTop)).toBeGreaterThan(100);
  const scrolled = await home.evaluate((element) => element.scrollTop);

  const tabs = page.getByRole('navigation', { name: '主导航' });
  await tabs.getByText('我的').click();
  await expect(page).toHaveURL('/mine');
  await expect(home).toBeHidden();

  await tabs.getByText('首页').click();
  await expect(home).toBeVisible();
  await expect.poll(() => home.evaluate((element) => element.scrollTop)).toBe(scrolled);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('a keep-alive route keeps typed text when left and returned to; other routes start fresh', async ({
  page,
}) => {
  await page.goto('/');
  await visiblePane(page).getByText('账号回收').click();
  await expect(page).toHaveURL('/recycleHome');
  const wish = page.getByLabel('告诉我们你期待的功能');
  await wish.fill('希望支持按区服筛选账号');

  await visiblePane(page).getByRole('button', { name: '返回上一页' }).click();
  await expect(page).toHaveURL('/');
  await visiblePane(page).getByText('账号回收').click();
  await expect(page).toHaveURL('/recycleHome');
  await expect(page.getByLabel('告诉我们你期待的功能')).toHaveValue('希望支持按区服筛选账号');

  // /privacy is not keep-alive: its scroll position starts at the top on every visit.
  await page.goto('/mine');
  await visiblePane(page).getByText('隐私政策').click();
  const privacy = pane(page, '/privacy');
  await expect(privacy.getByRole('heading').first()).toBeVisible();
  await privacy.evaluate((element) => element.scrollTo(0, 400));
  await page.getByRole('button', { name: '返回', exact: true }).click();
  await visiblePane(page).getByText('隐私政策').click();
  await expect(privacy.getByRole('heading').first()).toBeVisible();
  expect(await privacy.evaluate((element) => element.scrollTop)).toBe(0);
});

import { expect } from '@playwright/test';
import { loginAsNewUser, test, visiblePane } from './helpers';

/** Issue 3, part D: a buyer finds an account, keeps it, and finds it again. */
test('a new user searches 王者 with a price filter, opens a listing, favourites it and finds it in /collection and /footprint', async ({
  page,
}) => {
  await loginAsNewUser(page);
  await page.goto('/');
  await visiblePane(page).getByRole('link', { name: '搜索游戏/商品' }).click();
  await expect(page).toHaveURL(/\/search_input/);

  const keyword = visiblePane(page).getByPlaceholder('搜索游戏/商品');
  await keyword.fill('王者');
  await keyword.press('Enter');
  await expect(page).toHaveURL(/\/search_goods_list\?.*keyword=/);
  await expect(visiblePane(page).getByTestId('goods-card').first()).toBeVisible();

  await visiblePane(page).getByRole('button', { name: '筛选' }).click();
  await page.getByPlaceholder('最低价').fill('100');
  await page.getByPlaceholder('最高价').fill('500');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/price_min=/);

  // Every listing shown is within the range the user chose.
  const cards = visiblePane(page).getByTestId('goods-card');
  await expect(cards.first()).toBeVisible();
  const prices = await cards.locator('.goods-card__price').allTextContents();
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices) {
    const yuan = Number(price.replace(/[^\d.]/g, ''));
    expect(yuan).toBeGreaterThanOrEqual(100);
    expect(yuan).toBeLessThanOrEqual(500);
  }

  const first = cards.first();
  const title = (await first.locator('.goods-card__title').textContent())?.trim() ?? '';
  expect(title).not.toBe('');
  await first.click();
  await expect(page).toHaveURL(/\/goodsDetail\?goods_id=\d+/);
  const goodsId = new URL(page.url()).searchParams.get('goods_id');

  await visiblePane(page).getByRole('button', { name: '收藏', exact: true }).click();
  await expect(visiblePane(page).getByRole('button', { name: '已收藏' })).toBeVisible();

  await page.goto('/collection');
  await expect(visiblePane(page).getByText(title)).toBeVisible();

  await page.goto('/footprint');
  await expect(visiblePane(page).getByText(title)).toBeVisible();
  expect(goodsId).toMatch(/^\d+$/);
});

import { expect } from '@playwright/test';
import { expectAccessible } from './axe';
import { loginAsNewUser, test, visiblePane } from './helpers';

// Four screens each, with an axe run of a few seconds per screen on a busy machine.
test.describe.configure({ timeout: 240_000 });

test('the guest screens have no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: '淘号号' })).toBeVisible();
  await expectAccessible(page, 'home');

  await page.goto('/search_goods_list?keyword=%E7%8E%8B%E8%80%85');
  await expect(visiblePane(page).getByTestId('goods-card').first()).toBeVisible();
  await expectAccessible(page, 'search list');

  await visiblePane(page).getByTestId('goods-card').first().click();
  await expect(visiblePane(page).getByRole('button', { name: '立即购买' })).toBeVisible();
  await expectAccessible(page, 'listing detail');

  await page.goto('/h5Login');
  await expect(page.getByRole('button', { name: '获取验证码' })).toBeVisible();
  await expectAccessible(page, 'login');
});

test('the logged-in screens have no serious accessibility violations', async ({ page }) => {
  await loginAsNewUser(page);

  await page.goto('/mine');
  await expect(page.getByTestId('mine-phone')).toBeVisible();
  await expectAccessible(page, 'mine');

  await page.goto('/wallet');
  await expect(visiblePane(page).getByTestId('wallet-available')).toBeVisible();
  await expectAccessible(page, 'wallet');

  await page.goto('/withdrawDeposit');
  await expect(visiblePane(page).getByLabel('提现金额')).toBeVisible();
  await expectAccessible(page, 'withdraw');

  await page.goto('/publishGoods?game_id=1');
  await expect(visiblePane(page).getByRole('button', { name: '下一步' })).toBeVisible();
  await expectAccessible(page, 'publish');
});

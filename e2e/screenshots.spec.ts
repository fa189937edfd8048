import { expect, type Page } from '@playwright/test';
import { loginAsNewUser, test, visiblePane } from './helpers';
import { phone } from './trade-helpers';

const dir = new URL('./screenshots/', import.meta.url).pathname;

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${dir}${name}.png` });
}

test('screenshots of the main screens', async ({ page, browser }, testInfo) => {
  test.slow(); // fifteen screens on two phones: 50–60 s on a loaded machine, past the default minute
  await page.goto('/h5Login');
  await expect(page.getByRole('button', { name: '获取验证码' })).toBeVisible();
  await shoot(page, 'h5-login');

  await page.getByRole('tab', { name: '扫码登录' }).click();
  await expect(page.getByRole('img', { name: '扫码登录二维码' })).toBeVisible();
  await shoot(page, 'h5-login-qr');

  await page.goto('/mine');
  await expect(page.getByRole('button', { name: '登录 / 注册' })).toBeVisible();
  await shoot(page, 'mine-guest');

  await loginAsNewUser(page);
  await page.goto('/mine');
  await expect(page.getByTestId('mine-phone')).toBeVisible();
  await shoot(page, 'mine');

  await page.goto('/');
  await expect(page.getByRole('heading', { name: '淘号号' })).toBeVisible();
  await shoot(page, 'home');

  await page.goto('/download');
  await expect(page.getByRole('heading', { name: '淘号号' })).toBeVisible();
  await shoot(page, 'download');

  await page.goto('/download?os=android');
  await expect(page.getByText('安卓安装指引')).toBeVisible();
  await shoot(page, 'download-android');

  const created = await page.request.post('/app/login/qrcode');
  const { data } = (await created.json()) as { data: { qr_content: string } };
  const scan = new URL(data.qr_content);
  await page.goto(scan.pathname + scan.search);
  await expect(page.getByRole('button', { name: '确认登录' })).toBeVisible();
  await shoot(page, 'auth-login');

  // Diagnostics are for staff: a seeded report handler (apps/server/src/db/seed.ts) on their own phone.
  const staffPage = await phone(browser, testInfo);
  await loginAsNewUser(staffPage, '13800000004');
  await staffPage.goto('/test');
  await expect(staffPage.getByText('运行环境')).toBeVisible();
  await shoot(staffPage, 'test');

  await page.goto('/search_goods_list?keyword=%E7%8E%8B%E8%80%85');
  await expect(visiblePane(page).getByTestId('goods-card').first()).toBeVisible();
  await shoot(page, 'search-list');

  await visiblePane(page).getByTestId('goods-card').first().click();
  await expect(visiblePane(page).getByRole('button', { name: '立即购买' })).toBeVisible();
  await shoot(page, 'goods-detail');

  await page.goto('/wallet');
  await expect(visiblePane(page).getByTestId('wallet-available')).toBeVisible();
  await shoot(page, 'wallet');

  await page.goto('/couponHall');
  await expect(visiblePane(page).getByText('新人专享礼包').first()).toBeVisible();
  await shoot(page, 'coupon-hall');

  await page.goto('/phoneCardLoginLog');
  await expect(page.getByTestId('coming-soon')).toBeVisible();
  await shoot(page, 'coming-soon');
});

import { expect } from '@playwright/test';
import { loginWithSms, maskedPhone, test, uniquePhone, visiblePane } from './helpers';

test('a new user taps into the wallet, logs in with an SMS code and lands there; a reload keeps the login', async ({
  page,
}) => {
  const phone = uniquePhone();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: '淘号号' })).toBeVisible();

  await page.getByRole('navigation', { name: '主导航' }).getByText('我的').click();
  await expect(page).toHaveURL('/mine');
  await visiblePane(page).getByText('我的钱包').click();

  await expect(page).toHaveURL(`/h5Login?redirect=${encodeURIComponent('/wallet')}`);
  await expect(page).toHaveTitle('登录 - 淘号号');
  await loginWithSms(page, phone);

  await expect(page).toHaveURL('/wallet');
  await expect(visiblePane(page).getByTestId('wallet-available')).toHaveText(/0\.00/);
  await expect(page).toHaveTitle('我的钱包 - 淘号号');

  await page.reload();
  await expect(page).toHaveURL('/wallet');
  await expect(visiblePane(page).getByTestId('wallet-available')).toHaveText(/0\.00/);

  await page.getByRole('button', { name: '返回', exact: true }).click();
  await expect(page).toHaveURL('/mine');
  await expect(page.getByTestId('mine-phone')).toHaveText(maskedPhone(phone));
});

test('login insists on the agreement and explains why', async ({ page }) => {
  const phone = uniquePhone();
  await page.goto('/h5Login');
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByPlaceholder('请输入6位验证码').fill('123456');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('登录前请阅读并同意《用户服务协议》和《隐私政策》')).toBeVisible();
  await page.getByRole('button', { name: '取消' }).click();
  await expect(page).toHaveURL('/h5Login');
});

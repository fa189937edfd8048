import { expect } from '@playwright/test';
import { loginAsNewUser, test } from './helpers';

test('a new user recharges 100.00 through the sandbox WeChat Pay cashier and sees it credited', async ({
  page,
}) => {
  await loginAsNewUser(page);
  await page.goto('/personRecharge');
  await page.getByRole('textbox', { name: '充值金额' }).fill('100');
  await page.getByTestId('recharge-channel-wechat').click();
  await page.getByTestId('recharge-submit').click();

  await expect(page).toHaveURL(/\/app\/sandbox-pay\/cashier\//);
  await expect(page.getByText('微信支付')).toBeVisible();
  await expect(page.getByText('100.00').first()).toBeVisible();
  await page.getByTestId('cashier-confirm').click();

  await expect(page).toHaveURL(/\/personRecharge\?order_no=R\d+/);
  await expect(page.getByRole('status')).toHaveText('充值成功');
  await expect(page.getByText('¥100.00 已存入钱包可用余额')).toBeVisible();

  await page.goto('/rechargeRecords');
  const record = page.getByTestId('recharge-record').first();
  await expect(record).toContainText('+¥100.00');
  await expect(record).toContainText('充值成功');
});

test('cancelling on the Alipay cashier closes the order without money moving', async ({ page }) => {
  await loginAsNewUser(page);
  await page.goto('/alipayRecharge');
  await page.getByTestId('recharge-preset-50.00').click();
  await page.getByTestId('recharge-submit').click();
  await expect(page.getByText('支付宝').first()).toBeVisible();
  await page.getByTestId('cashier-cancel').click();
  await expect(page).toHaveURL(/\/alipayRecharge\?order_no=R\d+/);
  await expect(page.getByRole('status')).toHaveText('订单已关闭');
  await page.getByRole('button', { name: '再充一笔' }).click();
  await expect(page.getByTestId('recharge-balance')).toHaveText('¥0.00');
});

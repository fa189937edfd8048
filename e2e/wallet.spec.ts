import { expect } from '@playwright/test';
import { loginAsNewUser, test, uniquePhone, visiblePane } from './helpers';

test('a recharge shows up in the wallet, the bills, the chart and the monthly statement', async ({
  page,
}) => {
  await loginAsNewUser(page);
  await page.goto('/personRecharge');
  await page.getByRole('textbox', { name: '充值金额' }).fill('100');
  await page.getByTestId('recharge-channel-wechat').click();
  await page.getByTestId('recharge-submit').click();
  await page.getByTestId('cashier-confirm').click();
  await expect(page.getByRole('status')).toHaveText('充值成功');

  await page.goto('/wallet');
  await expect(visiblePane(page).getByTestId('wallet-available')).toHaveText('100.00');
  await expect(visiblePane(page).getByTestId('wallet-total')).toHaveText('100.00');

  await page.goto('/billList');
  const row = page.locator('.bill-row').first();
  await expect(row).toContainText('余额充值');
  await expect(row).toContainText('+100.00');
  await expect(page.getByTestId('money-chart')).toHaveAttribute('aria-label', /收入100\.00元 支出0\.00元/);

  await row.click();
  await expect(page).toHaveURL(/\/billDetail\?id=\d+/);
  await expect(page.getByTestId('bill-amount')).toHaveText('+100.00');
  await expect(page.getByText('充值', { exact: true })).toBeVisible();

  await page.goto('/reconciliate');
  await expect(visiblePane(page).getByTestId('statement-available')).toHaveText('¥100.00');
  await expect(visiblePane(page).getByText('账单与余额一致')).toBeVisible();
});

test('a transfer asks for real-name verification first and checks the balance before asking the server', async ({
  page,
}) => {
  await loginAsNewUser(page);
  await page.goto('/balanceAction');
  const pane = visiblePane(page);
  await expect(pane.getByText('转出前需完成实名认证')).toBeVisible();
  await pane.getByRole('textbox', { name: '收款人手机号' }).fill(uniquePhone());
  await pane.getByRole('textbox', { name: '转出金额' }).fill('1');
  await pane.getByRole('button', { name: '下一步' }).click();
  // No balance yet: the form says so before asking the server.
  await expect(pane.getByRole('alert')).toHaveText('转出金额超过可用余额');
});

import { expect, type Page } from '@playwright/test';
import { loginAsNewUser, test, visiblePane, waitingForApp } from './helpers';

/** Seeded finance staff account (apps/server/src/db/seed.ts). */
const FINANCE_PHONE = '13800000002';
const checkWeights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** A valid adult ID number (GB 11643 check character) that no other run uses. */
function freshIdNumber(): string {
  const first17 = `11010519880512${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  const sum = [...first17].reduce(
    (total, digit, index) => total + Number(digit) * (checkWeights[index] ?? 0),
    0,
  );
  return first17 + '10X98765432'.charAt(sum % 11);
}

async function addAlipayMethod(page: Page): Promise<void> {
  await visiblePane(page).getByLabel('收款人').fill('李晓华');
  await visiblePane(page).getByLabel('支付宝账号').fill('13912345678');
  await visiblePane(page).getByTestId('payout-add-submit').click();
}

/** Issue 4, part H: recharge → bill → payout method → real-name → withdraw → finance approves → paid. */
test('a new user recharges 100.00, withdraws 50.00 after real-name, and finance pays it out', async ({
  page,
  browser,
}, testInfo) => {
  // Two phones and a dozen screens: 60 s was the whole budget on a loaded CI machine.
  test.slow();
  await loginAsNewUser(page);

  // Recharge 100.00 through the sandbox cashier.
  await page.goto('/personRecharge');
  await page.getByRole('textbox', { name: '充值金额' }).fill('100');
  await page.getByTestId('recharge-channel-alipay').click();
  await page.getByTestId('recharge-submit').click();
  await expect(page).toHaveURL(/\/app\/sandbox-pay\/cashier\//);
  await page.getByTestId('cashier-confirm').click();
  await expect(page.getByRole('status')).toHaveText('充值成功');

  // The recharge is in the bill list.
  await page.goto('/billList');
  await expect(visiblePane(page).getByText('+100.00').first()).toBeVisible();

  // Adding an Alipay method needs real-name: 4301 opens /idCard, and the user comes back.
  await page.goto('/addPayMentType?type=alipay');
  await addAlipayMethod(page);
  await expect(page).toHaveURL(/\/idCard\?redirect=/);
  await visiblePane(page).getByLabel('真实姓名').fill('李晓华');
  await visiblePane(page).getByLabel('身份证号').fill(freshIdNumber());
  await visiblePane(page).getByTestId('real-name-submit').click();
  await expect(visiblePane(page).getByTestId('real-name-verified')).toBeVisible();
  await visiblePane(page).getByRole('button', { name: '继续刚才的操作' }).click();
  await expect(page).toHaveURL(/\/addPayMentType/);
  await addAlipayMethod(page);
  await expect(page).toHaveURL(/\/paymentType$/);
  await expect(visiblePane(page).getByText('139****5678')).toBeVisible();

  // Withdraw 50.00.
  await page.goto('/withdrawDeposit');
  await visiblePane(page).getByLabel('提现金额').fill('50');
  await visiblePane(page).getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-alert-received')).toContainText('50.00');
  await page.getByTestId('withdraw-confirm').click();
  await expect(page).toHaveURL(/\/remitDetail\?id=\d+/);
  const withdrawalId = new URL(page.url()).searchParams.get('id') ?? '';
  await expect(visiblePane(page).getByTestId('withdrawal-detail-status')).toHaveText('待审核');

  // A finance user approves it in the app, on their own phone.
  const staff = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
  const staffPage = waitingForApp(await staff.newPage());
  await loginAsNewUser(staffPage, FINANCE_PHONE);
  await staffPage.goto('/mine');
  await visiblePane(staffPage).getByText('提现审核').click();
  await visiblePane(staffPage).getByTestId(`staff-withdrawal-${withdrawalId}`).click();
  await visiblePane(staffPage).getByTestId('staff-approve').click();
  await staffPage.getByRole('dialog').getByRole('button', { name: '审核通过' }).click();
  await expect(visiblePane(staffPage).getByTestId('staff-detail-status')).toHaveText(/打款中|已到账/);
  await staff.close();

  // The user sees it paid and the balance right: 100.00 − 50.00 (no fee within the free daily amount).
  await expect(visiblePane(page).getByTestId('withdrawal-detail-status')).toHaveText('已到账', {
    timeout: 20_000,
  });
  await expect(visiblePane(page).getByText('已通过')).toBeVisible();
  await page.screenshot({
    path: new URL('./screenshots/withdrawal-detail-timeline.png', import.meta.url).pathname,
    fullPage: true,
  });
  await page.goto('/wallet');
  await expect(visiblePane(page).getByTestId('wallet-available')).toHaveText(/^¥?50\.00$/);
  await expect(visiblePane(page).getByTestId('wallet-frozen')).toHaveText(/^¥?0\.00$/);
});

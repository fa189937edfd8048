import { expect, type Page } from '@playwright/test';
import { loginAsNewUser, loginWithSms, readSmsCode, test, uniquePhone, visiblePane } from './helpers';
import { api } from './trade-helpers';

const shots = new URL('./screenshots/', import.meta.url).pathname;

/** The per-phone resend cooldown also counts the login's code: wait as a user would, then ask again. */
async function untilCodeSent(page: Page, send: () => Promise<void>) {
  const tooSoon = page.getByText(/验证码发送太频繁，请(\d+)秒后再试/);
  const sent = page.getByText('验证码已发送', { exact: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    await send();
    await expect(sent.or(tooSoon).first()).toBeVisible();
    if (await sent.isVisible()) return;
    const seconds = Number(/(\d+)秒/.exec((await tooSoon.first().textContent()) ?? '')?.[1] ?? 60);
    await page.waitForTimeout((seconds + 1) * 1000);
  }
  await expect(sent).toBeVisible();
}

/** Issue 13 B/D: a balance left stops the cancellation and says to withdraw it first. */
test('a user with a balance asks to cancel and is told to withdraw first', async ({ page }) => {
  await loginAsNewUser(page);
  await page.goto('/personRecharge');
  await page.getByRole('textbox', { name: '充值金额' }).fill('12.34');
  await page.getByTestId('recharge-channel-alipay').click();
  await page.getByTestId('recharge-submit').click();
  await page.getByTestId('cashier-confirm').click();
  await expect(page.getByRole('status')).toHaveText('充值成功');

  await page.goto('/logoutAccount');
  const screen = visiblePane(page);
  const balance = screen.locator('.cancel-condition', { hasText: '钱包余额已提现' });
  await expect(balance).toContainText('钱包余额 ¥12.34，请先全部提现');
  await expect(balance.getByLabel('未满足')).toBeVisible();
  await expect(screen.getByLabel('已满足')).toHaveCount(8);

  await screen.getByText('我已阅读并知晓上述注销须知').click();
  await screen.getByRole('button', { name: '申请注销' }).click();
  await expect(page.getByText('请先处理以下事项再注销：钱包余额 ¥12.34，请先全部提现')).toBeVisible();
  await page.screenshot({ path: `${shots}account-cancel-refused.png`, fullPage: true });

  await balance.getByRole('button', { name: '去提现' }).click();
  await expect(page).toHaveURL(/\/withdrawDeposit/);
});

/** Issue 13 B/D: nothing open → SMS confirmation → cooling-off → the old account is gone. */
test('a user with nothing open cancels; after the cooling-off the phone logs in as a new, empty account', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const phone = uniquePhone();
  await loginAsNewUser(page, phone);
  const before = await api<{ id: number }>(page, 'GET', '/app/user/info');

  await page.goto('/logoutAccount');
  const screen = visiblePane(page);
  await expect(screen.getByLabel('已满足')).toHaveCount(9);
  await page.screenshot({ path: `${shots}account-cancel-conditions.png`, fullPage: true });

  await screen.getByText('我已阅读并知晓上述注销须知').click();
  await untilCodeSent(page, async () => {
    const resend = screen.getByRole('button', { name: '重新获取' });
    if (await resend.isVisible()) await resend.click();
    else await screen.getByRole('button', { name: '申请注销' }).click();
  });
  await expect(screen.getByText(/验证码已发送至 \d{3}\*{4}\d{4}/)).toBeVisible();
  await screen.getByPlaceholder('请输入6位验证码').fill(await readSmsCode(page.request, phone));
  await screen.getByRole('button', { name: '确认注销' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认注销' }).click();

  const cooling = screen.getByRole('region', { name: '注销冷静期' });
  await expect(cooling).toBeVisible();
  await expect(screen.getByTestId('cooling-off-left')).toHaveText(/^1[45]天\d+小时\d+分$/);
  await expect(cooling.getByRole('button', { name: '撤销注销' })).toBeVisible();
  await page.screenshot({ path: `${shots}account-cancel-cooling-off.png`, fullPage: true });

  // The cooling-off elapses (the development-only route runs the job's own step now).
  const elapsed = await page.request.post('/dev/account-cancellation/elapse', { data: { phone } });
  expect(((await elapsed.json()) as { data?: { state: string } }).data?.state).toBe('completed');

  // The old session is refused and the login flow starts; the phone now opens a new, empty account.
  await page.goto('/logoutAccount');
  await expect(page).toHaveURL(/\/h5Login/);
  await loginWithSms(page, phone);
  await expect(page.getByText(/注册成功/)).toBeVisible();
  const after = await api<{ id: number; nickname: string }>(page, 'GET', '/app/user/info');
  expect(after.id).not.toBe(before.id);
  const wallet = await api<{ available: string; total: string }>(page, 'GET', '/app/user/wallet');
  expect(wallet).toMatchObject({ available: '0.00', total: '0.00' });
});

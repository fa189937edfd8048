import { expect } from '@playwright/test';
import { loginAsNewUser, maskedPhone, test } from './helpers';

test('a logged-in phone confirms a QR login and the other device becomes logged in', async ({ browser }) => {
  const phoneContext = await browser.newContext();
  const desktopContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  const desktop = await desktopContext.newPage();
  const phoneNumber = await loginAsNewUser(phone);

  await desktop.goto(`/h5Login?redirect=${encodeURIComponent('/mine')}`);
  const ticketResponse = desktop.waitForResponse(
    (response) => response.url().endsWith('/app/login/qrcode') && response.request().method() === 'POST',
  );
  await desktop.getByRole('tab', { name: '扫码登录' }).click();
  const created = (await (await ticketResponse).json()) as { data: { qr_content: string } };
  await expect(desktop.getByRole('img', { name: '扫码登录二维码' })).toBeVisible();

  const scanned = new URL(created.data.qr_content);
  await phone.goto(scanned.pathname + scanned.search);
  await expect(phone.getByText('有设备正在请求登录你的账号')).toBeVisible();
  await expect(desktop.getByText('已扫码，请在手机上确认登录')).toBeVisible();
  await phone.getByRole('button', { name: '确认登录' }).click();
  await expect(phone.getByText('已确认登录')).toBeVisible();

  await expect(desktop).toHaveURL('/mine');
  await expect(desktop.getByTestId('mine-phone')).toHaveText(maskedPhone(phoneNumber));

  await phoneContext.close();
  await desktopContext.close();
});

import { expect, request as playwrightRequest, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { loginAsNewUser, test, uniqueDeviceIp, visiblePane } from './helpers';
import { api } from './trade-helpers';

const dir = new URL('./screenshots/', import.meta.url).pathname;
const shot = (page: Page, name: string) => page.screenshot({ path: `${dir}personal-${name}.png` });

/** A 96×64 PNG, red on the left and blue on the right: something to crop. */
const avatarPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAIAAABqVuVZAAAAgUlEQVR4nO3QMRHAMAwAscAxpmIPmIDo4B90JwQ6dyZlvpty1kcECRIkKGR9RJAgQYJCBAkSJEiQIEGCBEWsjwgSJEhQiCBBggQJEiRIkKCI9RFBggQJChEkSJAgQYIECRIUsT4iSJAgQSGCBAkSJEiQIEGCItZHBAkSJChEkKB/HgBpecOx3qkXAAAAAElFTkSuQmCC',
  'base64',
);

const desktopUserAgent =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

interface Envelope<T> {
  err_code: number;
  data?: T;
}

/** Issue 13 A/D: profile, devices (another session signed out), my data. */
test('a user changes avatar and nickname, signs out another device, and downloads their data', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await loginAsNewUser(page);

  // A second device: a desktop browser the phone approves by QR code (no second SMS needed).
  const desktop = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': uniqueDeviceIp(), 'user-agent': desktopUserAgent },
  });
  const created = (await (await desktop.post('/app/login/qrcode')).json()) as Envelope<{ ticket: string }>;
  const ticket = created.data?.ticket ?? '';
  await api(page, 'POST', '/app/login/qrcode/auth', { ticket, action: 'scan' });
  await api(page, 'POST', '/app/login/qrcode/auth', { ticket, action: 'confirm' });
  const status = (await (await desktop.get(`/app/login/qrcode/status?ticket=${ticket}`)).json()) as Envelope<{
    login?: { token: string };
  }>;
  const desktopToken = status.data?.login?.token ?? '';
  expect(desktopToken).not.toBe('');
  const desktopCall = async () =>
    (
      (await (
        await desktop.get('/app/user/profile', { headers: { authorization: desktopToken } })
      ).json()) as Envelope<unknown>
    ).err_code;
  expect(await desktopCall()).toBe(0);

  // Avatar: pick a picture, crop it in the browser, upload; then a new nickname.
  await page.goto('/personBasicInfo');
  const pane = visiblePane(page);
  await expect(pane.getByTestId('edit-nickname')).toBeVisible();
  await pane
    .getByTestId('avatar-file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: avatarPng });
  const canvas = page.getByTestId('avatar-crop-canvas');
  await expect(canvas).toBeVisible();
  // hover waits until the sheet has finished sliding up: a drag begun mid-animation can land on the
  // mask, whose click closes the sheet.
  await canvas.hover();
  const box = await canvas.boundingBox();
  if (box) {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2);
    await page.mouse.up();
  }
  await shot(page, 'avatar-crop');
  await page.getByTestId('avatar-crop-use').click();
  await expect(pane.getByTestId('change-avatar').locator('img')).toHaveAttribute('src', /\/uploads\//);

  await pane.getByTestId('edit-nickname').click();
  await page.getByPlaceholder('2-16个字，中英文、数字、下划线').fill('新昵称小王');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(pane.getByTestId('edit-nickname')).toContainText('新昵称小王');
  await expect(pane.getByTestId('profile-history')).toContainText('昵称：');
  await expect(pane.getByTestId('profile-history')).toContainText('修改了头像');
  await shot(page, 'basic-info');

  // Devices: the desktop shows up; signing it out refuses its next call.
  await page.goto('/devicceInfo');
  const devices = visiblePane(page);
  await expect(devices.getByTestId('device-row')).toHaveCount(2);
  await expect(devices.getByText('本机')).toBeVisible();
  await shot(page, 'devices');
  await devices.getByRole('button', { name: '下线：Windows · Chrome' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /确/ }).click();
  await expect(devices.getByTestId('device-row')).toHaveCount(1);
  expect(await desktopCall()).toBe(401);
  await desktop.dispose();

  // My data: a JSON file with the user's own records.
  await page.goto('/personInfo');
  const info = visiblePane(page);
  await expect(info.getByTestId('person-nickname')).toHaveText('新昵称小王');
  await shot(page, 'person-info');
  const downloading = page.waitForEvent('download');
  await info.getByTestId('export-my-data').click();
  const download = await downloading;
  const path = await download.path();
  const data = JSON.parse(readFileSync(path, 'utf8')) as {
    sections: Array<{ module: string; title: string; records: Array<Record<string, unknown>> }>;
  };
  const account = data.sections.find((section) => section.title === '账号信息');
  expect(account?.records[0]?.nickname).toBe('新昵称小王');
  expect(
    data.sections.find((section) => section.title === '资料修改记录')?.records.length,
  ).toBeGreaterThanOrEqual(2);
});

test('the personal screens in a phone profile', async ({ page }) => {
  test.setTimeout(150_000);
  await loginAsNewUser(page);
  await page.goto('/thirdInfo');
  await expect(visiblePane(page).getByTestId('binding-douyin')).toBeVisible();
  await shot(page, 'third-info');
  await visiblePane(page).getByTestId('binding-douyin').getByRole('button', { name: '绑定' }).click();
  await expect(page.getByTestId('oauth-approve')).toBeVisible();
  await page.getByTestId('oauth-account').fill('抖音小王');
  await shot(page, 'oauth-page');
  await page.getByTestId('oauth-approve').click();
  await expect(visiblePane(page).getByText('已绑定：抖音小王')).toBeVisible();
  await page.goto('/wxPushInform');
  await expect(visiblePane(page).getByTestId('wx-needs-binding')).toBeVisible();
  await shot(page, 'wx-push');
  await page.goto('/helpFeedback');
  await expect(visiblePane(page).getByText('担保交易的流程是怎样的？')).toBeVisible();
  await shot(page, 'help-feedback');
  await page.goto('/locationInfo');
  await expect(visiblePane(page).getByTestId('pick-region')).toBeVisible();
  await shot(page, 'location');
  await page.goto('/printScreenVerifyGuide');
  await expect(visiblePane(page).getByText('截取完整画面')).toBeVisible();
  await shot(page, 'screenshot-guide');
});

import { expect } from '@playwright/test';
import { test } from './helpers';

const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

test.use({ userAgent: ANDROID_UA });

test('inside the Android app an L route asks the app to log in instead of opening /h5Login', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const calls: string[] = [];
    Object.assign(window, {
      nativeCalls: calls,
      HaoshiAndroid: {
        login: (json: string) => calls.push(`login ${json}`),
        back: (json: string) => calls.push(`back ${json}`),
      },
    });
  });
  const header = encodeURIComponent(JSON.stringify({ Os: '1', app_version: '5.2.0' }));
  await page.goto(`/wallet?header=${header}&sb_h=30`);

  await expect(page.getByTestId('login-required')).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/wallet\?header=/);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { nativeCalls: string[] }).nativeCalls))
    .toContain('login {}');

  await page.getByRole('button', { name: '去登录' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { nativeCalls: string[] }).nativeCalls.length))
    .toBeGreaterThan(1);

  // The app's status bar (sb_h) pads the shell; back with no in-app history goes to the app.
  expect(await page.locator('.app-shell').evaluate((shell) => getComputedStyle(shell).paddingTop)).toBe(
    '30px',
  );
  await page.getByRole('button', { name: '返回', exact: true }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { nativeCalls: string[] }).nativeCalls))
    .toContain('back {}');
  await expect(page).not.toHaveURL(/h5Login/);
});

test('in a plain browser a ?header= link changes neither who is logged in nor the headers sent', async ({
  page,
}) => {
  const sentAuthorizations: string[] = [];
  page.on('request', (request) => {
    const authorization = request.headers().authorization;
    if (authorization) sentAuthorizations.push(authorization);
  });
  const header = encodeURIComponent(JSON.stringify({ Authorization: 'attacker-token', 'x-evil': '1' }));
  await page.goto(`/mine?header=${header}&pkg=app_thh`);

  await expect(page).not.toHaveURL(/header=/);
  const stored = await page.evaluate(
    () => `${sessionStorage.getItem('app_header_sign')}${localStorage.getItem('app_header_sign')}`,
  );
  expect(stored).not.toContain('attacker-token');
  expect(stored).not.toContain('x-evil');
  expect(sentAuthorizations).not.toContain('attacker-token');
});

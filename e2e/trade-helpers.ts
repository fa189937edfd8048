import { expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import { closedWithTest, uniqueDeviceIp, visiblePane, waitingForApp } from './helpers';

/** A small PNG drawn in the page (the server sniffs and re-encodes every upload). */
export async function drawPng(page: Page, color: string): Promise<Buffer> {
  const base64 = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 160;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = fill;
    context.fillRect(0, 0, 240, 160);
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  }, color);
  return Buffer.from(base64, 'base64');
}

const next = (page: Page) => visiblePane(page).getByRole('button', { name: '下一步' }).click();

/** Publishes a 王者荣耀 listing at 300 yuan that takes offers from 200 yuan; answers its id. */
export async function publishBargainListing(page: Page, title: string): Promise<string> {
  await page.goto('/publishGoods?game_id=1');
  const wizard = visiblePane(page);
  await wizard.getByRole('option', { name: '安卓' }).click();
  await wizard.getByRole('option', { name: '安卓QQ区' }).click();
  await next(page);
  await wizard.getByRole('option', { name: '荣耀王者' }).click();
  await wizard.getByRole('textbox', { name: '王者星数' }).fill('66');
  await wizard.getByRole('textbox', { name: '贵族等级' }).fill('8');
  await wizard.getByRole('textbox', { name: '英雄数' }).fill('120');
  await wizard.getByRole('textbox', { name: '皮肤数' }).fill('300');
  await next(page);
  await wizard
    .locator('[data-field="bindings.phone"]')
    .getByRole('option', { name: '已绑定，可换绑' })
    .click();
  await wizard.getByRole('option', { name: '已实名，可二次实名' }).click();
  await wizard.locator('[data-field="bindings.can_rebind"]').getByRole('option', { name: '是' }).click();
  await next(page);
  await wizard.getByTestId('screenshot-input').setInputFiles([
    { name: 'hall.png', mimeType: 'image/png', buffer: await drawPng(page, '#2f54eb') },
    { name: 'skins.png', mimeType: 'image/png', buffer: await drawPng(page, '#fa541c') },
  ]);
  const tiles = wizard.getByTestId('screenshot-tile');
  await expect(tiles).toHaveCount(2);
  await expect(tiles.nth(0)).toHaveAttribute('data-status', 'done');
  await expect(tiles.nth(1)).toHaveAttribute('data-status', 'done');
  await next(page);
  await wizard.getByRole('textbox', { name: '标题' }).fill(title);
  await wizard.getByRole('textbox', { name: '售价（元）' }).fill('300');
  await wizard.getByRole('option', { name: '可议价' }).click();
  await wizard.getByRole('textbox', { name: '最低可议价（元，选填）' }).fill('200');
  await wizard.getByRole('button', { name: '提交审核' }).click();
  const result = visiblePane(page).getByTestId('publish-result');
  await expect(result).toHaveAttribute('data-status', 'on_sale');
  await result.getByRole('button', { name: '查看商品' }).click();
  await expect(page).toHaveURL(/goods_id=\d+/);
  return new URL(page.url()).searchParams.get('goods_id') ?? '';
}

/** A second phone (375 px, touch) in its own browser context, closed when the test ends. */
export async function phone(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = closedWithTest(
    await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      locale: 'zh-CN',
      extraHTTPHeaders: { 'x-forwarded-for': uniqueDeviceIp() },
    }),
  );
  return waitingForApp(await context.newPage());
}

interface Envelope<T> {
  err_code: number;
  message: string;
  data?: T;
}

/** Calls the API from inside the page, with the headers the app keeps (session, device signature). */
export async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      const raw =
        sessionStorage.getItem('app_header_sign') ?? localStorage.getItem('app_header_sign') ?? '{}';
      const headers: Record<string, string> = { ...(JSON.parse(raw) as Record<string, string>) };
      if (body !== undefined) headers['content-type'] = 'application/json';
      headers['Idempotency-Key'] = crypto.randomUUID();
      const response = await fetch(path, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await response.json()) as unknown;
    },
    { method, path, body },
  );
  const envelope = answer as Envelope<T>;
  expect(envelope.err_code, `${method} ${path}: ${envelope.message}`).toBe(0);
  return envelope.data as T;
}

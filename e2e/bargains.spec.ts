import { expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import { loginAsNewUser, test, visiblePane } from './helpers';

/** A small PNG drawn in the page (the server sniffs and re-encodes every upload). */
async function drawPng(page: Page, color: string): Promise<Buffer> {
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
async function publishBargainListing(page: Page, title: string): Promise<string> {
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

async function phone(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'zh-CN',
  });
  return context.newPage();
}

const dir = new URL('./screenshots/', import.meta.url).pathname;
const shot = (page: Page, name: string) => page.screenshot({ path: `${dir}bargains-${name}.png` });

/** Issue 11 E: a buyer offers, the seller counters, the buyer accepts and may buy at that price. */
test('a buyer offers, the seller counters, the buyer accepts the counter-offer', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const title = `王者荣耀 议价测试 ${Date.now() % 100000}`;
  await loginAsNewUser(page);
  const goodsId = await publishBargainListing(page, title);

  // The buyer, on another phone: 议价 on the listing opens its thread with the offer form.
  const buyer = await phone(browser, testInfo);
  await loginAsNewUser(buyer);
  await buyer.goto(`/goodsDetail?goods_id=${goodsId}`);
  await visiblePane(buyer).getByRole('button', { name: '议价' }).click();
  await expect(buyer).toHaveURL(new RegExp(`/goodsBargainList\\?goods_id=${goodsId}$`));
  const thread = visiblePane(buyer);
  await expect(thread.getByText('卖家设置了最低可议价，低于该价格的出价会被拒绝')).toBeVisible();
  await shot(buyer, 'offer-form');

  // Below the seller's floor: refused by the server, nothing sent on.
  await thread.getByRole('textbox', { name: '价格（元）' }).fill('150');
  await thread.getByRole('button', { name: '出价', exact: true }).click();
  await expect(buyer.getByText('出价低于卖家可接受的最低价，请提高出价')).toBeVisible();
  await thread.getByRole('textbox', { name: '价格（元）' }).fill('220');
  await thread.getByRole('button', { name: '出价', exact: true }).click();
  await expect(thread.getByTestId('bargain-status')).toHaveText('待卖家回复');
  await expect(thread.getByTestId('bargain-deadline')).toContainText('等待卖家回复');
  await shot(buyer, 'offered');

  // The seller counters from 收到的议价.
  await page.goto('/goodsBargainList');
  await visiblePane(page).getByText('收到的议价').click();
  const card = visiblePane(page).getByRole('article', { name: title });
  await expect(card.getByTestId('bargain-offer')).toHaveText('¥220.00');
  await shot(page, 'received');
  await card.getByRole('button', { name: '还价' }).click();
  const sheet = page.getByRole('dialog', { name: '还价' });
  await sheet.getByRole('textbox', { name: '价格（元）' }).fill('260');
  await shot(page, 'counter-sheet');
  await sheet.getByRole('button', { name: '还价' }).click();
  await expect(card.getByTestId('bargain-status')).toHaveText('卖家已还价');

  // The buyer sees the counter and accepts it.
  await buyer.reload();
  await expect(thread.getByTestId('bargain-counter')).toHaveText('¥260.00');
  await thread.getByRole('button', { name: '接受还价' }).click();
  await buyer.getByRole('dialog').getByRole('button', { name: '接受还价' }).click();
  await expect(thread.getByTestId('bargain-status')).toHaveText('已同意');
  await expect(thread.getByTestId('bargain-agreed')).toHaveText('¥260.00');
  await expect(thread.getByTestId('bargain-deadline')).toContainText('议价价格有效期');
  await shot(buyer, 'agreed');

  // 按议价购买 leads to the order screen with the bargain.
  await thread.getByRole('button', { name: '按议价购买' }).click();
  await expect(buyer).toHaveURL(new RegExp(`/order_detail\\?goods_id=${goodsId}&bargain_id=\\d+$`));
  await buyer.context().close();
});

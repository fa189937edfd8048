import { expect, type Page } from '@playwright/test';
import { loginAsNewUser, test, visiblePane } from './helpers';

/** A word no other listing has: letters that never spell a contact hint (vx, wx, qq) and digits. */
function uniqueWord(): string {
  const letters = 'abcdefghjkmnprst';
  const random = Array.from({ length: 6 }, () => letters[Math.floor(Math.random() * letters.length)]).join(
    '',
  );
  return `e2e${random}${String(Date.now() % 1000).padStart(3, '0')}`;
}

/** A small PNG drawn in the page (a real image: the server sniffs and re-encodes every upload). */
async function drawPng(page: Page, color: string): Promise<Buffer> {
  const base64 = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 160;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = fill;
    context.fillRect(0, 0, 240, 160);
    context.fillStyle = '#ffffff';
    context.fillRect(40, 60, 160, 40);
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  }, color);
  return Buffer.from(base64, 'base64');
}

const next = (page: Page) => visiblePane(page).getByRole('button', { name: '下一步' }).click();

test('a seller publishes a listing with two screenshots, finds it through search, re-prices and edits it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await loginAsNewUser(page);
  const word = uniqueWord();
  const title = `荣耀王者 全英雄 ${word}`;

  // 诚心卖: pick the game.
  await page.goto('/sincereSell');
  await expect(visiblePane(page).getByRole('table')).toContainText('担保交易服务费');
  await visiblePane(page).getByRole('button', { name: '王者荣耀' }).click();
  await expect(page).toHaveURL(/\/publishGoods\?game_id=1$/);
  const wizard = visiblePane(page);

  // Partition (and platform).
  await wizard.getByRole('option', { name: '安卓' }).click();
  await wizard.getByRole('option', { name: '安卓QQ区' }).click();
  await next(page);

  // Attributes from the game's schema; a value out of range is refused on the spot.
  await wizard.getByRole('option', { name: '荣耀王者' }).click();
  await wizard.getByRole('textbox', { name: '王者星数' }).fill('66');
  await wizard.getByRole('textbox', { name: '贵族等级' }).fill('11');
  await wizard.getByRole('textbox', { name: '英雄数' }).fill('120');
  await wizard.getByRole('textbox', { name: '皮肤数' }).fill('300');
  await wizard.getByRole('option', { name: '李白·凤求凰' }).click();
  await next(page);
  await expect(wizard.getByText('贵族等级须在0到10级之间')).toBeVisible();
  await wizard.getByRole('textbox', { name: '贵族等级' }).fill('8');
  await next(page);

  // Bindings.
  await wizard
    .locator('[data-field="bindings.phone"]')
    .getByRole('option', { name: '已绑定，可换绑' })
    .click();
  await wizard.getByRole('option', { name: '已实名，可二次实名' }).click();
  await wizard.locator('[data-field="bindings.can_rebind"]').getByRole('option', { name: '是' }).click();
  await next(page);

  // Two screenshots, each uploaded with its own progress.
  await wizard.getByTestId('screenshot-input').setInputFiles([
    { name: 'hall.png', mimeType: 'image/png', buffer: await drawPng(page, '#2f54eb') },
    { name: 'skins.png', mimeType: 'image/png', buffer: await drawPng(page, '#fa541c') },
  ]);
  const tiles = wizard.getByTestId('screenshot-tile');
  await expect(tiles).toHaveCount(2);
  await expect(tiles.nth(0)).toHaveAttribute('data-status', 'done');
  await expect(tiles.nth(1)).toHaveAttribute('data-status', 'done');
  await next(page);

  // Title, price in yuan, guarantee and tags; then submit.
  await wizard.getByRole('textbox', { name: '标题' }).fill(title);
  await wizard.getByRole('textbox', { name: '售价（元）' }).fill('1288.5');
  await expect(wizard.getByTestId('seller-net')).toContainText('到手 1224.07 元');
  await wizard.getByRole('option', { name: /基础包赔/ }).click();
  await wizard.getByRole('option', { name: '可议价' }).click();
  await wizard.getByRole('button', { name: '提交审核' }).click();

  // The built-in review approves at once (docs/decisions.md): the listing is on sale.
  const result = visiblePane(page).getByTestId('publish-result');
  await expect(result).toHaveAttribute('data-status', 'on_sale');
  await expect(result).toContainText(title);

  // 我的发布 lists it under 在售.
  await visiblePane(page).getByRole('button', { name: '我的发布' }).click();
  await expect(page).toHaveURL(/\/myGoods/);
  const mine = visiblePane(page).getByTestId('my-goods-card').filter({ hasText: title });
  await expect(mine).toContainText('¥1288.50');
  await expect(mine).toContainText('在售');

  // Anyone finds it by the unique word.
  await page.goto(`/search_goods_list?keyword=${word}`);
  const card = visiblePane(page).getByTestId('goods-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('1288.50');

  // 改价 from 我的发布 (issue 10 E.3): a bad price is refused on the spot, a good one keeps it on sale.
  await page.goto('/myGoods');
  const listed = visiblePane(page).getByTestId('my-goods-card').filter({ hasText: title });
  await listed.getByRole('button', { name: '改价' }).click();
  const sheet = page.getByRole('form', { name: '修改价格' });
  await expect(sheet.getByRole('textbox', { name: '售价（元）' })).toHaveValue('1288.50');
  await sheet.getByRole('textbox', { name: '售价（元）' }).fill('0');
  await sheet.getByRole('button', { name: '确认改价' }).click();
  await expect(sheet.getByText('金额需大于0，且最多两位小数')).toBeVisible();
  await sheet.getByRole('textbox', { name: '售价（元）' }).fill('999');
  await sheet.getByRole('button', { name: '确认改价' }).click();
  await expect(page.getByText('已改价为 ¥999.00')).toBeVisible();
  await expect(listed).toContainText('¥999.00');
  await expect(listed).toContainText('在售');

  // 编辑: the wizard opens filled in; a new title is reviewed again and the listing stays on sale.
  await listed.getByRole('button', { name: '编辑' }).click();
  await expect(page).toHaveURL(/\/publishGoods\?goods_id=\d+$/);
  const editor = visiblePane(page);
  await expect(editor.getByRole('note')).toContainText('需重新审核');
  await expect(editor.getByRole('textbox', { name: '英雄数' })).toHaveValue('120');
  await next(page);
  await next(page);
  await next(page);
  await expect(editor.getByRole('textbox', { name: '售价（元）' })).toHaveValue('999.00');
  await expect(editor.getByRole('button', { name: '存草稿' })).toHaveCount(0);
  const newTitle = `${title} 已降价`;
  await editor.getByRole('textbox', { name: '标题' }).fill(newTitle);
  await editor.getByRole('button', { name: '保存修改' }).click();
  const edited = visiblePane(page).getByTestId('publish-result');
  await expect(edited).toHaveAttribute('data-status', 'on_sale');
  await expect(edited).toContainText(newTitle);

  // The search sees the new title and price.
  await page.goto(`/search_goods_list?keyword=${word}`);
  const found = visiblePane(page).getByTestId('goods-card').filter({ hasText: newTitle });
  await expect(found).toBeVisible();
  await expect(found).toContainText('¥999');
  await expect(found).not.toContainText('1288');
});

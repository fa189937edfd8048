import { expect, type Page } from '@playwright/test';
import { loginAsNewUser, test, visiblePane } from './helpers';
import { phone, publishBargainListing } from './trade-helpers';

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
});

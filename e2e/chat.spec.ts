import { expect, type Page } from '@playwright/test';
import { loginAsNewUser, test, visiblePane } from './helpers';
import { api, phone } from './trade-helpers';

/** The first demo seller (apps/server/src/db/seed.ts, goods/demo-seed.ts). */
const DEMO_SELLER_PHONE = '19900000001';
const dir = new URL('./screenshots/', import.meta.url).pathname;
const shot = (page: Page, name: string) => page.screenshot({ path: `${dir}chat-${name}.png` });

/** Issue 12 D: 聊一聊 on a listing, the seller's unread badge and answer, and a resume after going offline. */
test('a buyer writes from a listing, the seller answers, and messages sent while the buyer is offline arrive in order', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  // The seller on a second phone, on the home tab (the 消息 tab shows the unread total).
  const seller = await phone(browser, testInfo);
  await loginAsNewUser(seller, DEMO_SELLER_PHONE);
  const mine = await api<{ list: { id: number; title: string }[] }>(
    seller,
    'GET',
    '/app/user/goods/mine?status=on_sale&page_size=1',
  );
  const listing = mine.list[0];
  if (!listing) throw new Error('the demo seller has no listing on sale');
  await seller.goto('/');
  const tabBar = seller.getByRole('navigation', { name: '主导航' });

  // The buyer: 聊一聊 on the listing opens the private chat with the listing's card.
  await loginAsNewUser(page);
  await page.goto(`/goodsDetail?goods_id=${listing.id}`);
  await visiblePane(page).getByRole('button', { name: '聊一聊' }).click();
  await expect(page).toHaveURL(/\/chat\?conversation_id=\d+$/);
  const buyerChat = visiblePane(page);
  await expect(buyerChat.getByTestId('chat-goods-card')).toContainText(listing.title);
  const buyerInput = buyerChat.getByRole('textbox', { name: '输入消息' });
  await buyerInput.fill('你好，这个号还在吗？');
  await buyerChat.getByRole('button', { name: '发送', exact: true }).click();
  await expect(buyerChat.getByTestId('chat-message').last()).toHaveText('你好，这个号还在吗？');
  // The keyboard stays up: the field keeps the focus after sending.
  await expect(buyerInput).toBeFocused();
  await expect(buyerInput).toHaveValue('');
  await shot(page, 'buyer-wrote');

  // The seller sees the unread badge, opens the conversation and answers.
  // The card and the text are unread; the total also counts the seller's unread notices, if any.
  const totals = await api<{ chat: number; total: number }>(seller, 'GET', '/app/user/msg_home');
  expect(totals.chat).toBe(2);
  await expect(tabBar.getByTestId('tab-unread')).toHaveText(String(totals.total));
  await shot(seller, 'seller-badge');
  await tabBar.getByRole('link', { name: /消息/ }).click();
  const row = visiblePane(seller).getByTestId('conversation-row').first();
  await expect(row.getByTestId('conversation-preview')).toHaveText('你好，这个号还在吗？');
  await expect(row.getByTestId('unread-count')).toHaveText('2');
  await shot(seller, 'conversation-list');
  await row.click();
  const sellerChat = visiblePane(seller);
  await expect(sellerChat.getByTestId('chat-message').last()).toHaveText('你好，这个号还在吗？');
  await sellerChat.getByRole('textbox', { name: '输入消息' }).fill('在的，随时可以交易');
  await sellerChat.getByRole('button', { name: '发送', exact: true }).click();
  await expect(buyerChat.getByTestId('chat-message').last()).toHaveText('在的，随时可以交易');

  // The buyer goes offline; the seller writes twice; back online, both arrive, in order, once.
  await page.context().setOffline(true);
  await expect(buyerChat.getByTestId('chat-offline')).toBeVisible();
  await sellerChat.getByRole('textbox', { name: '输入消息' }).fill('第一条：账号已绑定手机');
  await sellerChat.getByRole('button', { name: '发送', exact: true }).click();
  await sellerChat.getByRole('textbox', { name: '输入消息' }).fill('第二条：今天就能换绑');
  await sellerChat.getByRole('button', { name: '发送', exact: true }).click();
  await expect(sellerChat.getByTestId('chat-message').last()).toHaveText('第二条：今天就能换绑');
  await expect(sellerChat.getByTestId('chat-pending')).toHaveCount(0);
  await shot(seller, 'seller-chat');
  await expect(buyerChat.getByTestId('chat-message').last()).toHaveText('在的，随时可以交易');
  await page.context().setOffline(false);
  await expect(buyerChat.getByTestId('chat-offline')).toBeHidden();
  const texts = buyerChat.getByTestId('chat-message');
  await expect(texts).toHaveText(
    [
      listing.title,
      '你好，这个号还在吗？',
      '在的，随时可以交易',
      '第一条：账号已绑定手机',
      '第二条：今天就能换绑',
    ].map((text) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))),
  );
  await shot(page, 'buyer-resumed');

  // A phone number in the buyer's message: the seller is warned against dealing off the platform.
  await buyerInput.fill('加我电话13912345678，我们私下交易');
  await buyerChat.getByRole('button', { name: '发送', exact: true }).click();
  await expect(sellerChat.getByTestId('chat-message').last()).toHaveText('加我电话13912345678，我们私下交易');
  await expect(sellerChat.getByTestId('chat-fraud-warning')).toContainText('谨防诈骗');
  await expect(buyerChat.getByTestId('chat-fraud-warning')).toBeHidden();
  await shot(seller, 'fraud-warning');

  // The seller's helper and the system notices open from the pinned rows.
  await seller.goto('/chatSellerHelper');
  await expect(visiblePane(seller).getByTestId('helper-offers')).toBeVisible();
  await expect(visiblePane(seller).getByTestId('helper-deliveries')).toBeVisible();
  await shot(seller, 'seller-helper');
  await seller.goto('/chatSystemInform');
  await expect(
    visiblePane(seller)
      .getByTestId('notice-card')
      .first()
      .or(visiblePane(seller).getByTestId('notices-empty')),
  ).toBeVisible();
  await shot(seller, 'system-inform');
});

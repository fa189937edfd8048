import { expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import { loginAsNewUser, test, visiblePane } from './helpers';
import { api, phone } from './trade-helpers';

/** Seeded customer-service account and the first demo seller (apps/server/src/db/seed.ts, goods/demo-seed.ts). */
// Its own agent: specs running in parallel would otherwise wait out each other's SMS cooldown.
const CUSTOMER_SERVICE_PHONE = '13800000007';
const DEMO_SELLER_PHONE = '19900000001';
const shots = new URL('./screenshots/', import.meta.url).pathname;

const fen = (amount: string) => Math.round(Number(amount) * 100);
const yuan = (value: number) => (value / 100).toFixed(2);

/**
 * The demo seller on a second phone and the `rank`-th cheapest of its listings on sale; a new buyer
 * on `page` tops the wallet up with exactly its price through the sandbox cashier.
 */
async function buyerReadyFor(
  page: Page,
  browser: Browser,
  testInfo: TestInfo,
  rank: number,
  channel: string,
) {
  const seller = await phone(browser, testInfo);
  await loginAsNewUser(seller, DEMO_SELLER_PHONE);
  const mine = await api<{ list: { id: number; price: string }[] }>(
    seller,
    'GET',
    '/app/user/goods/mine?status=on_sale&page_size=50',
  );
  const listing = [...mine.list].sort((a, b) => fen(a.price) - fen(b.price))[rank];
  if (!listing) throw new Error(`the demo seller has no listing on sale at rank ${rank}`);

  await loginAsNewUser(page);
  await page.goto('/personRecharge');
  await page.getByRole('textbox', { name: '充值金额' }).fill(listing.price);
  await page.getByTestId(`recharge-channel-${channel}`).click();
  await page.getByTestId('recharge-submit').click();
  await page.getByTestId('cashier-confirm').click();
  await expect(page.getByRole('status')).toHaveText('充值成功');
  return { seller, listing };
}

/** Issue 11 A, B and F (completion): buy a demo listing from the wallet, hand over, confirm, seller paid. */
test('a buyer buys a demo listing with the wallet; staff hands it over; the buyer confirms; the seller is paid', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const { seller, listing } = await buyerReadyFor(page, browser, testInfo, 0, 'alipay');

  // 立即购买 on the listing → 确认订单, priced by the server, without 包赔.
  await page.goto(`/order_detail?goods_id=${listing.id}`);
  const confirmScreen = visiblePane(page).getByTestId('confirm-order');
  await expect(confirmScreen).toBeVisible();
  await visiblePane(page).getByText('不需要包赔').click();
  await expect(visiblePane(page).getByTestId('order-breakdown')).toContainText(`¥${listing.price}`);
  await page.screenshot({ path: `${shots}order-confirm.png`, fullPage: true });
  await visiblePane(page).getByTestId('place-order').click();

  // The pay sheet opens on the order: pay from the wallet.
  await expect(page).toHaveURL(/\/order_detail\?order_no=O\d+&pay=1/);
  const orderNo = new URL(page.url()).searchParams.get('order_no') ?? '';
  await expect(page.getByTestId('pay-amount')).toHaveText(`¥${listing.price}`);
  await page.getByTestId('pay-confirm').click();
  await expect(visiblePane(page).getByTestId('order-state')).toHaveText('待发货');
  await expect(visiblePane(page).getByTestId('order-deadline')).toContainText('前开始交付');
  await expect(page.getByText('支付成功，资金已进入平台托管')).toBeHidden();
  await page.screenshot({ path: `${shots}order-detail-paid.png`, fullPage: true });

  // Customer service takes the hand-over steps on the order.
  const staff = await phone(browser, testInfo);
  await loginAsNewUser(staff, CUSTOMER_SERVICE_PHONE);
  for (const action of ['deliver', 'submit_account', 'verify_pass', 'finish_rebinding']) {
    // Rebinding finishes once every required step of its checklist is confirmed; staff may.
    if (action === 'finish_rebinding') {
      const handover = await api<{ rebinding: { key: string; required: boolean }[] }>(
        staff,
        'GET',
        `/app/order/handover?order_no=${orderNo}`,
      );
      for (const step of handover.rebinding.filter((each) => each.required))
        await api(staff, 'POST', '/app/order/rebinding/confirm', { order_no: orderNo, step: step.key });
    }
    await api(staff, 'POST', '/app/order/staff/step', { order_no: orderNo, action });
  }
  // Nobody signs for the parties (trade.spec signs for real): the development route does.
  await api(staff, 'POST', '/dev/order/complete-signing', { order_no: orderNo });

  // The buyer confirms receipt in the protection period.
  await page.reload();
  await expect(visiblePane(page).getByTestId('order-state')).toHaveText('保障期');
  await visiblePane(page).getByTestId('order-action-confirm_receipt').click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(visiblePane(page).getByTestId('order-state')).toHaveText('已完成');

  // 我的订单 lists it under 已完成.
  await page.goto('/afterSalesList?side=buy&tab=completed');
  await expect(visiblePane(page).getByTestId('order-row').first()).toContainText('已完成');
  await page.screenshot({ path: `${shots}order-list.png`, fullPage: true });

  // The seller's bills show the sale: the price minus the platform fee of the fee schedule.
  const priceFen = fen(listing.price);
  const feeFen = Math.min(Math.max(Math.floor((priceFen * 500 + 5_000) / 10_000), 500), 200_000, priceFen);
  await seller.goto(`/order_detail?order_no=${orderNo}`);
  await expect(visiblePane(seller).getByTestId('order-amounts')).toContainText(`¥${yuan(priceFen - feeFen)}`);
  await seller.goto('/billList');
  await expect(
    visiblePane(seller)
      .getByText(`+${yuan(priceFen - feeFen)}`)
      .first(),
  ).toBeVisible();
});

/** Issue 11 H, second run: the buyer disputes after the hand-over, staff refund, the balance is back. */
test('a buyer disputes a handed-over order, customer service refunds it, the wallet has the money back', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const { listing } = await buyerReadyFor(page, browser, testInfo, 1, 'wechat');
  const placed = await api<{ order_no: string }>(page, 'POST', '/app/order/build/business', {
    goods_id: listing.id,
  });
  const orderNo = placed.order_no;
  await api(page, 'POST', '/app/order/data/v2', { order_no: orderNo, method: 'wallet' });

  // Customer service starts the hand-over; the account arrives and does not log in.
  const staff = await phone(browser, testInfo);
  await loginAsNewUser(staff, CUSTOMER_SERVICE_PHONE);
  await api(staff, 'POST', '/app/order/staff/step', { order_no: orderNo, action: 'deliver' });

  await page.goto(`/order_detail?order_no=${orderNo}`);
  await expect(visiblePane(page).getByTestId('order-state')).toHaveText('交付中');
  await visiblePane(page).getByTestId('order-action-dispute').click();
  await expect(page).toHaveURL(/\/orderRefund\?order_no=/);
  const form = visiblePane(page);
  await form.getByText('账号无法登录').click();
  await form.getByPlaceholder(/请描述遇到的问题/).fill('卖家给的账号密码一直提示错误，无法登录游戏。');
  await form.getByRole('button', { name: '提交售后申请' }).click();
  await expect(visiblePane(page).getByText('售后处理中').first()).toBeVisible();
  await page.screenshot({ path: `${shots}dispute-opened.png`, fullPage: true });

  // Customer service refunds in full from the same screen.
  await staff.goto(`/orderRefund?order_no=${orderNo}`);
  const panel = visiblePane(staff).getByTestId('resolve-panel');
  await panel.getByText('全额退款给买家').click();
  await panel.getByPlaceholder('双方可见，请写明核实情况').fill('已核实账号无法登录，全额退款给买家。');
  await panel.getByRole('button', { name: '确认处理' }).click();
  await staff.getByRole('button', { name: '确定' }).click();
  await expect(visiblePane(staff).getByText('售后已退款').first()).toBeVisible();

  await page.goto('/wallet');
  await expect(visiblePane(page).getByTestId('wallet-available')).toHaveText(
    listing.price.includes('.') ? listing.price : `${listing.price}.00`,
  );
  await page.goto(`/order_detail?order_no=${orderNo}`);
  await expect(visiblePane(page).getByTestId('order-state')).toHaveText('售后已退款');
});

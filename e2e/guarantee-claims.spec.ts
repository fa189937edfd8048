import { expect, type Page } from '@playwright/test';
import { loginAsNewUser, test, visiblePane } from './helpers';
import { api, drawPng, phone } from './trade-helpers';

/** Seeded customer-service account and the first demo seller (apps/server/src/db/seed.ts, goods/demo-seed.ts). */
// Its own agent: specs running in parallel would otherwise wait out each other's SMS cooldown.
const CUSTOMER_SERVICE_PHONE = '13800000008';
const DEMO_SELLER_PHONE = '19900000001';
const shots = new URL('./screenshots/', import.meta.url).pathname;

const fen = (amount: string) => Math.round(Number(amount) * 100);

/** What this spec reads of GET /app/order/guarantee. */
interface OrderGuarantee {
  can_order: boolean;
  options: { code: string; name: string }[];
  quote: { payable: string };
}

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${shots}${name}.png` });
}

/**
 * Issue 11 F, 找回包赔: a buyer's guaranteed order is completed (staff take the hand-over steps
 * through the API), the account is retrieved, the buyer files a claim with a screenshot, customer
 * service accepts and pays it from the compensation pool, and the buyer's wallet has the money.
 */
test('a buyer claims on a completed guaranteed order; customer service compensates it into the wallet', async ({
  page,
  browser,
}, testInfo) => {
  // A whole trade, then the claim, on three phones: long on a loaded machine.
  test.setTimeout(540_000);
  // A demo listing (not the ones the orders spec buys) and a new buyer.
  const seller = await phone(browser, testInfo);
  await loginAsNewUser(seller, DEMO_SELLER_PHONE);
  const mine = await api<{ list: { id: number; price: string }[] }>(
    seller,
    'GET',
    '/app/user/goods/mine?status=on_sale&page_size=50',
  );
  await loginAsNewUser(page);
  // The cheapest demo listing past the ones the orders spec buys that offers 包赔.
  const candidates = [...mine.list].sort((a, b) => fen(a.price) - fen(b.price)).slice(2);
  let found: { listing: { id: number; price: string }; option: { code: string; name: string } } | undefined;
  for (const candidate of candidates) {
    const offer = await api<OrderGuarantee>(page, 'GET', `/app/order/guarantee?goods_id=${candidate.id}`);
    const first = offer.options[0];
    if (offer.can_order && first) {
      found = { listing: candidate, option: first };
      break;
    }
  }
  if (!found) throw new Error('no demo listing on sale offers 包赔');
  const { listing, option } = found;
  const quoted = await api<OrderGuarantee>(
    page,
    'GET',
    `/app/order/guarantee?goods_id=${listing.id}&guarantee=${option.code}`,
  );

  // The plans page compares every plan.
  await page.goto(`/officialGuarantee?price=${listing.price}`);
  await expect(visiblePane(page).getByTestId('plans-table')).toContainText(option.name);
  await shoot(page, 'official-guarantee');

  // Top up what the order costs with 包赔, through the sandbox cashier, then buy and pay.
  await page.goto('/personRecharge');
  await page.getByRole('textbox', { name: '充值金额' }).fill(quoted.quote.payable);
  await page.getByTestId('recharge-channel-alipay').click();
  await page.getByTestId('recharge-submit').click();
  await page.getByTestId('cashier-confirm').click();
  await expect(page.getByRole('status')).toHaveText('充值成功');
  const placed = await api<{ order_no: string }>(page, 'POST', '/app/order/build/business', {
    goods_id: listing.id,
    guarantee: option.code,
  });
  const orderNo = placed.order_no;
  await api(page, 'POST', '/app/order/data/v2', { order_no: orderNo, method: 'wallet' });

  // Customer service takes the hand-over steps; the buyer confirms receipt.
  const staff = await phone(browser, testInfo);
  await loginAsNewUser(staff, CUSTOMER_SERVICE_PHONE);
  for (const action of ['deliver', 'submit_account', 'verify_pass', 'finish_rebinding']) {
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
  await api(page, 'POST', '/app/order/confirm', { order_no: orderNo });

  // The order's plan is in force: the buyer files a claim with a screenshot.
  await page.goto(`/accOrderOfficialGuarantee?order_no=${orderNo}`);
  await expect(visiblePane(page).getByTestId('plan-status')).toHaveText('保障中');
  await expect(visiblePane(page).getByTestId('plan-remaining')).toContainText('天');
  const form = visiblePane(page).getByTestId('file-claim-form');
  await form
    .getByPlaceholder(/请描述账号被找回的经过/)
    .fill('成交后第三天账号被原卖家通过申诉找回，登录提示密码错误。');
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'retrieved.png', mimeType: 'image/png', buffer: await drawPng(page, '#cf1322') });
  const submit = form.getByRole('button', { name: '提交找回申请' });
  await expect(submit).toBeEnabled();
  await shoot(page, 'acc-order-official-guarantee');
  await submit.click();
  await expect(page).toHaveURL(/\/offlineRetrievalDetails\?claim_no=C\d+/);
  const claimNo = new URL(page.url()).searchParams.get('claim_no') ?? '';
  await expect(visiblePane(page).getByTestId('claim-view')).toContainText('待审核');
  await shoot(page, 'offline-retrieval-details');

  // Customer service accepts at the plan's cap and pays from the compensation pool.
  await staff.goto(`/offlineOrderHandle?claim_no=${claimNo}`);
  const panel = visiblePane(staff).getByTestId('review-panel');
  await panel.getByText('审核通过').click();
  const cap = await panel.getByRole('textbox', { name: '赔付金额（元）' }).inputValue();
  await panel.getByPlaceholder(/处理理由/).fill('已核实账号在保障期内被原卖家找回，按方案全额赔付。');
  await panel.getByRole('button', { name: '提交处理' }).click();
  const pay = visiblePane(staff).getByRole('button', { name: `确认赔付 ¥${cap}` });
  await expect(pay).toBeVisible();
  await shoot(staff, 'offline-order-handle');
  await pay.click();
  await staff.getByRole('button', { name: '确定' }).click();
  await expect(visiblePane(staff).getByTestId('claim-handle')).toContainText('已赔付');
  await staff.goto('/offlineOrderData');
  await expect(visiblePane(staff).getByTestId('claim-data-table')).toContainText('合计');
  await shoot(staff, 'offline-order-data');

  // The buyer's wallet has the compensation; the bill names the pool.
  await page.goto('/wallet');
  await expect(visiblePane(page).getByTestId('wallet-available')).toHaveText(cap);
  await page.goto('/billList');
  await expect(visiblePane(page).getByText('包赔赔付到账').first()).toBeVisible();
  await page.goto('/offlineRetrievalList');
  await expect(visiblePane(page).getByTestId('claim-item').first()).toContainText('已赔付');
  await shoot(page, 'offline-retrieval-list');
  // A compensated account is gone: it is not offered for resale.
  await page.goto('/resellList');
  await expect(visiblePane(page).getByTestId('resell-empty')).toBeVisible();
});

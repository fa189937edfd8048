import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { loginAsNewUser, readSmsCode, test, visiblePane } from './helpers';
import { api, phone, publishBargainListing } from './trade-helpers';

const shots = new URL('./screenshots/', import.meta.url).pathname;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${shots}trade-${name}.png`, fullPage: true });

/** A valid mainland ID number (GB 11643 check character) for an adult, unique per call. */
function idNumber(): string {
  const serial = String(Date.now() % 1000).padStart(3, '0');
  const first17 = `11010519${String(70 + Math.floor(Math.random() * 25))}0${1 + Math.floor(Math.random() * 9)}1${Math.floor(Math.random() * 9)}${serial}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  return first17 + '10X98765432'.charAt(sum % 11);
}

async function verifyRealName(page: Page, name: string): Promise<void> {
  await api(page, 'POST', '/app/user/auth/real_name', { name, id_number: idNumber() });
}

/** The SMS resend cooldown is per phone: a party signs at least a minute after its last code. */
async function waitForSmsCooldown(page: Page, lastCodeAt: number): Promise<void> {
  const wait = lastCodeAt + 61_000 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
}

async function signProtocol(page: Page, phoneNumber: string, orderNo: string): Promise<void> {
  await page.goto(`/order_detail?order_no=${orderNo}`);
  await visiblePane(page).getByTestId('order-sign-protocol').click();
  await expect(page).toHaveURL(/\/ratifyAccord\?order_no=/);
  const form = visiblePane(page);
  await form.getByText('我已完整阅读并同意《账号交易转让协议》').click();
  const canvas = form.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no signature canvas');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++)
    await page.mouse.move(box.x + 20 + step * 20, box.y + box.height / 2 + (step % 2 ? 15 : -15));
  await page.mouse.up();
  await form.getByRole('button', { name: '获取验证码' }).click();
  await expect(form.getByText(/验证码已发送至/)).toBeVisible();
  await form.locator('#sign-code').fill(await readSmsCode(page.request, phoneNumber));
  await shot(page, 'ratify');
  await form.getByRole('button', { name: '确认签署' }).click();
  await expect(page).toHaveURL(/\/protocolSnapshot\?order_no=/);
}

/**
 * Issue 11 H: on two phones, a buyer bargains, the seller agrees, the buyer pays from the wallet,
 * the seller hands over, the buyer verifies and rebinds, both sign, the buyer confirms; the seller
 * is paid the agreed price minus the fee; both evaluate.
 */
test('a whole guaranteed trade on two phones: bargain, pay, hand over, verify, rebind, sign, confirm, evaluate', async ({
  page: seller,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const title = `王者荣耀 担保交易 ${Date.now() % 100000}`;
  const sellerPhone = await loginAsNewUser(seller);
  const sellerCodeAt = Date.now();
  const goodsId = await publishBargainListing(seller, title);

  const buyer = await phone(browser, testInfo);
  const buyerPhone = await loginAsNewUser(buyer);
  const buyerCodeAt = Date.now();
  await buyer.goto('/personRecharge');
  await buyer.getByRole('textbox', { name: '充值金额' }).fill('300');
  await buyer.getByTestId('recharge-channel-alipay').click();
  await buyer.getByTestId('recharge-submit').click();
  await buyer.getByTestId('cashier-confirm').click();
  await expect(buyer.getByRole('status')).toHaveText('充值成功');

  // 议价: the buyer offers 250, the seller agrees.
  await buyer.goto(`/goodsBargainList?goods_id=${goodsId}`);
  const thread = visiblePane(buyer);
  await thread.getByRole('textbox', { name: '价格（元）' }).fill('250');
  await thread.getByRole('button', { name: '出价', exact: true }).click();
  await expect(thread.getByTestId('bargain-status')).toHaveText('待卖家回复');
  await expectAccessible(buyer, 'bargain thread');
  await seller.goto('/goodsBargainList');
  await visiblePane(seller).getByText('收到的议价').click();
  const card = visiblePane(seller).getByRole('article', { name: title });
  await card.getByRole('button', { name: '同意' }).click();
  await seller.getByRole('dialog').getByRole('button', { name: '同意' }).click();
  await expect(card.getByTestId('bargain-status')).toHaveText('已同意');

  // 按议价购买 → 确认订单 at the agreed price → pay from the wallet.
  await buyer.reload();
  await thread.getByRole('button', { name: '按议价购买' }).click();
  await expect(visiblePane(buyer).getByTestId('confirm-order')).toBeVisible();
  await expect(visiblePane(buyer).getByTestId('order-breakdown')).toContainText('¥250.00');
  await visiblePane(buyer).getByTestId('place-order').click();
  await expect(buyer).toHaveURL(/\/order_detail\?order_no=O\d+&pay=1/);
  const orderNo = new URL(buyer.url()).searchParams.get('order_no') ?? '';
  await expect(buyer.getByTestId('pay-amount')).toHaveText('¥250.00');
  await buyer.getByTestId('pay-confirm').click();
  await expect(visiblePane(buyer).getByTestId('order-state')).toHaveText('待发货');

  // The seller starts the hand-over and submits the login details (sealed at rest).
  await seller.goto(`/order_detail?order_no=${orderNo}`);
  await visiblePane(seller).getByTestId('order-action-deliver').click();
  await expect(visiblePane(seller).getByTestId('order-state')).toHaveText('交付中');
  const handover = visiblePane(seller).getByRole('region', { name: '提交账号信息' });
  await handover.getByPlaceholder('游戏账号').fill('wzry_e2e_10086');
  await handover.getByPlaceholder('登录密码').fill('S3cret-pass');
  await handover.getByRole('button', { name: '提交账号' }).click();
  await expect(visiblePane(seller).getByTestId('order-state')).toHaveText('待验号');

  // The buyer checks the account and passes it, then confirms every rebinding step.
  await buyer.goto(`/order_detail?order_no=${orderNo}`);
  await expect(visiblePane(buyer).getByTestId('order-state')).toHaveText('待验号');
  await shot(buyer, 'verify');
  await expectAccessible(buyer, 'order detail, verifying');
  await visiblePane(buyer).getByRole('button', { name: '验号通过' }).click();
  await buyer.getByRole('button', { name: '确定' }).click();
  await expect(visiblePane(buyer).getByTestId('order-state')).toHaveText('换绑中');
  const checklist = visiblePane(buyer).getByRole('region', { name: '换绑清单' });
  const open = checklist.getByRole('button', { name: '已完成' });
  for (let left = await open.count(); left > 0; left = await open.count()) {
    await open.first().click();
    await expect(open).toHaveCount(left - 1);
  }
  await shot(buyer, 'rebinding');
  await visiblePane(buyer).getByTestId('order-action-finish_rebinding').click();
  await expect(visiblePane(buyer).getByTestId('order-state')).toHaveText('待签署协议');

  // Both sign the transfer protocol (real-name identity, drawn signature, SMS intent).
  await verifyRealName(seller, '李四光');
  await verifyRealName(buyer, '张三丰');
  await waitForSmsCooldown(seller, sellerCodeAt);
  await signProtocol(seller, sellerPhone, orderNo);
  await waitForSmsCooldown(buyer, buyerCodeAt);
  await signProtocol(buyer, buyerPhone, orderNo);
  await expect(visiblePane(buyer).getByText('签名有效').first()).toBeVisible();
  await shot(buyer, 'snapshot');
  await expectAccessible(buyer, 'protocol snapshot');

  // The buyer confirms receipt: the seller is paid 250.00 minus the 5 % fee.
  await buyer.goto(`/order_detail?order_no=${orderNo}`);
  await expect(visiblePane(buyer).getByTestId('order-state')).toHaveText('保障期');
  // Each signature is on the order's progress, by who signed.
  const progress = visiblePane(buyer).getByRole('region', { name: '订单进度' });
  await expect(progress.getByText('卖家签署协议')).toBeVisible();
  await expect(progress.getByText('买家签署协议')).toBeVisible();
  await visiblePane(buyer).getByTestId('order-action-confirm_receipt').click();
  await buyer.getByRole('button', { name: '确定' }).click();
  await expect(visiblePane(buyer).getByTestId('order-state')).toHaveText('已完成');
  await seller.goto(`/order_detail?order_no=${orderNo}`);
  await expect(visiblePane(seller).getByTestId('order-amounts')).toContainText('¥237.50');
  await seller.goto('/billList');
  await expect(visiblePane(seller).getByText('+237.50').first()).toBeVisible();

  // Both evaluate the trade.
  for (const party of [buyer, seller]) {
    await party.goto(`/order_detail?order_no=${orderNo}`);
    await visiblePane(party).getByTestId('order-evaluate').click();
    await expect(party).toHaveURL(/\/goodEvaluateMakeOut\?order_no=/);
    const form = visiblePane(party);
    await form.getByRole('group', { name: '评分', exact: true }).getByRole('button', { name: '5星' }).click();
    await form
      .getByRole('group', { name: '服务评分', exact: true })
      .getByRole('button', { name: '5星' })
      .click();
    await form
      .getByPlaceholder(/说说这次交易的感受/)
      .fill('交易很顺利，账号与描述一致，换绑配合及时，推荐。');
    await form.getByRole('button', { name: '提交评价' }).click();
    // The buyer's first evaluation earns the cash back; the seller lands on the order's evaluations.
    await expect(party).toHaveURL(party === buyer ? /\/goodsEvaluateReturnCash\?/ : /\/evaluationService\?/);
  }
  await expect(visiblePane(seller).getByText('交易很顺利').first()).toBeVisible();
});

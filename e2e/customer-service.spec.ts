import { expect } from '@playwright/test';
import { loginAsNewUser, loginWithSms, test, visiblePane } from './helpers';
import { phone } from './trade-helpers';

/** The demo customer-service staff account (seeded with the other demo staff). */
const STAFF_PHONE = '13800000003';

test('a user asks for a human in customer service, a staff phone answers, the user rates the session', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const question = `提现三天没到账 ${Date.now().toString(36)}`;

  // The user: the help centre, an article, then 联系人工客服 with a description.
  await loginAsNewUser(page);
  await page.goto('/customerService');
  const help = visiblePane(page);
  await expect(help.getByRole('heading', { name: '热门问题' })).toBeVisible();
  await help.getByText('担保交易的流程是怎样的？').click();
  await expect(help.getByTestId('faq-article')).toContainText('平台担保账户');
  await page.screenshot({ path: testInfo.outputPath('help-centre-article.png') });
  await help.getByRole('button', { name: '联系人工客服' }).click();
  const sheet = page.getByRole('dialog', { name: '选择要咨询的订单' });
  await expect(sheet.getByText('不选订单，直接咨询')).toBeVisible();
  await sheet.getByRole('textbox', { name: '问题描述' }).fill(question);
  await sheet.getByRole('button', { name: '转人工客服' }).click();
  await expect(page).toHaveURL(/\/customerServiceChat\?id=\d+/);
  const sessionId = new URL(page.url()).searchParams.get('id') ?? '';
  const chat = visiblePane(page);
  await expect(chat.getByTestId('cs-status')).toContainText(/即将为您接入客服|排队中/);
  await expect(chat.getByTestId('cs-messages')).toContainText('已为您转接人工客服');
  await chat.getByRole('textbox', { name: '输入消息…' }).fill('你好，我的提现一直没到账');
  await chat.getByRole('button', { name: '发送' }).click();
  await expect(chat.getByTestId('message').filter({ hasText: '你好，我的提现一直没到账' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('user-queued.png') });

  // The staff phone: /mine → 客服工作台 → 接入 → answers.
  const staff = await phone(browser, testInfo);
  await staff.goto('/h5Login');
  await loginWithSms(staff, STAFF_PHONE);
  await expect(staff).not.toHaveURL(/\/h5Login/);
  await staff.goto('/mine');
  await visiblePane(staff).getByText('客服工作台').click();
  await expect(staff).toHaveURL(/\/customerServiceQueue/);
  const item = visiblePane(staff).getByTestId(`cs-queue-item-${sessionId}`);
  await expect(item).toContainText(question);
  await staff.screenshot({ path: testInfo.outputPath('staff-queue.png') });
  await item.getByRole('button', { name: '接入' }).click();
  await expect(staff).toHaveURL(new RegExp(`/customerServiceChat\\?id=${sessionId}`));
  const desk = visiblePane(staff);
  await expect(desk.getByTestId('cs-status')).toContainText('接待中');
  await expect(desk.getByTestId('cs-messages')).toContainText('你好，我的提现一直没到账');
  await desk.getByRole('textbox', { name: '输入消息…' }).fill('您好，我是客服小美，正在为您查询提现进度');
  await desk.getByRole('button', { name: '发送' }).click();
  await expect(desk.getByTestId('message').filter({ hasText: '正在为您查询提现进度' })).toBeVisible();
  await staff.screenshot({ path: testInfo.outputPath('staff-chat.png') });

  // The user sees the staff join and answer.
  await expect(chat.getByTestId('cs-status')).toContainText('客服小美正在为您服务');
  await expect(chat.getByTestId('cs-messages')).toContainText('客服小美已接入');
  await expect(chat.getByTestId('message').filter({ hasText: '正在为您查询提现进度' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('user-answered.png') });

  // The user ends the session and rates it, once.
  await chat.getByRole('button', { name: '结束会话' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(chat.getByTestId('cs-status')).toContainText('会话已结束');
  await chat.getByRole('button', { name: '评价本次服务' }).click();
  const rating = page.getByRole('dialog', { name: '评价本次服务' });
  await rating.getByText('态度友好').click();
  await rating.getByRole('textbox', { name: '评价内容' }).fill('回复很快，谢谢');
  await page.screenshot({ path: testInfo.outputPath('rating-sheet.png') });
  await rating.getByRole('button', { name: '提交评价' }).click();
  await expect(chat.getByTestId('cs-my-rating')).toContainText('我的评价：5星');
  await expect(chat.getByRole('button', { name: '评价本次服务' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('user-rated.png') });

  // The staff's screen shows the session closed, and it is gone from their sessions.
  await expect(desk.getByTestId('cs-status')).toContainText('已结束');
});

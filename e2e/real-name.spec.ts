import { expect } from '@playwright/test';
import { loginAsNewUser, test, visiblePane } from './helpers';

const checkWeights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** A valid adult ID number (GB 11643 check character) unlikely to be used by another run. */
function freshIdNumber(): string {
  const first17 = `11010519900307${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  const sum = [...first17].reduce(
    (total, digit, index) => total + Number(digit) * (checkWeights[index] ?? 0),
    0,
  );
  return first17 + '10X98765432'.charAt(sum % 11);
}

test('adding an Alipay method sends an unverified user to real-name verification and back', async ({
  page,
}) => {
  await loginAsNewUser(page);
  await page.goto('/addPayMentType');
  const pane = visiblePane(page);
  await pane.getByLabel('收款人').fill('王小明');
  await pane.getByLabel('支付宝账号').fill('13812345678');
  await pane.getByTestId('payout-add-submit').click();

  // 4301: the catalogue opens /idCard with the way back.
  await expect(page).toHaveURL(/\/idCard\?redirect=%2FaddPayMentType/);
  const idNumber = freshIdNumber();
  await visiblePane(page).getByLabel('真实姓名').fill('王小明');
  await visiblePane(page).getByLabel('身份证号').fill(idNumber);
  await visiblePane(page).getByTestId('real-name-submit').click();
  const verified = visiblePane(page).getByTestId('real-name-verified');
  await expect(verified).toContainText('*小明');
  await expect(verified).toContainText(`110***********${idNumber.slice(-4)}`);
  await expect(page.locator('body')).not.toContainText(idNumber);

  await visiblePane(page).getByRole('button', { name: '继续刚才的操作' }).click();
  await expect(page).toHaveURL(/\/addPayMentType$/);
  await visiblePane(page).getByLabel('收款人').fill('王小明');
  await visiblePane(page).getByLabel('支付宝账号').fill('13812345678');
  await visiblePane(page).getByTestId('payout-add-submit').click();
  await expect(page).toHaveURL(/\/paymentType$/);
  await expect(visiblePane(page).getByText('138****5678')).toBeVisible();
});

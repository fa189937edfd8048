import { expect } from '@playwright/test';
import { loginAsNewUser, test, visiblePane } from './helpers';

test('/userUrgent is a real screen: a new user sees the empty 催单记录 with what to do', async ({
  page,
}, testInfo) => {
  await loginAsNewUser(page);
  await page.goto('/userUrgent');
  const pane = visiblePane(page);
  await expect(pane.getByText(/还没有催单记录/)).toBeVisible();
  await expect(page.getByTestId('coming-soon')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('user-urgent.png') });
});

import { expect } from '@playwright/test';
import { loginAsNewUser, test, visiblePane } from './helpers';

test('a screen not built yet names itself in Chinese and leads back, without its address', async ({
  page,
}) => {
  await page.goto('/');
  await visiblePane(page).getByText('账号回收').click();
  const comingSoon = visiblePane(page).getByTestId('coming-soon');
  await expect(comingSoon.getByText('「账号回收」正在建设中')).toBeVisible();
  await expect(comingSoon).not.toContainText('/recycleHome');
  await expect(comingSoon).not.toContainText('页面地址');

  await comingSoon.getByRole('button', { name: '返回上一页' }).click();
  await expect(page).toHaveURL('/');

  await page.goto('/recycleHome');
  const opened = visiblePane(page).getByTestId('coming-soon');
  await expect(opened.getByRole('button', { name: '返回上一页' })).toHaveCount(0);
  await opened.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL('/');
});

test('diagnostics are not for consumers: no menu entry, and the address refuses them', async ({ page }) => {
  await page.goto('/test');
  await expect(page).toHaveURL('/h5Login?redirect=%2Ftest');

  await loginAsNewUser(page);
  await page.goto('/mine');
  await expect(visiblePane(page).getByTestId('mine-phone')).toBeVisible();
  await expect(visiblePane(page).getByText('用户服务协议')).toBeVisible();
  await expect(visiblePane(page).getByText('诊断信息')).toHaveCount(0);

  await page.goto('/test');
  await expect(visiblePane(page).getByText('页面不存在')).toBeVisible();
  await expect(page.getByText('运行环境')).toHaveCount(0);
});

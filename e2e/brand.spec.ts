import { expect } from '@playwright/test';
import { test } from './helpers';

test('?pkg=app_mhb shows the 买号宝 brand, and it stays for the rest of the visit', async ({ page }) => {
  await page.goto('/download?pkg=app_mhb');
  await expect(page.getByRole('heading', { name: '买号宝' })).toBeVisible();
  await expect(page.getByText('买号卖号，包赔无忧')).toBeVisible();
  await expect(page).toHaveTitle('下载App - 买号宝');

  await page.getByRole('button', { name: 'iPhone版下载' }).click();
  await expect(page).toHaveURL('/download?os=ios');
  await expect(page.getByText('在 App Store 搜索「买号宝」下载安装', { exact: false })).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: '买号宝' })).toBeVisible();
  await expect(page).toHaveTitle('首页 - 买号宝');
});

test('the main brand is the default', async ({ page }) => {
  await page.goto('/webDownload');
  await expect(page.getByRole('heading', { name: '淘号号' })).toBeVisible();
  await expect(page.getByRole('img', { name: '下载页二维码' })).toBeVisible();
  await expect(page).toHaveTitle('下载客户端 - 淘号号');
});

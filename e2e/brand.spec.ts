import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test, visiblePane } from './helpers';

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

/** The eight brands: name, primary colour (as computed styles give it) and where a listing opens. */
const brands = [
  { pkg: 'app_thh', name: '淘号号', primary: 'rgb(194, 65, 12)', detail: '/goodsDetail' },
  { pkg: 'app_kxr', name: '看学人', primary: 'rgb(14, 116, 144)', detail: '/kxrGoodsDetail' },
  { pkg: 'app_thb', name: '淘号号商家版', primary: 'rgb(55, 48, 163)', detail: '/goodsDetail' },
  { pkg: 'app_taohaow', name: '淘号网', primary: 'rgb(185, 28, 28)', detail: '/goodsDetail' },
  { pkg: 'app_thw', name: '淘号玩', primary: 'rgb(126, 34, 206)', detail: '/thwGoodsDetail' },
  { pkg: 'app_mhb', name: '买号宝', primary: 'rgb(21, 128, 61)', detail: '/mhbProductCommon' },
  { pkg: 'app_mhw', name: '买号网', primary: 'rgb(190, 24, 93)', detail: '/goodsDetail' },
  { pkg: 'app_tyb', name: '淘游帮', primary: 'rgb(138, 90, 0)', detail: '/goodsDetail' },
] as const;
type BrandCase = (typeof brands)[number];

/** The colour antd-mobile's primary buttons are painted with. */
const primaryOf = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--adm-color-primary)';
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  });

/** Opens a brand's home, checks its name and colour, then a listing from the hot list in its variant. */
async function visitBrand(page: Page, brand: BrandCase, shots?: string) {
  await page.goto(`/?pkg=${brand.pkg}`);
  await expect(page.getByRole('heading', { name: brand.name, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`首页 - ${brand.name}`);
  await expect(page.locator('html')).toHaveAttribute('data-brand', brand.pkg);
  expect(await primaryOf(page)).toBe(brand.primary);
  await expect(visiblePane(page).locator('.home__hot-item').first()).toBeVisible();
  if (shots) {
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${shots}${brand.pkg}-home.png` });
  }

  await visiblePane(page).locator('.home__hot-item').first().click();
  await expect(page).toHaveURL(new RegExp(`^[^?]*${brand.detail}\\?goods_id=\\d+$`));
  const buy = visiblePane(page).getByRole('button', { name: '立即购买' });
  // Generous: the detail is two lazy chunks away, and a shared CI machine can be slow.
  await expect(buy).toBeVisible({ timeout: 30_000 });
  await expect(buy).toHaveCSS('background-color', brand.primary);
  await expect(page).toHaveTitle(new RegExp(` - ${brand.name}$`));
  if (shots) {
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${shots}${brand.pkg}-detail.png` });
  }
}

test('two brands differ in name, title and primary colour, before and after a listing opens', async ({
  page,
}) => {
  const [main, mhb] = [brands[0], brands[5]];
  await visitBrand(page, main);
  await page.context().clearCookies();
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  await visitBrand(page, mhb);
  expect(main.primary).not.toBe(mhb.primary);
});

test('the theme applies before any script of the app runs: no flash of the main brand', async ({ page }) => {
  // Without the app's code the page has only its stylesheet and index.html's inline bootstrap.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/?pkg=app_thw');
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'app_thw');
  expect(await primaryOf(page)).toBe('rgb(126, 34, 206)');
});

// Home and detail of each brand, as docs/brands.md shows them (copied from e2e/screenshots/brands/).
const shots = new URL('./screenshots/brands/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });
for (const brand of brands) {
  test(`${brand.name} (${brand.pkg}) looks like its own app and opens listings in its variant`, async ({
    page,
  }) => {
    await visitBrand(page, brand, shots);
  });
}

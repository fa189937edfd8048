import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { loginAsNewUser, test, visiblePane } from './helpers';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** Impacts that fail the spec (issue 10 C); minor and moderate findings do not. */
const FATAL = new Set(['serious', 'critical']);

/** One line per offending element: impact, rule, selector, and axe's summary of what is wrong. */
function listViolations(violations: AxeResults['violations']): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const why = (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').trim();
      return `[${violation.impact}] ${violation.id} at ${node.target.join(' ')}: ${why}`;
    }),
  );
}

/**
 * Runs axe on the page as it is (kept-alive routes hidden with display:none are out of the
 * accessibility tree, so axe skips them too) and fails on any serious or critical violation.
 */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  const fatal = results.violations.filter((violation) => FATAL.has(violation.impact ?? ''));
  // Soft, so one run lists every screen's violations, not only the first screen's.
  expect.soft(listViolations(fatal), `${screen}: serious or critical axe violations`).toEqual([]);
}

// Four screens each, with an axe run of a few seconds per screen on a busy machine.
test.describe.configure({ timeout: 240_000 });

test('the guest screens have no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: '淘号号' })).toBeVisible();
  await expectAccessible(page, 'home');

  await page.goto('/search_goods_list?keyword=%E7%8E%8B%E8%80%85');
  await expect(visiblePane(page).getByTestId('goods-card').first()).toBeVisible();
  await expectAccessible(page, 'search list');

  await visiblePane(page).getByTestId('goods-card').first().click();
  await expect(visiblePane(page).getByRole('button', { name: '立即购买' })).toBeVisible();
  await expectAccessible(page, 'listing detail');

  await page.goto('/h5Login');
  await expect(page.getByRole('button', { name: '获取验证码' })).toBeVisible();
  await expectAccessible(page, 'login');
});

test('the logged-in screens have no serious accessibility violations', async ({ page }) => {
  await loginAsNewUser(page);

  await page.goto('/mine');
  await expect(page.getByTestId('mine-phone')).toBeVisible();
  await expectAccessible(page, 'mine');

  await page.goto('/wallet');
  await expect(visiblePane(page).getByTestId('wallet-available')).toBeVisible();
  await expectAccessible(page, 'wallet');

  await page.goto('/withdrawDeposit');
  await expect(visiblePane(page).getByLabel('提现金额')).toBeVisible();
  await expectAccessible(page, 'withdraw');

  await page.goto('/publishGoods?game_id=1');
  await expect(visiblePane(page).getByRole('button', { name: '下一步' })).toBeVisible();
  await expectAccessible(page, 'publish');
});

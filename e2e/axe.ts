import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
 * Runs axe on the page as it is once any toast has gone (kept-alive routes hidden with display:none
 * are out of the accessibility tree, so axe skips them too) and fails on any serious or critical
 * violation.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  // A toast is passing feedback, not the screen: caught mid-fade, its text is paler than it shows.
  await expect(page.locator('.adm-toast-mask:visible')).toHaveCount(0, { timeout: 5_000 });
  const results = await new AxeBuilder({ page }).analyze();
  const fatal = results.violations.filter((violation) => FATAL.has(violation.impact ?? ''));
  // Soft, so one run lists every screen's violations, not only the first screen's.
  expect.soft(listViolations(fatal), `${screen}: serious or critical axe violations`).toEqual([]);
}

import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';

/**
 * Playwright's `test` with a page that fails its spec when the browser reports a Content Security
 * Policy violation: the server's CSP must hold for everything the built client and cashier do.
 */
/**
 * Each phone its own network address (the server trusts X-Forwarded-For from loopback, as behind its
 * proxy): the whole suite from one address would pass the per-address SMS cap of a day.
 */
export function uniqueDeviceIp(): string {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return `10.${byte()}.${byte()}.${byte()}`;
}

/**
 * A page the server painted is the client's only once React has hydrated the screen: until then a
 * tap on a button waits for the client and a link loads a whole new page, as for a user on a slow
 * phone (e2e/server-render.spec.ts checks that side). Specs act once the app is live, so after each
 * navigation they wait until the visible route's content holds its React fiber (drawn by the client,
 * or hydrated). A page that never gets there (a failing chunk) is left to the spec after a while.
 */
export function waitingForApp(page: Page): Page {
  const settle = async () => {
    await page
      .waitForFunction(
        () => {
          const panes = Array.from(document.querySelectorAll('[data-route-pane]'));
          const content = panes.find((pane) => pane.checkVisibility())?.firstElementChild;
          return !!content && Object.keys(content).some((key) => key.startsWith('__reactFiber$'));
        },
        undefined,
        { timeout: 10_000 },
      )
      .catch(() => undefined);
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await settle();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await settle();
    return response;
  };
  return page;
}

/** Second phones a test opened (trade-helpers' `phone`): closed when the test ends, pass or fail. */
const extraPhones = new Set<BrowserContext>();

/**
 * Registers a context to close at the end of the running test. A phone left open keeps its screens'
 * timers, polls and sockets running in the worker's browser through every later test.
 */
export function closedWithTest(context: BrowserContext): BrowserContext {
  extraPhones.add(context);
  return context;
}

export const test = base.extend<{ page: Page; closeExtraPhones: void }>({
  closeExtraPhones: [
    // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature: this one needs no other fixture
    async ({}, use) => {
      await use();
      await Promise.all([...extraPhones].map((context) => context.close().catch(() => undefined)));
      extraPhones.clear();
    },
    { auto: true },
  ],
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': uniqueDeviceIp() });
  },
  page: async ({ page }, use) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await use(waitingForApp(page));
    expect(violations, 'CSP violations reported by the browser').toEqual([]);
  },
});

interface OutboxMessage {
  code: string;
  created_at: string;
}

/** A phone number no other test uses (the server caps codes per phone per day). */
export function uniquePhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** The masked form the server shows: 139****1234. */
export function maskedPhone(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** Reads the newest code sent to a phone from the development SMS outbox. */
export async function readSmsCode(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/outbox/sms?phone=${phone}`);
      const body = (await response.json()) as { data?: OutboxMessage[] };
      code = body.data?.[0]?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Fills in /h5Login's SMS form the way a user does; the page must already show it. */
export async function loginWithSms(page: Page, phone: string): Promise<void> {
  await page.getByPlaceholder('请输入手机号').fill(phone);
  const counting = page.getByRole('button', { name: /秒后重发/ });
  // A seeded account another spec logged in just now is under the per-phone resend cooldown: wait
  // as a user would, then ask again (specs in parallel can each take the phone once in between).
  const tooSoon = page.getByText(/验证码发送太频繁，请(\d+)秒后再试/);
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(counting.or(tooSoon).first())
      .toBeVisible()
      .catch(async (error: unknown) => {
        // Whatever the page said instead (a toast, a dialog, the slider) is what a failure needs.
        const said = await page
          .locator('.adm-toast-main, .adm-dialog, [role="alert"], [role="dialog"]')
          .allInnerTexts();
        throw new Error(
          `获取验证码 answered neither a countdown nor "too soon"; the page showed: ${JSON.stringify(said)}`,
          {
            cause: error,
          },
        );
      });
    if (await counting.isVisible()) break;
    const seconds = Number(/(\d+)秒/.exec((await tooSoon.first().textContent()) ?? '')?.[1] ?? 60);
    await page.waitForTimeout((seconds + 1) * 1000);
  }
  await expect(counting).toBeVisible();
  const code = await readSmsCode(page.request, phone);
  await page.getByPlaceholder('请输入6位验证码').fill(code);
  await page.getByText('我已阅读并同意').click();
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** Opens /h5Login and logs a fresh user in; resolves once the app has left the login page. */
export async function loginAsNewUser(page: Page, phone = uniquePhone()): Promise<string> {
  await page.goto('/h5Login');
  await loginWithSms(page, phone);
  await expect(page).not.toHaveURL(/\/h5Login/);
  return phone;
}

/**
 * On a page the server painted, the element is the client's once React has hydrated it (it holds
 * its fiber then): before that a tap on a link is a plain page load, not the app's navigation.
 */
export async function expectHydrated(locator: Locator): Promise<void> {
  await expect
    .poll(() =>
      locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'))),
    )
    .toBe(true);
}

/** The route on screen; kept-alive routes stay in the page, hidden, with the same texts. */
export function visiblePane(page: Page): Locator {
  return page.locator('[data-route-pane]:visible');
}

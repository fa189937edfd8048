import { expect, type Page } from '@playwright/test';
import { loginWithSms, test, uniquePhone } from './helpers';

/** The e2e server runs as `npm start` does: bot protection enforced on SMS, login, offers, publishing, withdrawals. */

interface Envelope {
  err_code: number;
  sub_code?: number;
  message?: string;
}

test('a person logging in on a phone never notices the protection: each risky call carries a fresh token', async ({
  page,
}) => {
  const tokens: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/app/sms' || path === '/app/login') tokens.push(request.headers()['x-bot-token'] ?? '');
  });
  await page.goto('/h5Login');
  await loginWithSms(page, uniquePhone());
  await expect(page).not.toHaveURL(/\/h5Login/);
  await expect(page.getByText('请完成安全验证')).toHaveCount(0);
  expect(tokens.length).toBeGreaterThanOrEqual(2);
  expect(tokens.every((token) => token.length > 20)).toBe(true);
  expect(new Set(tokens).size).toBe(tokens.length);
});

test('a script asking for codes without signals is stopped, and a replayed token is refused', async ({
  page,
  request,
}) => {
  for (let index = 0; index < 5; index++) {
    const response = await request.post('/app/sms', { data: { phone: uniquePhone(), scene: 'login' } });
    const body = (await response.json()) as Envelope;
    expect(body.err_code).toBe(2901);
    expect(body.sub_code).toBe(2001);
    expect(body.message).toContain('安全验证');
  }
  // A script posting empty signals gets the slider, not a token.
  const answer = (await (
    await request.post('/captcha/v1/token', {
      data: {
        session_id: 'script-session-0000000001',
        scene: 'sms',
        page: {
          elapsed_ms: 10,
          webdriver: true,
          max_touch_points: 0,
          screen_width: 0,
          screen_height: 0,
          timezone_offset: 0,
          language: null,
        },
        touches: [],
        events: [],
      },
    })
  ).json()) as { code: number; token?: string; challenge?: { challenge_id: string } };
  expect(answer.code).toBe(200);
  expect(answer.token).toBeUndefined();
  expect(answer.challenge?.challenge_id).toBeTruthy();

  // The page's own token for a code, sent again by a script, is refused the second time.
  let captured = '';
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/app/sms') captured = sent.headers()['x-bot-token'] ?? '';
  });
  await page.goto('/h5Login');
  const phone = uniquePhone();
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeVisible();
  expect(captured).not.toBe('');
  const replay = await page.evaluate(
    async ({ token, phone }) => {
      const response = await fetch('/app/sms', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-bot-token': token },
        body: JSON.stringify({ phone, scene: 'login' }),
      });
      return (await response.json()) as Envelope;
    },
    { token: captured, phone: uniquePhone() },
  );
  expect(replay.err_code).toBe(2904);
  expect(replay.sub_code).toBe(2004);
});

/** Where the hole is: the column with the most white outline pixels in the background (CSS px). */
async function holeX(page: Page): Promise<number> {
  return page.getByAltText('验证图片').evaluate(async (element) => {
    const image = element as HTMLImageElement;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) return 0;
    context.drawImage(image, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    let best = 0;
    let bestX = 0;
    for (let x = 0; x < width; x++) {
      let white = 0;
      for (let y = 0; y < height; y++) {
        const offset = (y * width + x) * 4;
        if ((data[offset] ?? 0) > 240 && (data[offset + 1] ?? 0) > 240 && (data[offset + 2] ?? 0) > 240)
          white++;
      }
      if (white > best) {
        best = white;
        bestX = x;
      }
    }
    // The outline's left stroke is 2 drawn pixels inside the piece; the picture is drawn at 2x.
    return Math.round((bestX - 2) / 2);
  });
}

/** A page reporting no screen at all, on top of the automation flag: risky enough for the slider. */
async function meetTheSlider(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(window.screen, 'width', { get: () => 0 });
    Object.defineProperty(window.screen, 'height', { get: () => 0 });
  });
  await page.goto('/h5Login');
  await page.getByPlaceholder('请输入手机号').fill(uniquePhone());
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('请完成安全验证')).toBeVisible();
}

test('a browser that looks automated meets the slider, and sliding the piece home lets the code go out', async ({
  page,
}, testInfo) => {
  await meetTheSlider(page);
  await expect(page.getByAltText('验证图片')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('slider.png') });

  const hole = await holeX(page);
  const handle = await page.getByRole('slider', { name: '拼图滑块' }).boundingBox();
  if (!handle) throw new Error('no slider handle');
  const startX = handle.x + handle.width / 2;
  const y = handle.y + handle.height / 2;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  // A finger: slow, fast, slow again.
  const steps = [0.05, 0.15, 0.35, 0.6, 0.8, 0.92, 0.97, 1];
  for (const [index, share] of steps.entries()) {
    await page.mouse.move(startX + hole * share, y + (index % 2), { steps: 2 });
    await page.waitForTimeout(40 + index * 15);
  }
  await page.mouse.up();
  await expect(page.getByText('请完成安全验证')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeVisible();
});

test('the slider works from the keyboard: the piece is moved home with the keys and Enter', async ({
  page,
}) => {
  await meetTheSlider(page);
  const hole = await holeX(page);

  // A keyboard user: big steps to near the hole, then small ones, looking between presses.
  const slider = page.getByRole('slider', { name: '拼图滑块' });
  await slider.focus();
  const bigSteps = Math.floor(hole / 20);
  const smallSteps = Math.round((hole - bigSteps * 20) / 2);
  const keys = [...Array<string>(bigSteps).fill('PageUp'), ...Array<string>(smallSteps).fill('ArrowRight')];
  for (const [index, key] of keys.entries()) {
    await page.waitForTimeout(120 + (index % 3) * 45);
    await slider.press(key);
  }
  await expect(slider).toHaveAttribute('aria-valuenow', String(bigSteps * 20 + smallSteps * 2));
  await page.waitForTimeout(400);
  await slider.press('Enter');
  await expect(page.getByText('请完成安全验证')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeVisible();
});

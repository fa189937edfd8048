import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  BOT_CHECK_INTERVAL_SECONDS,
  BOT_COLLECTION_INTERVAL_MINUTES,
  BOT_CONFIG_REFRESH_MS,
  BOT_DATA_BUFFER_SIZE,
  BOT_MOUSE_MOVE_MIN_GAP_MS,
  BOT_TOKEN_HEADER,
  BOT_TOKEN_TTL_SECONDS,
  BOT_TOUCH_BUFFER_SIZE,
  BotResultCodes,
  botProtectionPaths,
  DEVICE_SIGNAL_TIMEOUT_MS,
  ErrorCodes,
  SLIDER_KEY_PAGE_STEP_PX,
  SLIDER_KEY_STEP_PX,
  SLIDER_PIECE_SIZE,
  bargainPaths,
  botProtectedCalls,
  withdrawalPaths,
  type LoginResponse,
  type BotConfig,
  type BotScene,
  type BotTokenResponse,
  type SliderKey,
  type SliderVerifyResponse,
  type TouchDataRequest,
} from '@haoshi/contracts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, latestCode } from './helpers/identity.ts';
import { smsCodes } from '../src/modules/identity/tables.ts';
import { eq } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BOT_PROTECTION: 'enforce' });
});
afterAll(() => t.close());

const PHONE_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
const agent = { 'user-agent': PHONE_AGENT };
let session = 0;

/** What the web collector posts for a person who opened the page a few seconds ago and tapped. */
function personSignals(): Omit<TouchDataRequest, 'session_id'> {
  const taps = [820, 1630, 2950, 4100];
  return {
    page: {
      elapsed_ms: 5200,
      webdriver: false,
      max_touch_points: 5,
      screen_width: 390,
      screen_height: 844,
      timezone_offset: -480,
      language: 'zh-CN',
    },
    touches: taps.flatMap((at, index) => [
      { type: 'start' as const, x: 120 + index * 7, y: 400 + index * 13, t: at, trusted: true },
      {
        type: 'end' as const,
        x: 121 + index * 7,
        y: 402 + index * 13,
        t: at + 60 + index * 17,
        trusted: true,
      },
    ]),
    events: [
      { type: 'click', x: 121, y: 402, t: 900, trusted: true },
      { type: 'scroll', t: 2200, trusted: true },
      { type: 'key', t: 3300, trusted: true },
    ],
  };
}

/** A script: no page age, no pointer, events it dispatched itself. */
function scriptSignals(): Omit<TouchDataRequest, 'session_id'> {
  return {
    page: {
      elapsed_ms: 50,
      webdriver: true,
      max_touch_points: 0,
      screen_width: 0,
      screen_height: 0,
      timezone_offset: 0,
      language: null,
    },
    touches: [],
    events: Array.from({ length: 10 }, (_, index) => ({
      type: 'key' as const,
      t: index * 5,
      trusted: false,
    })),
  };
}

const nextSession = () => `test-session-${String(++session).padStart(8, '0')}`;

async function askToken(scene: BotScene, signals = personSignals(), sessionId = nextSession()) {
  const response = await t.app.inject({
    method: 'POST',
    url: botProtectionPaths.token,
    headers: agent,
    payload: { session_id: sessionId, scene, ...signals },
  });
  return response.json<BotTokenResponse>();
}

async function tokenFor(scene: BotScene): Promise<string> {
  const answer = await askToken(scene);
  expect(answer.code).toBe(BotResultCodes.SUCCESS);
  if (!answer.token) throw new Error(`no token: ${JSON.stringify(answer)}`);
  return answer.token;
}

const sendSms = (phone: string, token?: string, ip = '10.9.0.1') =>
  call(t.app, 'POST', '/app/sms', {
    body: { phone, scene: 'login' },
    ip,
    headers: { ...agent, ...(token ? { [BOT_TOKEN_HEADER]: token } : {}) },
  });

let phoneSeq = 0;
const nextPhone = () => `1370000${String(++phoneSeq).padStart(4, '0')}`;

/** A finger's slide to `x`: eases in and out, wobbles a little, takes ~0.8 s. */
function fingerTrack(x: number) {
  const steps = 16;
  return Array.from({ length: steps + 1 }, (_, index) => {
    const progress = index / steps;
    const eased = progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2;
    return {
      x: Math.round(eased * x * 10) / 10,
      y: (index % 3) - 1,
      t: Math.round(index * 50 + (index % 4) * 7),
    };
  });
}

/** Finds the hole the honest way a test can: the darkest piece-sized window in the background. */
/**
 * A keyboard user's slide: PageUp while far from the hole, then the arrow keys onto it, at a
 * person's uneven pace. `gap` gives each press's delay.
 */
function keyboardTrack(hole: number, gap = (index: number) => 140 + (index % 3) * 37) {
  const track: { x: number; y: number; t: number; k?: SliderKey }[] = [{ x: 0, y: 0, t: 0 }];
  let x = 0;
  let t = 0;
  while (Math.abs(hole - x) > 1) {
    const key: SliderKey =
      hole - x >= SLIDER_KEY_PAGE_STEP_PX ? 'PageUp' : hole > x ? 'ArrowRight' : 'ArrowLeft';
    x +=
      key === 'PageUp'
        ? SLIDER_KEY_PAGE_STEP_PX
        : key === 'ArrowRight'
          ? SLIDER_KEY_STEP_PX
          : -SLIDER_KEY_STEP_PX;
    t += gap(track.length);
    track.push({ x, y: 0, t, k: key });
  }
  return track;
}

async function holeOf(challengeId: string): Promise<number> {
  const png = (
    await t.app.inject({
      method: 'GET',
      url: `${botProtectionPaths.challengeImage}?challenge_id=${challengeId}&part=background`,
    })
  ).rawPayload;
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const scale = 2;
  const size = SLIDER_PIECE_SIZE * scale;
  // The hole's white outline: count near-white pixels per column.
  let best = 0;
  let bestX = 0;
  for (let x = 0; x + size <= info.width; x++) {
    let white = 0;
    for (let y = 0; y < info.height; y++) {
      const offset = (y * info.width + x) * info.channels;
      if ((data[offset] ?? 0) > 240 && (data[offset + 1] ?? 0) > 240 && (data[offset + 2] ?? 0) > 240)
        white++;
    }
    if (white > best) {
      best = white;
      bestX = x;
    }
  }
  // The outline's left stroke sits 2 px (drawn) inside the piece's left edge.
  return Math.round((bestX - 2) / scale);
}

describe(`bot protection on ${databaseKind}`, () => {
  it('serves the configuration with SPEC §9 constants', async () => {
    const response = await t.app.inject({ method: 'POST', url: botProtectionPaths.config });
    const config = response.json<BotConfig>();
    expect(config).toMatchObject({
      code: 200,
      touch_buffer: 500,
      data_buffer: 500,
      mouse_move_gap_ms: 100,
      check_interval_s: 5,
      collect_interval_min: 5,
      refresh_ms: 60_000,
      signal_timeout_ms: 4000,
    });
    expect([
      BOT_TOUCH_BUFFER_SIZE,
      BOT_DATA_BUFFER_SIZE,
      BOT_MOUSE_MOVE_MIN_GAP_MS,
      BOT_CHECK_INTERVAL_SECONDS,
      BOT_COLLECTION_INTERVAL_MINUTES,
      BOT_CONFIG_REFRESH_MS,
      DEVICE_SIGNAL_TIMEOUT_MS,
    ]).toEqual([500, 500, 100, 5, 5, 60_000, 4000]);
    expect(BotResultCodes).toEqual({
      SUCCESS: 200,
      TOKEN_INVALID: 2001,
      TOKEN_EXPIRED: 2002,
      TOKEN_USED: 2004,
    });
  });

  it('stops a scripted SMS flood without signals while a phone session passes', async () => {
    for (let index = 0; index < 10; index++) {
      const { body } = await sendSms(nextPhone(), undefined, `10.9.1.${index}`);
      expect(body.err_code).toBe(ErrorCodes.BOT_TOKEN_MISSING);
      expect(body.sub_code).toBe(BotResultCodes.TOKEN_INVALID);
      expect(body.message).toMatch(/安全验证/);
    }
    const flooded = await t.database.db.select().from(smsCodes);
    expect(flooded).toHaveLength(0);

    const phone = nextPhone();
    const { body } = await sendSms(phone, await tokenFor('sms'));
    expect(body.err_code).toBe(0);
    const code = await latestCode(t.app, phone);
    const login = await call(t.app, 'POST', '/app/login', {
      body: { phone, code },
      headers: { ...agent, [BOT_TOKEN_HEADER]: await tokenFor('login') },
    });
    expect(login.body.err_code).toBe(0);
  });

  it('challenges a script that posts empty or forged signals with the slider instead of a token', async () => {
    const answer = await askToken('sms', scriptSignals());
    expect(answer.token).toBeUndefined();
    expect(answer.challenge?.challenge_id).toBeTruthy();
    const none = await askToken('sms', { ...personSignals(), touches: [], events: [] });
    expect(none.token).toBeUndefined();
    expect(none.challenge).toBeDefined();
  });

  it('refuses a token used twice, one made for another call, or a forged one', async () => {
    const token = await tokenFor('sms');
    expect((await sendSms(nextPhone(), token)).body.err_code).toBe(0);
    const again = await sendSms(nextPhone(), token);
    expect(again.body.err_code).toBe(ErrorCodes.BOT_TOKEN_USED);
    expect(again.body.sub_code).toBe(BotResultCodes.TOKEN_USED);

    const loginToken = await tokenFor('login');
    const wrongScene = await sendSms(nextPhone(), loginToken);
    expect(wrongScene.body.err_code).toBe(ErrorCodes.BOT_TOKEN_INVALID);

    const [payload] = (await tokenFor('sms')).split('.');
    const forged = await sendSms(nextPhone(), `${payload}.AAAA`);
    expect(forged.body.err_code).toBe(ErrorCodes.BOT_TOKEN_INVALID);
    expect(forged.body.sub_code).toBe(BotResultCodes.TOKEN_INVALID);

    const otherAgent = await call(t.app, 'POST', '/app/sms', {
      body: { phone: nextPhone(), scene: 'login' },
      headers: { 'user-agent': 'curl/8', [BOT_TOKEN_HEADER]: await tokenFor('sms') },
    });
    expect(otherAgent.body.err_code).toBe(ErrorCodes.BOT_TOKEN_INVALID);
  });

  it('refuses an expired token', async () => {
    const token = await tokenFor('sms');
    t.clock.advance(BOT_TOKEN_TTL_SECONDS + 1);
    const { body } = await sendSms(nextPhone(), token);
    expect(body.err_code).toBe(ErrorCodes.BOT_TOKEN_EXPIRED);
    expect(body.sub_code).toBe(BotResultCodes.TOKEN_EXPIRED);
    expect(body.message).toBe('安全验证已过期，请重试');
  });

  it('remembers a session whose touch data showed a person', async () => {
    const sessionId = nextSession();
    const touch = await t.app.inject({
      method: 'POST',
      url: botProtectionPaths.touch,
      payload: { session_id: sessionId, ...personSignals() },
    });
    expect(touch.json()).toEqual({ code: 200 });
    // A later call of the same page without new taps still passes.
    const later = await askToken('publish', { ...personSignals(), touches: [], events: [] }, sessionId);
    expect(later.token).toBeTruthy();
  });

  it('guards login, bargain offers, publishing and withdrawals too, and lets them through with a token', async () => {
    const phone = nextPhone();
    expect((await sendSms(phone, await tokenFor('sms'))).body.err_code).toBe(0);
    const code = await latestCode(t.app, phone);
    const refused = await call(t.app, 'POST', '/app/login', { body: { phone, code }, headers: agent });
    expect(refused.body.err_code).toBe(ErrorCodes.BOT_TOKEN_MISSING);
    const login = await call<LoginResponse>(t.app, 'POST', '/app/login', {
      body: { phone, code },
      headers: { ...agent, [BOT_TOKEN_HEADER]: await tokenFor('login') },
    });
    const session = login.body.data?.token ?? '';
    expect(session).not.toBe('');

    const guarded: Array<[string, BotScene, unknown]> = [
      ['/app/goods/bargain', 'bargain', { goods_id: 999_999, price: '1.00' }],
      ['/app/goods/publish/submit', 'publish', { goods_id: 999_999 }],
      ['/app/user/withdraw', 'withdraw', { amount: '10.00', method_id: 999_999 }],
    ];
    for (const [url, scene, body] of guarded) {
      const without = await call(t.app, 'POST', url, { body, token: session, headers: agent });
      expect(without.body.err_code, url).toBe(ErrorCodes.BOT_TOKEN_MISSING);
      // With a token the call reaches its module, which answers about the made-up id.
      const withToken = await call(t.app, 'POST', url, {
        body,
        token: session,
        headers: { ...agent, [BOT_TOKEN_HEADER]: await tokenFor(scene) },
      });
      expect(withToken.body.err_code, url).not.toBe(ErrorCodes.BOT_TOKEN_MISSING);
      expect(withToken.body.err_code, url).not.toBe(ErrorCodes.BOT_TOKEN_INVALID);
    }
    expect(botProtectedCalls).toEqual({
      '/app/sms': 'sms',
      '/app/login': 'login',
      [bargainPaths.offer]: 'bargain',
      '/app/goods/publish': 'publish',
      '/app/goods/publish/submit': 'publish',
      [withdrawalPaths.withdraw]: 'withdraw',
    });
  });

  it('verifies the slider: a finger dropping the piece on the hole gets a token, anything else fails once', async () => {
    const challenge = (await askToken('sms', scriptSignals())).challenge;
    if (!challenge) throw new Error('no challenge');
    const piece = await t.app.inject({
      method: 'GET',
      url: `${botProtectionPaths.challengeImage}?challenge_id=${challenge.challenge_id}&part=piece`,
    });
    expect(piece.headers['content-type']).toBe('image/png');
    const hole = await holeOf(challenge.challenge_id);
    const solved = await call<SliderVerifyResponse>(t.app, 'POST', botProtectionPaths.sliderVerify, {
      body: { challenge_id: challenge.challenge_id, track: fingerTrack(hole) },
      headers: agent,
    });
    expect(solved.body.err_code).toBe(0);
    const token = solved.body.data?.token;
    expect((await sendSms(nextPhone(), token)).body.err_code).toBe(0);

    // The same puzzle cannot be solved twice.
    const replay = await call(t.app, 'POST', botProtectionPaths.sliderVerify, {
      body: { challenge_id: challenge.challenge_id, track: fingerTrack(hole) },
      headers: agent,
    });
    expect(replay.body.err_code).toBe(ErrorCodes.BOT_CHALLENGE_USED);

    // Off the hole: refused, and the puzzle is spent.
    const second = (await askToken('sms', scriptSignals())).challenge;
    if (!second) throw new Error('no challenge');
    const secondHole = await holeOf(second.challenge_id);
    const missed = await call(t.app, 'POST', botProtectionPaths.sliderVerify, {
      body: {
        challenge_id: second.challenge_id,
        track: fingerTrack(secondHole > 150 ? secondHole - 40 : secondHole + 40),
      },
      headers: agent,
    });
    expect(missed.body.err_code).toBe(ErrorCodes.BOT_SLIDE_FAILED);
    expect(missed.body.message).toBe('拼图未对齐，请重新拖动滑块');

    // On the hole but in one jump at one speed: no finger.
    const third = (await askToken('sms', scriptSignals())).challenge;
    if (!third) throw new Error('no challenge');
    const thirdHole = await holeOf(third.challenge_id);
    const robotic = Array.from({ length: 11 }, (_, index) => ({
      x: (thirdHole * index) / 10,
      y: 0,
      t: index * 40,
    }));
    const jumped = await call(t.app, 'POST', botProtectionPaths.sliderVerify, {
      body: { challenge_id: third.challenge_id, track: robotic },
      headers: agent,
    });
    expect(jumped.body.err_code).toBe(ErrorCodes.BOT_SLIDE_FAILED);

    const forged = await call(t.app, 'POST', botProtectionPaths.sliderVerify, {
      body: { challenge_id: 'bm90LWEtcHV6emxl', track: fingerTrack(100) },
      headers: agent,
    });
    expect(forged.body.err_code).toBe(ErrorCodes.BOT_CHALLENGE_INVALID);
  });

  it('verifies a keyboard slide: real key moves over real time pass, a script replaying keys does not', async () => {
    const verifyKeys = (challengeId: string, track: ReturnType<typeof keyboardTrack>, input = 'keyboard') =>
      call<SliderVerifyResponse>(t.app, 'POST', botProtectionPaths.sliderVerify, {
        body: { challenge_id: challengeId, track, input },
        headers: agent,
      });
    const puzzle = async () => {
      const challenge = (await askToken('sms', scriptSignals())).challenge;
      if (!challenge) throw new Error('no challenge');
      return { id: challenge.challenge_id, hole: await holeOf(challenge.challenge_id) };
    };

    // A person looks at the picture, then presses the keys: the server saw the time pass.
    const first = await puzzle();
    const track = keyboardTrack(first.hole);
    t.clock.advance(Math.ceil(((track.at(-1)?.t ?? 0) + 2000) / 1000));
    const solved = await verifyKeys(first.id, track);
    expect(solved.body.err_code, JSON.stringify(solved.body)).toBe(0);
    expect((await sendSms(nextPhone(), solved.body.data?.token)).body.err_code).toBe(0);

    // The same track answered at once: the server's clock says no time passed.
    const instant = await puzzle();
    expect((await verifyKeys(instant.id, keyboardTrack(instant.hole))).body.err_code).toBe(
      ErrorCodes.BOT_SLIDE_FAILED,
    );

    // Key moves that do not add up (the arrow keys jumping onto the hole).
    const forged = await puzzle();
    const jumps = [
      { x: 0, y: 0, t: 0 },
      { x: forged.hole / 3, y: 0, t: 180, k: 'ArrowRight' as const },
      { x: (2 * forged.hole) / 3, y: 0, t: 390, k: 'ArrowRight' as const },
      { x: forged.hole, y: 0, t: 700, k: 'ArrowRight' as const },
    ];
    t.clock.advance(5);
    expect((await verifyKeys(forged.id, jumps)).body.err_code).toBe(ErrorCodes.BOT_SLIDE_FAILED);

    // Presses at one exact rhythm (a loop with a fixed sleep).
    const even = await puzzle();
    t.clock.advance(30);
    expect(
      (
        await verifyKeys(
          even.id,
          keyboardTrack(even.hole, () => 100),
        )
      ).body.err_code,
    ).toBe(ErrorCodes.BOT_SLIDE_FAILED);

    // Faster than any keyboard repeats.
    const fast = await puzzle();
    t.clock.advance(30);
    expect(
      (
        await verifyKeys(
          fast.id,
          keyboardTrack(fast.hole, (index) => 5 + (index % 2)),
        )
      ).body.err_code,
    ).toBe(ErrorCodes.BOT_SLIDE_FAILED);

    // Said to be a keyboard slide but without any key events.
    const keyless = await puzzle();
    t.clock.advance(30);
    const noKeys = keyboardTrack(keyless.hole).map(({ x, y, t: time }) => ({ x, y, t: time }));
    expect((await verifyKeys(keyless.id, noKeys)).body.err_code).toBe(ErrorCodes.BOT_SLIDE_FAILED);
  });

  it('refuses an expired slider puzzle', async () => {
    const challenge = (await askToken('sms', scriptSignals())).challenge;
    if (!challenge) throw new Error('no challenge');
    t.clock.advance(121);
    const late = await call(t.app, 'POST', botProtectionPaths.sliderVerify, {
      body: { challenge_id: challenge.challenge_id, track: fingerTrack(100) },
      headers: agent,
    });
    expect(late.body.err_code).toBe(ErrorCodes.BOT_CHALLENGE_EXPIRED);
  });
});

describe('bot protection switched off (the other suites)', () => {
  it('lets the risky calls through without a token', async () => {
    const off = await createTestApp();
    try {
      const { body } = await call(off.app, 'POST', '/app/sms', {
        body: { phone: '13700009999', scene: 'login' },
      });
      expect(body.err_code).toBe(0);
      const rows = await off.database.db.select().from(smsCodes).where(eq(smsCodes.phone, '13700009999'));
      expect(rows).toHaveLength(1);
    } finally {
      await off.close();
    }
  });
});

// Bot-protection constants shared by web and server (no schema library: the web's first visit uses them).
import { apiPaths } from './api-paths.ts';

/** SPEC §9: the touch-event buffer holds this many events; the oldest go first. */
export const BOT_TOUCH_BUFFER_SIZE = 500;
/** SPEC §9: the data-event buffer (mouse, keys, scroll, page) holds this many events. */
export const BOT_DATA_BUFFER_SIZE = 500;
/** SPEC §9: two recorded mouse moves are at least this many milliseconds apart. */
export const BOT_MOUSE_MOVE_MIN_GAP_MS = 100;
/** SPEC §9: the collector checks its buffers (visibility, fill) every this many seconds. */
export const BOT_CHECK_INTERVAL_SECONDS = 5;
/** SPEC §9: the collected touch data is posted every this many minutes. */
export const BOT_COLLECTION_INTERVAL_MINUTES = 5;
/** SPEC §9: the client fetches the provider's configuration again after this long. */
export const BOT_CONFIG_REFRESH_MS = 60_000;
/** SPEC §9: a device-signal collector answers within this, or reports a time-out (-102). */
export const DEVICE_SIGNAL_TIMEOUT_MS = 4000;

/** SPEC §8: the bot-protection provider's result codes (its own answers, not err_codes). */
export const BotResultCodes = {
  SUCCESS: 200,
  /** The token is missing, malformed, forged or made for another call. */
  TOKEN_INVALID: 2001,
  /** The token is older than its lifetime. */
  TOKEN_EXPIRED: 2002,
  /** The token was already used once. */
  TOKEN_USED: 2004,
} as const;
export type BotResultCode = (typeof BotResultCodes)[keyof typeof BotResultCodes];

/** SPEC §8: what a device-signal collector reports. */
export const DeviceSignalStatus = { OK: 'OK', ERROR: -101, TIMEOUT: -102 } as const;
export type DeviceSignalStatusValue = (typeof DeviceSignalStatus)[keyof typeof DeviceSignalStatus];

/** The provider's own endpoints (SPEC §7 leaves their paths to us) and the slider's verify call. */
export const botProtectionPaths = {
  config: '/captcha/v1/config',
  token: '/captcha/v1/token',
  touch: '/captcha/v1/touch',
  challengeImage: '/captcha/v1/challenge',
  sliderVerify: '/app/goods/geetest/verify/ys',
} as const;

/** The request header carrying a bot-protection token to a guarded call. */
export const BOT_TOKEN_HEADER = 'x-bot-token';

/** A token is good for one guarded call within this many seconds. */
export const BOT_TOKEN_TTL_SECONDS = 120;
/** A slider puzzle is good for one attempt within this many seconds. */
export const BOT_CHALLENGE_TTL_SECONDS = 120;
/** Risk scores run from 0 to 100; at or above this the client is challenged with the slider. */
export const BOT_CHALLENGE_RISK = 50;

export const botScenes = ['sms', 'login', 'bargain', 'publish', 'withdraw'] as const;
export type BotScene = (typeof botScenes)[number];

/**
 * The risky calls: each POST needs a fresh token of its scene. The bargain and withdrawal paths are
 * spelled out (their modules carry schemas the first visit must not load); a test holds them equal.
 */
export const botProtectedCalls: Readonly<Record<string, BotScene>> = {
  [apiPaths.sms]: 'sms',
  [apiPaths.login]: 'login',
  '/app/goods/bargain': 'bargain',
  [apiPaths.goodsPublish]: 'publish',
  [apiPaths.goodsSubmit]: 'publish',
  '/app/user/withdraw': 'withdraw',
};

/** The slider puzzle's geometry in CSS pixels (the images are drawn at twice this). */
export const SLIDER_WIDTH = 280;
export const SLIDER_HEIGHT = 160;
export const SLIDER_PIECE_SIZE = 44;
/** How far from the hole the piece may be dropped and still fit, in pixels. */
export const SLIDER_TOLERANCE_PX = 6;
/** Keyboard use of the slider (role="slider"): how far one arrow key, and one PageUp/PageDown, moves it. */
export const SLIDER_KEY_STEP_PX = 2;
export const SLIDER_KEY_PAGE_STEP_PX = 20;
/** The keys that move the slider; Enter or Space then submits. */
export const sliderKeys = [
  'ArrowRight',
  'ArrowLeft',
  'ArrowUp',
  'ArrowDown',
  'PageUp',
  'PageDown',
  'Home',
  'End',
] as const;
export type SliderKey = (typeof sliderKeys)[number];
/** The furthest the handle goes (the piece's left edge at the picture's right edge). */
export const SLIDER_MAX_OFFSET = SLIDER_WIDTH - SLIDER_PIECE_SIZE;
export const isSliderKey = (key: string): key is SliderKey => (sliderKeys as readonly string[]).includes(key);
/** Where a key moves the slider's handle from `x` (the moves of an ARIA slider, kept in 0…max). */
export function sliderKeyTarget(key: SliderKey, x: number): number {
  const moved = {
    ArrowRight: x + SLIDER_KEY_STEP_PX,
    ArrowUp: x + SLIDER_KEY_STEP_PX,
    ArrowLeft: x - SLIDER_KEY_STEP_PX,
    ArrowDown: x - SLIDER_KEY_STEP_PX,
    PageUp: x + SLIDER_KEY_PAGE_STEP_PX,
    PageDown: x - SLIDER_KEY_PAGE_STEP_PX,
    Home: 0,
    End: SLIDER_MAX_OFFSET,
  }[key];
  return Math.min(SLIDER_MAX_OFFSET, Math.max(0, moved));
}

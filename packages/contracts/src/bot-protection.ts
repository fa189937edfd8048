import { z } from 'zod';
import {
  BOT_CHECK_INTERVAL_SECONDS,
  BOT_COLLECTION_INTERVAL_MINUTES,
  BOT_CONFIG_REFRESH_MS,
  BOT_DATA_BUFFER_SIZE,
  BOT_MOUSE_MOVE_MIN_GAP_MS,
  BOT_TOUCH_BUFFER_SIZE,
  botScenes,
  DEVICE_SIGNAL_TIMEOUT_MS,
  sliderKeys,
} from './bot-protection-constants.ts';

export const botSceneSchema = z.enum(botScenes);

/** The provider's configuration: what the collector buffers and how often it checks and posts. */
export const botConfigSchema = z.object({
  code: z.number().int(),
  touch_buffer: z.literal(BOT_TOUCH_BUFFER_SIZE),
  data_buffer: z.literal(BOT_DATA_BUFFER_SIZE),
  mouse_move_gap_ms: z.literal(BOT_MOUSE_MOVE_MIN_GAP_MS),
  check_interval_s: z.literal(BOT_CHECK_INTERVAL_SECONDS),
  collect_interval_min: z.literal(BOT_COLLECTION_INTERVAL_MINUTES),
  refresh_ms: z.literal(BOT_CONFIG_REFRESH_MS),
  signal_timeout_ms: z.literal(DEVICE_SIGNAL_TIMEOUT_MS),
  scenes: z.array(botSceneSchema),
});
export type BotConfig = z.infer<typeof botConfigSchema>;

const coordinate = z.number().finite().min(-100_000).max(100_000);
/** Milliseconds since the page started (performance.now()). */
const pageTime = z.number().finite().min(0).max(1e10);

export const touchSignalSchema = z.object({
  type: z.enum(['start', 'move', 'end', 'cancel']),
  x: coordinate,
  y: coordinate,
  t: pageTime,
  trusted: z.boolean(),
});
export type TouchSignal = z.infer<typeof touchSignalSchema>;

export const dataSignalSchema = z.object({
  type: z.enum(['move', 'down', 'up', 'click', 'key', 'scroll', 'focus', 'blur', 'visible', 'hidden']),
  x: coordinate.optional(),
  y: coordinate.optional(),
  t: pageTime,
  trusted: z.boolean(),
});
export type DataSignal = z.infer<typeof dataSignalSchema>;

/** What the page tells about itself (each value from a device-signal collector; null when it failed). */
export const pageSignalSchema = z.object({
  /** How long the page has been open, in ms. */
  elapsed_ms: pageTime,
  webdriver: z.boolean().nullable(),
  max_touch_points: z.number().int().min(0).max(64).nullable(),
  screen_width: z.number().int().min(0).max(100_000).nullable(),
  screen_height: z.number().int().min(0).max(100_000).nullable(),
  timezone_offset: z.number().int().min(-1440).max(1440).nullable(),
  language: z.string().max(64).nullable(),
});
export type PageSignal = z.infer<typeof pageSignalSchema>;

/** The collector's session id: random, made once per page. */
const sessionIdSchema = z.string().regex(/^[\w-]{16,64}$/);

export const touchDataRequestSchema = z.object({
  session_id: sessionIdSchema,
  page: pageSignalSchema,
  touches: z.array(touchSignalSchema).max(BOT_TOUCH_BUFFER_SIZE),
  events: z.array(dataSignalSchema).max(BOT_DATA_BUFFER_SIZE),
});
export type TouchDataRequest = z.infer<typeof touchDataRequestSchema>;

export const touchDataResponseSchema = z.object({ code: z.number().int() });

export const botTokenRequestSchema = touchDataRequestSchema.extend({ scene: botSceneSchema });
export type BotTokenRequest = z.infer<typeof botTokenRequestSchema>;

/** A slider puzzle: the images come from the challenge image call, by id. */
export const sliderChallengeSchema = z.object({
  challenge_id: z.string(),
  /** The piece's top edge in CSS pixels (it slides along this row). */
  piece_y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  piece_size: z.number().int(),
});
export type SliderChallenge = z.infer<typeof sliderChallengeSchema>;

/** code 200 with a token (low risk) or with a slider challenge (high risk). */
export const botTokenResponseSchema = z.object({
  code: z.number().int(),
  token: z.string().optional(),
  challenge: sliderChallengeSchema.optional(),
});
export type BotTokenResponse = z.infer<typeof botTokenResponseSchema>;

export const challengeImageQuerySchema = z.object({
  challenge_id: z.string().min(1).max(1024),
  part: z.enum(['background', 'piece']),
});

/** The slide as the finger drew it: x in CSS pixels from the start, t in ms from the press. */
export const slideTrackPointSchema = z.object({
  x: z.number().finite().min(-50).max(1000),
  y: z.number().finite().min(-1000).max(1000),
  t: z.number().finite().min(0).max(120_000),
  /** Keyboard use: the key that moved the handle to this point (absent on the starting point). */
  k: z.enum(sliderKeys).optional(),
});

export const sliderVerifyRequestSchema = z.object({
  challenge_id: z.string().min(1).max(1024),
  track: z.array(slideTrackPointSchema).min(1).max(BOT_TOUCH_BUFFER_SIZE),
  /** How the slide was made: dragged (pointer, the default) or moved with the keys (keyboard). */
  input: z.enum(['pointer', 'keyboard']).optional(),
});
export type SliderVerifyRequest = z.infer<typeof sliderVerifyRequestSchema>;

export const sliderVerifyResponseSchema = z.object({ token: z.string() });
export type SliderVerifyResponse = z.infer<typeof sliderVerifyResponseSchema>;

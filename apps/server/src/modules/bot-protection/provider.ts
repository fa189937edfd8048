import {
  BOT_CHALLENGE_RISK,
  BOT_CHECK_INTERVAL_SECONDS,
  BOT_COLLECTION_INTERVAL_MINUTES,
  BOT_CONFIG_REFRESH_MS,
  BOT_DATA_BUFFER_SIZE,
  BOT_MOUSE_MOVE_MIN_GAP_MS,
  BOT_TOUCH_BUFFER_SIZE,
  BotResultCodes,
  botScenes,
  DEVICE_SIGNAL_TIMEOUT_MS,
  type BotConfig,
  type BotScene,
  type BotTokenRequest,
  type BotTokenResponse,
  type SliderVerifyRequest,
  type TouchDataRequest,
} from '@haoshi/contracts';
import type { OnceStore } from './once-store.ts';
import { scoreSignals, type RiskScore } from './scoring.ts';
import { createSlider } from './slider.ts';
import { createTokenIssuer, type TokenClaims } from './token.ts';

/** Who is asking: what a token is bound to. */
export interface ClientContext {
  userAgent: string;
}

/**
 * The bot-protection provider (anchors: GeeTest, Tencent captcha): the configuration the web collector
 * follows, touch data posted in the background, a token for each risky call (or a slider when the
 * risk is high), and the check a guarded call makes. A vendor adapter implements the same shape.
 */
export interface BotProtectionProvider {
  config(): BotConfig;
  recordTouchData(request: TouchDataRequest): Promise<RiskScore>;
  issueToken(
    request: BotTokenRequest,
    client: ClientContext,
  ): Promise<BotTokenResponse & { score: RiskScore }>;
  challengeImage(challengeId: string, part: 'background' | 'piece'): Promise<Buffer>;
  verifySlide(request: SliderVerifyRequest, client: ClientContext): Promise<string>;
  consumeToken(token: string | undefined, scene: BotScene, client: ClientContext): Promise<TokenClaims>;
}

/** How long a session that showed a person's touch is remembered (two collection periods). */
const PERSON_MEMORY_SECONDS = 2 * BOT_COLLECTION_INTERVAL_MINUTES * 60;

export function createBuiltinBotProtection(options: {
  secret: string;
  store: OnceStore;
  now: () => Date;
}): BotProtectionProvider {
  const { secret, store, now } = options;
  const tokens = createTokenIssuer(secret, store, now);
  const slider = createSlider(secret, store, now);
  const personKey = (sessionId: string) => `person:${sessionId}`;

  return {
    config: () => ({
      code: BotResultCodes.SUCCESS,
      touch_buffer: BOT_TOUCH_BUFFER_SIZE,
      data_buffer: BOT_DATA_BUFFER_SIZE,
      mouse_move_gap_ms: BOT_MOUSE_MOVE_MIN_GAP_MS,
      check_interval_s: BOT_CHECK_INTERVAL_SECONDS,
      collect_interval_min: BOT_COLLECTION_INTERVAL_MINUTES,
      refresh_ms: BOT_CONFIG_REFRESH_MS,
      signal_timeout_ms: DEVICE_SIGNAL_TIMEOUT_MS,
      scenes: [...botScenes],
    }),

    async recordTouchData(request) {
      const score = scoreSignals(request, false);
      if (score.risk < BOT_CHALLENGE_RISK)
        await store.remember(personKey(request.session_id), PERSON_MEMORY_SECONDS);
      return score;
    },

    async issueToken(request, client) {
      const score = scoreSignals(request, await store.has(personKey(request.session_id)));
      if (score.risk >= BOT_CHALLENGE_RISK)
        return { code: BotResultCodes.SUCCESS, challenge: slider.create(request.scene), score };
      return {
        code: BotResultCodes.SUCCESS,
        token: tokens.issue(request.scene, client.userAgent, score.risk, false),
        score,
      };
    },

    challengeImage: (challengeId, part) => slider.image(challengeId, part),

    async verifySlide(request, client) {
      const scene = await slider.verify(request);
      return tokens.issue(scene, client.userAgent, BOT_CHALLENGE_RISK, true);
    },

    consumeToken: (token, scene, client) => tokens.consume(token, scene, client.userAgent),
  };
}

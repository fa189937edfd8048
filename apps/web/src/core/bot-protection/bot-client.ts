// The bot-protection client (anchors: GeeTest, Tencent captcha): reads the provider's configuration
// (again after 60 s), posts the collected touch data every 5 minutes (checking every 5 s whether
// there is anything new and the page is in view), and gets a token for each risky call — through
// the slider when the provider asks for one. Loaded after the first screen, or by the first risky call.
import {
  BOT_CHECK_INTERVAL_SECONDS,
  BOT_COLLECTION_INTERVAL_MINUTES,
  BOT_CONFIG_REFRESH_MS,
  botProtectionPaths,
  BotResultCodes,
  type BotConfig,
  type BotScene,
  type BotTokenResponse,
  type TouchDataRequest,
} from '@haoshi/contracts';
import { fetchWithTimeout, REQUEST_TIMEOUT_MS } from '../fetch-helpers';
import { pageSignals } from './device-signals';
import { dataBuffer, touchBuffer } from './signal-buffers';

function randomSessionId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** One collector session per page. */
const sessionId = randomSessionId();

async function postJson<T>(path: string, body: unknown): Promise<T> {
  const response = await fetchWithTimeout(
    path,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    REQUEST_TIMEOUT_MS,
  );
  return (await response.json()) as T;
}

interface Settings {
  checkMs: number;
  collectMs: number;
  refreshMs: number;
}

const defaults: Settings = {
  checkMs: BOT_CHECK_INTERVAL_SECONDS * 1000,
  collectMs: BOT_COLLECTION_INTERVAL_MINUTES * 60_000,
  refreshMs: BOT_CONFIG_REFRESH_MS,
};
let settings = defaults;
let configAt = -Infinity;

/** The provider's configuration, fetched again once older than its refresh time (60000 ms). */
async function refreshConfig(): Promise<void> {
  if (performance.now() - configAt < settings.refreshMs) return;
  configAt = performance.now();
  try {
    const config = await postJson<BotConfig>(botProtectionPaths.config, {});
    if (config.code !== BotResultCodes.SUCCESS) return;
    settings = {
      checkMs: config.check_interval_s * 1000,
      collectMs: config.collect_interval_min * 60_000,
      refreshMs: config.refresh_ms,
    };
  } catch {
    // The built-in values hold until the next refresh.
  }
}

async function signals(): Promise<TouchDataRequest> {
  return {
    session_id: sessionId,
    page: await pageSignals(),
    touches: touchBuffer.snapshot(),
    events: dataBuffer.snapshot(),
  };
}

let postedAt = performance.now();
let postedCount = 0;

/** Every check: when the collection interval has passed, the page is in view and there is news, post it. */
async function check(): Promise<void> {
  await refreshConfig();
  const collected = touchBuffer.length + dataBuffer.length;
  const due = performance.now() - postedAt >= settings.collectMs;
  if (due && !document.hidden && collected !== postedCount) {
    postedAt = performance.now();
    postedCount = collected;
    await postJson(botProtectionPaths.touch, await signals()).catch(() => undefined);
  }
  setTimeout(() => void check(), settings.checkMs);
}

let running = false;

/** Starts the background loop once (after the first screen): its first check comes 5 s later. */
export function startBotProtection(): void {
  if (running) return;
  running = true;
  setTimeout(() => void check(), settings.checkMs);
}

const askToken = async (scene: BotScene) =>
  postJson<BotTokenResponse>(botProtectionPaths.token, { ...(await signals()), scene });

/** A token for the call, or the user closed the slider, or the provider could not be reached. */
export type BotTokenOutcome = { token: string } | { closed: true } | { unreachable: true };

/**
 * A fresh single-use token for one risky call: the signals so far decide; when the provider answers
 * with a slider, the user solves it first. When the provider cannot be reached the call goes without
 * one, and the server's refusal says what to do.
 */
export async function botTokenFor(scene: BotScene): Promise<BotTokenOutcome> {
  startBotProtection();
  const answer = await askToken(scene).catch(() => undefined);
  if (answer?.token) return { token: answer.token };
  if (!answer?.challenge) return { unreachable: true };
  const { solveSlider } = await import('./slider-challenge');
  return solveSlider(answer.challenge, () => askToken(scene));
}

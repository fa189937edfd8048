import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import sharp from 'sharp';
import {
  BOT_CHALLENGE_TTL_SECONDS,
  ErrorCodes,
  SLIDER_HEIGHT,
  SLIDER_PIECE_SIZE,
  SLIDER_TOLERANCE_PX,
  SLIDER_WIDTH,
  type BotScene,
  type SliderChallenge,
  type SliderVerifyRequest,
} from '@haoshi/contracts';
import { AppError } from '../../lib/errors.ts';
import { keyboardSlideLooksHuman } from './keyboard-slide.ts';
import type { OnceStore } from './once-store.ts';

/** What the challenge id carries, sealed: only the server reads where the hole is. */
interface PuzzleBody {
  x: number;
  y: number;
  /** Seeds the picture, so both images can be drawn again from the id alone. */
  seed: number;
  scene: BotScene;
  iat: number;
  /** The issue time in ms, for the keyboard slide's timing check. */
  ims: number;
  j: string;
}

/** Images are drawn at twice the CSS size (phones have dense screens). */
const SCALE = 2;
const MARGIN = 12;
/** A slide faster than this is no finger. */
const MIN_SLIDE_MS = 250;
const MIN_TRACK_POINTS = 5;

/** A small seeded generator (mulberry32): the same seed draws the same picture. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function pictureSvg(seed: number): string {
  const random = seededRandom(seed);
  const hue = Math.floor(random() * 360);
  const shapes: string[] = [];
  for (let index = 0; index < 18; index++) {
    const cx = Math.round(random() * SLIDER_WIDTH);
    const cy = Math.round(random() * SLIDER_HEIGHT);
    const r = Math.round(8 + random() * 34);
    const shade = (hue + Math.floor(random() * 120)) % 360;
    const light = 35 + Math.floor(random() * 40);
    shapes.push(
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${shade},70%,${light}%)" fill-opacity="0.75"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SLIDER_WIDTH * SCALE}" height="${SLIDER_HEIGHT * SCALE}" viewBox="0 0 ${SLIDER_WIDTH} ${SLIDER_HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 90) % 360},60%,40%)"/></linearGradient></defs>
<rect width="${SLIDER_WIDTH}" height="${SLIDER_HEIGHT}" fill="url(#g)"/>${shapes.join('')}</svg>`;
}

const pieceOutline = (fill: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SLIDER_PIECE_SIZE * SCALE}" height="${SLIDER_PIECE_SIZE * SCALE}">` +
      `<rect x="2" y="2" width="${SLIDER_PIECE_SIZE * SCALE - 4}" height="${SLIDER_PIECE_SIZE * SCALE - 4}" rx="10" ` +
      `fill="${fill}" stroke="white" stroke-width="3"/></svg>`,
  );

function coefficientOfVariation(values: number[]): number {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  if (mean === 0) return 0;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length) / mean;
}

/**
 * The built-in slider captcha (anchor: GeeTest's slide, Tencent's TCaptcha): a picture with a hole,
 * a piece to drag into it. The puzzle lives in its sealed id (AES-256-GCM); each is tried once.
 */
export function createSlider(secret: string, store: OnceStore, now: () => Date) {
  const key = createHash('sha256').update(`slider:${secret}`).digest();
  const seconds = () => Math.floor(now().getTime() / 1000);

  const seal = (body: PuzzleBody): string => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const sealed = Buffer.concat([cipher.update(JSON.stringify(body), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  };

  const open = (id: string): PuzzleBody => {
    try {
      const raw = Buffer.from(id, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      return JSON.parse(text) as PuzzleBody;
    } catch {
      throw new AppError(ErrorCodes.BOT_CHALLENGE_INVALID);
    }
  };

  const live = (body: PuzzleBody) => {
    const age = seconds() - body.iat;
    if (!(age >= 0 && age <= BOT_CHALLENGE_TTL_SECONDS)) throw new AppError(ErrorCodes.BOT_CHALLENGE_EXPIRED);
  };

  return {
    create(scene: BotScene): SliderChallenge {
      const body: PuzzleBody = {
        x: randomInt(SLIDER_PIECE_SIZE + MARGIN * 2, SLIDER_WIDTH - SLIDER_PIECE_SIZE - MARGIN),
        y: randomInt(MARGIN, SLIDER_HEIGHT - SLIDER_PIECE_SIZE - MARGIN),
        seed: randomInt(0, 2 ** 31),
        scene,
        iat: seconds(),
        ims: now().getTime(),
        j: randomBytes(9).toString('base64url'),
      };
      return {
        challenge_id: seal(body),
        piece_y: body.y,
        width: SLIDER_WIDTH,
        height: SLIDER_HEIGHT,
        piece_size: SLIDER_PIECE_SIZE,
      };
    },

    /** The picture with the hole, or the piece cut from the same picture (PNG). */
    async image(id: string, part: 'background' | 'piece'): Promise<Buffer> {
      const body = open(id);
      live(body);
      const picture = await sharp(Buffer.from(pictureSvg(body.seed)))
        .png()
        .toBuffer();
      const region = {
        left: body.x * SCALE,
        top: body.y * SCALE,
        width: SLIDER_PIECE_SIZE * SCALE,
        height: SLIDER_PIECE_SIZE * SCALE,
      };
      if (part === 'piece') {
        return sharp(picture)
          .extract(region)
          .composite([{ input: pieceOutline('none') }])
          .png()
          .toBuffer();
      }
      return sharp(picture)
        .composite([{ input: pieceOutline('rgba(0,0,0,0.55)'), left: region.left, top: region.top }])
        .png()
        .toBuffer();
    },

    /**
     * The slide must end on the hole and look like a finger's: enough points over enough time, at a
     * changing speed; or, made with the keys, be a consistent replay of key presses that took real
     * time (keyboard-slide.ts). Whatever the outcome the puzzle is spent.
     */
    async verify(request: SliderVerifyRequest): Promise<BotScene> {
      const body = open(request.challenge_id);
      live(body);
      if (!(await store.claim(`puzzle:${body.j}`, BOT_CHALLENGE_TTL_SECONDS + 5)))
        throw new AppError(ErrorCodes.BOT_CHALLENGE_USED);
      const track = request.track;
      const last = track[track.length - 1];
      const first = track[0];
      const fits = last !== undefined && Math.abs(last.x - body.x) <= SLIDER_TOLERANCE_PX;
      if (request.input === 'keyboard') {
        // Moved with the keys (role="slider"): judged by its key moves and the server's clock.
        if (!fits || !keyboardSlideLooksHuman(track, now().getTime() - body.ims))
          throw new AppError(ErrorCodes.BOT_SLIDE_FAILED);
        return body.scene;
      }
      const duration = last && first ? last.t - first.t : 0;
      const speeds: number[] = [];
      for (let index = 1; index < track.length; index++) {
        const a = track[index - 1];
        const b = track[index];
        if (a && b && b.t > a.t) speeds.push(Math.abs(b.x - a.x) / (b.t - a.t));
      }
      const fingerLike =
        track.length >= MIN_TRACK_POINTS &&
        duration >= MIN_SLIDE_MS &&
        speeds.length >= MIN_TRACK_POINTS - 1 &&
        coefficientOfVariation(speeds) >= 0.1;
      if (!fits || !fingerLike) throw new AppError(ErrorCodes.BOT_SLIDE_FAILED);
      return body.scene;
    },
  };
}

export type Slider = ReturnType<typeof createSlider>;

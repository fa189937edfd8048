import {
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { createRoot } from 'react-dom/client';
import {
  botProtectionPaths,
  isSliderKey,
  sliderKeyTarget,
  type BotTokenResponse,
  type SliderKey,
  type SliderChallenge,
  type SliderVerifyResponse,
} from '@haoshi/contracts';
import { http } from '../http/client';
import './slider-challenge.css';

interface TrackPoint {
  x: number;
  y: number;
  t: number;
  /** The key that moved the handle here (keyboard use). */
  k?: SliderKey;
}

/** A keyboard slide in progress: it starts when the handle takes focus, at x 0. */
interface KeySlide {
  startT: number;
  x: number;
  track: TrackPoint[];
}

/** What the slider ends with: a token, or the user closing it. */
export type SliderOutcome = { token: string } | { closed: true };

interface SliderProps {
  first: SliderChallenge;
  /** Asks the provider again (after a miss, or on 换一张): a new puzzle, or by now a token. */
  next: () => Promise<BotTokenResponse>;
  done: (outcome: SliderOutcome) => void;
}

const imageUrl = (challenge: SliderChallenge, part: 'background' | 'piece') =>
  `${botProtectionPaths.challengeImage}?challenge_id=${encodeURIComponent(challenge.challenge_id)}&part=${part}`;

/**
 * The slider dialog. The handle is a role="slider": dragged with a finger or mouse, or moved with
 * the arrow keys (PageUp/PageDown for big steps, Home/End to the ends) and submitted with Enter or
 * Space. Either way the server gets the trajectory; a keyboard one carries each key.
 */
export function SliderDialog({ first, next, done }: SliderProps) {
  const [challenge, setChallenge] = useState(first);
  const [offset, setOffset] = useState(0);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const drag = useRef<{ startX: number; startY: number; startT: number; track: TrackPoint[] } | null>(null);
  const keys = useRef<KeySlide | null>(null);
  const handle = useRef<HTMLDivElement>(null);
  const maxOffset = challenge.width - challenge.piece_size;

  /** Starts a keyboard slide from 0 (on focus, and again after each attempt while focused). */
  const startKeys = () => {
    keys.current = { startT: performance.now(), x: 0, track: [{ x: 0, y: 0, t: 0 }] };
  };

  const reload = async (message: string) => {
    setBusy(true);
    const fresh = await next().catch(() => undefined);
    setBusy(false);
    setOffset(0);
    setStatus(message);
    keys.current = null;
    if (fresh?.token) done({ token: fresh.token });
    else if (fresh?.challenge) setChallenge(fresh.challenge);
    else setStatus('验证服务暂时不可用，请稍后再试');
    if (handle.current && document.activeElement === handle.current) startKeys();
  };

  const submit = async (track: TrackPoint[], input: 'pointer' | 'keyboard') => {
    setBusy(true);
    const answer = await http
      .post<SliderVerifyResponse>(
        botProtectionPaths.sliderVerify,
        { challenge_id: challenge.challenge_id, track: track.slice(-500), input },
        { silent: true },
      )
      .catch(() => undefined);
    setBusy(false);
    if (answer?.err_code === 0 && answer.data) {
      done({ token: answer.data.token });
      return;
    }
    await reload(answer?.message ?? '网络异常，请重试');
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (busy) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const current = keys.current;
      if (!current || current.track.length < 2) {
        setStatus('请先用方向键移动滑块，使拼图对齐缺口');
        return;
      }
      keys.current = null;
      void submit(current.track, 'keyboard');
      return;
    }
    if (!isSliderKey(event.key)) return;
    event.preventDefault();
    if (!keys.current) startKeys();
    const current = keys.current;
    if (!current) return;
    const x = sliderKeyTarget(event.key, current.x);
    current.x = x;
    current.track.push({ x, y: 0, t: Math.round(performance.now() - current.startT), k: event.key });
    setOffset(x);
    setStatus('');
  };

  const onDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (busy) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startY: event.clientY, startT: performance.now(), track: [] };
    drag.current.track.push({ x: 0, y: 0, t: 0 });
    setStatus('');
  };

  const onMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current) return;
    const x = Math.min(maxOffset, Math.max(0, event.clientX - current.startX));
    current.track.push({
      x: Math.round(x * 10) / 10,
      y: Math.round((event.clientY - current.startY) * 10) / 10,
      t: Math.round(performance.now() - current.startT),
    });
    setOffset(x);
  };

  const onUp = async () => {
    const current = drag.current;
    drag.current = null;
    if (!current || current.track.length < 2) return;
    keys.current = null;
    await submit(current.track, 'pointer');
  };

  return (
    <div className="bot-slider-mask" role="dialog" aria-modal="true" aria-label="安全验证">
      <div className="bot-slider">
        <div className="bot-slider-head">
          <span>请完成安全验证</span>
          <button type="button" className="bot-slider-close" onClick={() => done({ closed: true })}>
            关闭
          </button>
        </div>
        <div className="bot-slider-picture">
          <img
            alt="验证图片"
            src={imageUrl(challenge, 'background')}
            width={challenge.width}
            height={challenge.height}
          />
          <img
            alt="拼图块"
            src={imageUrl(challenge, 'piece')}
            width={challenge.piece_size}
            height={challenge.piece_size}
            style={{ left: offset, top: challenge.piece_y }}
          />
        </div>
        <div className="bot-slider-track">
          <span id="bot-slider-help">拖动滑块完成拼图</span>
          <div
            ref={handle}
            role="slider"
            tabIndex={0}
            className="bot-slider-handle"
            aria-label="拼图滑块"
            aria-describedby="bot-slider-help bot-slider-keys"
            aria-valuemin={0}
            aria-valuemax={maxOffset}
            aria-valuenow={Math.round(offset)}
            aria-valuetext={`${Math.round(offset)} 像素`}
            aria-disabled={busy}
            style={{ left: offset }}
            onFocus={() => {
              if (!keys.current) startKeys();
            }}
            onKeyDown={onKeyDown}
            onPointerDown={onDown}
            onPointerMove={onMove}
            onPointerUp={() => void onUp()}
            onPointerCancel={() => void onUp()}
          >
            →
          </div>
        </div>
        <p id="bot-slider-keys" className="bot-slider-keys">
          也可用方向键移动滑块（PageUp/PageDown 大步移动，Home/End 到两端），对齐后按回车提交
        </p>
        <div className="bot-slider-status" role="status">
          {status}
        </div>
        <button type="button" className="bot-slider-refresh" disabled={busy} onClick={() => void reload('')}>
          换一张
        </button>
      </div>
    </div>
  );
}

/** Shows the slider over the page until it is solved (a token) or closed. */
export function solveSlider(
  first: SliderChallenge,
  next: () => Promise<BotTokenResponse>,
): Promise<SliderOutcome> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    const done = (outcome: SliderOutcome) => {
      root.unmount();
      host.remove();
      resolve(outcome);
    };
    root.render(<SliderDialog first={first} next={next} done={done} />);
  });
}

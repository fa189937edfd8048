import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { createRoot } from 'react-dom/client';
import {
  botProtectionPaths,
  type BotTokenResponse,
  type SliderChallenge,
  type SliderVerifyResponse,
} from '@haoshi/contracts';
import { http } from '../http/client';
import './slider-challenge.css';

interface TrackPoint {
  x: number;
  y: number;
  t: number;
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

function SliderDialog({ first, next, done }: SliderProps) {
  const [challenge, setChallenge] = useState(first);
  const [offset, setOffset] = useState(0);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const drag = useRef<{ startX: number; startY: number; startT: number; track: TrackPoint[] } | null>(null);
  const maxOffset = challenge.width - challenge.piece_size;

  const reload = async (message: string) => {
    setBusy(true);
    const fresh = await next().catch(() => undefined);
    setBusy(false);
    setOffset(0);
    setStatus(message);
    if (fresh?.token) done({ token: fresh.token });
    else if (fresh?.challenge) setChallenge(fresh.challenge);
    else setStatus('验证服务暂时不可用，请稍后再试');
  };

  const onDown = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (busy) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startY: event.clientY, startT: performance.now(), track: [] };
    drag.current.track.push({ x: 0, y: 0, t: 0 });
    setStatus('');
  };

  const onMove = (event: ReactPointerEvent<HTMLButtonElement>) => {
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
    setBusy(true);
    const answer = await http
      .post<SliderVerifyResponse>(
        botProtectionPaths.sliderVerify,
        { challenge_id: challenge.challenge_id, track: current.track.slice(-500) },
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
          拖动滑块完成拼图
          <button
            type="button"
            className="bot-slider-handle"
            aria-label="拖动滑块"
            style={{ left: offset }}
            onPointerDown={onDown}
            onPointerMove={onMove}
            onPointerUp={() => void onUp()}
            onPointerCancel={() => void onUp()}
          >
            →
          </button>
        </div>
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

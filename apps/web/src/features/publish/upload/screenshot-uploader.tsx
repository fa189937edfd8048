import { ProgressBar } from 'antd-mobile';
import { useRef } from 'react';
import { publishMessages as text } from '../messages';
import type { ScreenshotItem } from './use-screenshot-uploads';

interface ScreenshotUploaderProps {
  items: readonly ScreenshotItem[];
  max: number;
  onAdd: (files: File[]) => void;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
}

function Tile({
  item,
  index,
  onRetry,
  onRemove,
}: { item: ScreenshotItem; index: number } & Pick<ScreenshotUploaderProps, 'onRetry' | 'onRemove'>) {
  const label = `截图${index + 1}`;
  return (
    <li
      className={`shot shot--${item.status}`}
      data-testid="screenshot-tile"
      data-status={item.status}
      aria-label={label}
    >
      <img className="shot__image" src={item.preview} alt="" />
      {item.status === 'uploading' || item.status === 'waiting' ? (
        <div className="shot__overlay">
          <span>{item.status === 'waiting' ? text.waiting : `${text.uploading} ${item.percent}%`}</span>
          <div
            role="progressbar"
            aria-label={`${label}上传进度`}
            aria-valuenow={item.percent}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <ProgressBar percent={item.percent} />
          </div>
        </div>
      ) : null}
      {item.status === 'failed' ? (
        <div className="shot__overlay shot__overlay--failed" role="alert">
          <span className="shot__error">{item.error ?? text.uploadFailed}</span>
          {item.retryable === false ? null : (
            <button type="button" className="shot__retry" onClick={() => onRetry(item.id)}>
              {text.uploadRetry}
            </button>
          )}
        </div>
      ) : null}
      <button
        type="button"
        className="shot__remove"
        aria-label={`${text.uploadRemove}${label}`}
        onClick={() => onRemove(item.id)}
      >
        ×
      </button>
    </li>
  );
}

/** Picks several images; each tile shows its own upload progress, refusal, retry and removal. */
export function ScreenshotUploader({ items, max, onAdd, onRetry, onRemove }: ScreenshotUploaderProps) {
  const input = useRef<HTMLInputElement>(null);
  const room = max - items.length;
  return (
    <ul className="shots">
      {items.map((item, index) => (
        <Tile key={item.id} item={item} index={index} onRetry={onRetry} onRemove={onRemove} />
      ))}
      {room > 0 ? (
        <li className="shot shot--add">
          <button type="button" className="shot__add" onClick={() => input.current?.click()}>
            <span className="shot__plus">+</span>
            {text.addScreenshot}
          </button>
          <input
            ref={input}
            type="file"
            accept="image/*"
            multiple
            hidden
            data-testid="screenshot-input"
            onChange={(event) => {
              const picked = Array.from(event.target.files ?? []).slice(0, room);
              event.target.value = '';
              if (picked.length > 0) onAdd(picked);
            }}
          />
        </li>
      ) : null}
    </ul>
  );
}

import type { ChatMessage } from '@haoshi/contracts';
import { Link } from 'react-router';
import { formatChinaTimeOfDay } from '@/core/china-time';
import './message-bubble.css';

/** Longest side of a picture, in px of the 375 design (37.5 px a rem). */
const IMAGE_SIDE = 150;

/**
 * The picture's box before it loads: its own proportions (the server stores its dimensions), at most
 * IMAGE_SIDE on the longer side; a square when the dimensions are unknown. No jump when it arrives.
 */
export function imageBox(width: number, height: number): { width: string; aspectRatio: string } {
  if (width <= 0 || height <= 0) return { width: `${IMAGE_SIDE / 37.5}rem`, aspectRatio: '1 / 1' };
  const scale = Math.min(1, IMAGE_SIDE / Math.max(width, height));
  return { width: `${Math.round(width * scale) / 37.5}rem`, aspectRatio: `${width} / ${height}` };
}

/**
 * One chat message as a bubble: text, picture, listing or order card, a platform notice (a centred
 * line, a warning in its colour) or a recalled message. Shared by every screen that shows a
 * conversation; the screen says whose it is.
 */
export function MessageBubble({
  message,
  mine,
  sender,
}: {
  message: ChatMessage;
  mine: boolean;
  /** Shown above a message of someone else (客服小美). */
  sender?: string;
}) {
  const { content } = message;
  if (content.kind === 'notice')
    return (
      <p className={`message-notice message-notice--${content.level}`} data-testid="message-notice">
        {content.text}
      </p>
    );
  if (content.kind === 'recalled')
    return <p className="message-notice">{mine ? '你撤回了一条消息' : '对方撤回了一条消息'}</p>;
  return (
    <div className={`message-row${mine ? ' message-row--mine' : ''}`} data-testid="message">
      {!mine && sender ? <span className="message-row__sender">{sender}</span> : null}
      <div className="message-bubble">
        {content.kind === 'text' ? <span className="message-bubble__text">{content.text}</span> : null}
        {content.kind === 'image' ? (
          <img
            className="message-bubble__image"
            src={content.url}
            alt="聊天图片"
            loading="lazy"
            data-testid="message-image"
            style={imageBox(content.width, content.height)}
          />
        ) : null}
        {content.kind === 'goods' ? (
          <Link className="message-card" to={content.card.link}>
            <strong>{content.card.title}</strong>
            <span>¥{content.card.price}</span>
          </Link>
        ) : null}
        {content.kind === 'order' ? (
          <Link className="message-card" to={content.card.link}>
            <strong>{content.card.title}</strong>
            <span>
              订单 {content.card.order_no} · ¥{content.card.amount} · {content.card.status_label}
            </span>
          </Link>
        ) : null}
      </div>
      <time className="message-row__time" dateTime={message.created_at}>
        {formatChinaTimeOfDay(message.created_at)}
      </time>
    </div>
  );
}

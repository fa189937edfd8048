import { Link } from 'react-router';
import type { ChatMessage, MessageContent } from '@haoshi/contracts';
import { resizeImage } from '@/core/image';
import { useLongPress } from '@/core/timing';
import { chatMessages as m } from './messages';
import type { PendingMessage } from './session/outbox';

type Card<K extends 'goods' | 'order'> = Extract<MessageContent, { kind: K }>['card'];

/** The longest side of a picture bubble, in px at 375 design width. */
const IMAGE_BOX = 160;
/** px of the 375 design per rem. */
const DESIGN_PX_PER_REM = 37.5;

export function fitted(width: number, height: number): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: IMAGE_BOX, height: IMAGE_BOX };
  const scale = Math.min(1, IMAGE_BOX / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** A card's picture, or an empty grey square when the subject has none. */
function CardImage({ src }: { src: string }) {
  if (src === '') return <span className="chat-card__image" aria-hidden="true" />;
  return <img className="chat-card__image" src={resizeImage(src, 120, 120)} alt="" width={60} height={60} />;
}

function GoodsCardBubble({ card }: { card: Card<'goods'> }) {
  return (
    <Link
      to={card.link || `/goodsDetail?goods_id=${card.goods_id}`}
      className="chat-card"
      data-testid="chat-goods-card"
    >
      <CardImage src={card.image} />
      <span className="chat-card__body">
        <span className="chat-card__title">{card.title}</span>
        <span className="chat-card__price">¥{card.price}</span>
        <span className="chat-card__action">{m.viewGoods}</span>
      </span>
    </Link>
  );
}

function OrderCardBubble({ card }: { card: Card<'order'> }) {
  return (
    <Link
      to={card.link || `/order_detail?order_no=${card.order_no}`}
      className="chat-card"
      data-testid="chat-order-card"
    >
      <CardImage src={card.image} />
      <span className="chat-card__body">
        <span className="chat-card__title">{card.title}</span>
        <span className="chat-card__meta">
          {m.orderCard} {card.order_no} · {card.status_label}
        </span>
        <span className="chat-card__price">¥{card.amount}</span>
      </span>
    </Link>
  );
}

function ContentView({ content }: { content: MessageContent }) {
  switch (content.kind) {
    case 'text':
      return <span className="chat-bubble__text">{content.text}</span>;
    case 'image': {
      // The box has the picture's proportions before it loads (the server stores its dimensions),
      // so the history does not jump when pictures arrive.
      const size = fitted(content.width, content.height);
      return (
        <a
          href={content.url}
          target="_blank"
          rel="noreferrer"
          className="chat-bubble__image-link"
          data-testid="chat-image-box"
          style={{
            width: `${size.width / DESIGN_PX_PER_REM}rem`,
            aspectRatio: `${size.width} / ${size.height}`,
          }}
        >
          <img
            className="chat-bubble__image"
            src={resizeImage(content.url, size.width * 2)}
            alt={m.imageAlt}
            width={size.width}
            height={size.height}
            loading="lazy"
          />
        </a>
      );
    }
    case 'goods':
      return <GoodsCardBubble card={content.card} />;
    case 'order':
      return <OrderCardBubble card={content.card} />;
    default:
      return null;
  }
}

/** A platform line, or a recalled message, centred between the bubbles. */
export function NoticeLine({ message, own }: { message: ChatMessage; own: boolean }) {
  const { content } = message;
  if (content.kind === 'notice')
    return (
      <p
        className={`chat-notice chat-notice--${content.level}`}
        role={content.level === 'warning' ? 'alert' : undefined}
      >
        {content.text}
      </p>
    );
  return <p className="chat-notice">{own ? m.preview.recalledByMe : m.preview.recalledByPeer}</p>;
}

/** A stored message: own on the right. Long-pressing one opens its actions (copy, recall). */
export function MessageBubble({
  message,
  own,
  onActions,
}: {
  message: ChatMessage;
  own: boolean;
  onActions: (message: ChatMessage) => void;
}) {
  const press = useLongPress(() => onActions(message));
  const card = message.content.kind === 'goods' || message.content.kind === 'order';
  return (
    <div
      className={`chat-message ${own ? 'chat-message--own' : ''}`}
      data-testid="chat-message"
      data-seq={message.seq}
    >
      <div
        className={`chat-bubble ${card ? 'chat-bubble--card' : ''} ${message.flagged && !own ? 'chat-bubble--flagged' : ''}`}
        {...press}
      >
        <ContentView content={message.content} />
      </div>
    </div>
  );
}

/** A message still going out (or refused): its state and, when failed, 重发. */
export function PendingBubble({
  pending,
  onRetry,
  onDiscard,
}: {
  pending: PendingMessage;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const { content } = pending;
  return (
    <div className="chat-message chat-message--own" data-testid="chat-pending" data-status={pending.status}>
      {pending.status === 'failed' ? (
        <span className="chat-pending__failed">
          <button type="button" className="chat-pending__retry" onClick={onRetry} aria-label={m.resend}>
            !
          </button>
          <button type="button" className="chat-pending__discard" onClick={onDiscard}>
            {m.discard}
          </button>
        </span>
      ) : (
        <span className="chat-pending__state" role="status">
          {pending.status === 'uploading' ? m.uploading(pending.progress ?? 0) : m.sending}
        </span>
      )}
      <div className="chat-bubble chat-bubble--pending">
        {content.kind === 'text' ? <span className="chat-bubble__text">{content.text}</span> : null}
        {content.kind === 'image' && pending.preview ? (
          <img
            className="chat-bubble__image"
            src={pending.preview}
            alt={m.imageAlt}
            width={IMAGE_BOX}
            height={IMAGE_BOX}
          />
        ) : null}
        {content.kind === 'goods' || content.kind === 'order' ? (
          <span className="chat-bubble__text">{content.kind === 'goods' ? m.goodsCard : m.orderCard}</span>
        ) : null}
      </div>
      {pending.status === 'failed' && pending.error ? (
        <p className="chat-pending__error" role="alert">
          {pending.error}
        </p>
      ) : null}
    </div>
  );
}

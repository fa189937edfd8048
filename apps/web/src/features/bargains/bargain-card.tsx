import { Button, Image, Tag } from 'antd-mobile';
import { Link } from 'react-router';
import type { Bargain, BargainGoods } from '@haoshi/contracts';
import { shortAmount } from '@/core/amount';
import { formatChinaMonthDayTime } from '@/core/china-time';
import { bargainButtons, type BargainButton } from './bargain-buttons';
import { DeadlineText } from './deadline-text';
import { bargainMessages as m } from './messages';

const tagColor: Record<Bargain['status'], string> = {
  offered: 'warning',
  countered: 'warning',
  agreed: 'success',
  ordered: 'primary',
  rejected: 'default',
  cancelled: 'default',
  expired: 'default',
};

function dueLabel(bargain: Bargain): ((text: string) => string) | undefined {
  if (bargain.status === 'offered') return (text) => `${m.answerDue(bargain.role)} · ${m.remaining(text)}`;
  if (bargain.status === 'countered') return (text) => `${m.counterDue(bargain.role)} · ${m.remaining(text)}`;
  if (bargain.status === 'agreed') return (text) => `${m.agreedDue} · ${m.remaining(text)}`;
  return undefined;
}

/** The listing a bargain is about: cover, title, game and 区服, its price now. */
export function BargainGoodsRow({ goods }: { goods: BargainGoods }) {
  return (
    <div className="bargain-card__goods">
      {goods.cover ? (
        <Image className="bargain-card__cover" src={goods.cover} alt="" lazy fit="cover" />
      ) : (
        <div className="bargain-card__cover" />
      )}
      <div className="bargain-card__text">
        <p className="bargain-card__title">{goods.title}</p>
        <p className="bargain-card__meta">
          {goods.game_name} · {goods.partition_name}
        </p>
        <p className="bargain-card__meta">
          {m.listPrice} ¥{shortAmount(goods.price)}
        </p>
      </div>
    </div>
  );
}

interface BargainCardProps {
  bargain: Bargain;
  /** Where the card leads (the thread), or undefined on the thread itself. */
  to?: string;
  busy: boolean;
  onAction: (button: BargainButton, bargain: Bargain) => void;
}

/** One bargain: the listing, the prices named so far, its state and countdown, and the viewer's buttons. */
export function BargainCard({ bargain, to, busy, onAction }: BargainCardProps) {
  const due = dueLabel(bargain);
  const buttons = bargainButtons(bargain);
  const goods = <BargainGoodsRow goods={bargain.goods} />;
  return (
    <article className="bargain-card" data-testid="bargain-card" aria-label={bargain.goods.title}>
      <header className="bargain-card__head">
        <span className="bargain-card__party">
          {bargain.role === 'buyer' ? m.seller : m.buyer} {bargain.counterparty}
        </span>
        <Tag color={tagColor[bargain.status]} fill="outline" data-testid="bargain-status">
          {bargain.status_label}
        </Tag>
      </header>
      {to ? (
        <Link to={to} className="bargain-card__link">
          {goods}
        </Link>
      ) : (
        goods
      )}
      <dl className="bargain-card__prices">
        <div>
          <dt>{bargain.role === 'buyer' ? m.myOffer : m.offerPrice}</dt>
          <dd data-testid="bargain-offer">¥{bargain.offer_price}</dd>
        </div>
        {bargain.counter_price !== null ? (
          <div>
            <dt>{m.counterPrice}</dt>
            <dd data-testid="bargain-counter">¥{bargain.counter_price}</dd>
          </div>
        ) : null}
        {bargain.agreed_price !== null ? (
          <div className="bargain-card__agreed">
            <dt>{m.agreedPrice}</dt>
            <dd data-testid="bargain-agreed">¥{bargain.agreed_price}</dd>
          </div>
        ) : null}
      </dl>
      <footer className="bargain-card__foot">
        <span className="bargain-card__time">
          {due && bargain.deadline ? (
            <DeadlineText deadline={bargain.deadline} label={due} />
          ) : (
            formatChinaMonthDayTime(bargain.updated_at)
          )}
        </span>
        <span className="bargain-card__buttons">
          {buttons.map((button) => (
            <Button
              key={button.action}
              size="small"
              shape="rounded"
              color={
                button.action === 'use' || button.action === 'agree' || button.action === 'accept'
                  ? 'primary'
                  : 'default'
              }
              fill={button.action === 'delete' ? 'none' : 'solid'}
              disabled={busy}
              onClick={() => onAction(button, bargain)}
            >
              {button.label}
            </Button>
          ))}
        </span>
      </footer>
    </article>
  );
}

import type { ReactNode } from 'react';
import { couponMessages as m } from './messages';

export interface CouponFace {
  name: string;
  amount_off: string;
  threshold: string;
  scope_label: string;
}

/** "20.00" → "20", "7.50" → "7.5": the big number on a ticket. */
function shortAmount(amount: string): string {
  return amount.replace(/\.00$/, '').replace(/(\.\d)0$/, '$1');
}

/**
 * One coupon as a ticket: the amount off and its threshold on the left, name, scope and validity
 * on the right, and an action or a state stamp. `dimmed` greys out used and expired ones.
 */
export function CouponTicket({
  face,
  validity,
  action,
  dimmed = false,
  testId,
}: {
  face: CouponFace;
  validity: string;
  action?: ReactNode;
  dimmed?: boolean;
  testId?: string;
}) {
  const noThreshold = face.threshold === '0.00';
  return (
    <article className={`coupon-ticket${dimmed ? ' coupon-ticket--dimmed' : ''}`} data-testid={testId}>
      <div className="coupon-ticket__value">
        <span className="coupon-ticket__amount">
          <small>¥</small>
          {shortAmount(face.amount_off)}
        </span>
        <span className="coupon-ticket__threshold">
          {noThreshold ? m.noThreshold : m.threshold(shortAmount(face.threshold))}
        </span>
      </div>
      <div className="coupon-ticket__body">
        <strong className="coupon-ticket__name">{face.name}</strong>
        <span className="coupon-ticket__scope">{face.scope_label}</span>
        <span className="coupon-ticket__validity">{validity}</span>
      </div>
      {action ? <div className="coupon-ticket__action">{action}</div> : null}
    </article>
  );
}

import { Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { payoutMethodTypeLabels, type PayoutMethodItem } from '@haoshi/contracts';
import { payoutMessages as m } from './messages';

const typeMarks: Record<PayoutMethodItem['type'], string> = { bank: '卡', alipay: '支', wechat: '微' };

/** One payout method, masked: the type, the account and who receives. */
export function MethodCard({ method, children }: { method: PayoutMethodItem; children?: ReactNode }) {
  return (
    <article
      className={`payout-method payout-method--${method.type}`}
      aria-label={payoutMethodTypeLabels[method.type]}
    >
      <span className="payout-method__mark" aria-hidden="true">
        {typeMarks[method.type]}
      </span>
      <div className="payout-method__body">
        <div className="payout-method__title">
          <strong>{method.bank_name ?? payoutMethodTypeLabels[method.type]}</strong>
          {method.in_use ? (
            <Tag color="warning" fill="outline">
              {m.inUse}
            </Tag>
          ) : null}
        </div>
        <span className="payout-method__account">{method.account_masked}</span>
        <span className="payout-method__holder">
          {m.holder} {method.holder_name_masked}
        </span>
      </div>
      {children}
    </article>
  );
}

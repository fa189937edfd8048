import { Link } from 'react-router';
import { billFlowLabels, type BillItem } from '@haoshi/contracts';
import { formatChinaMonthDayTime } from '@/core/china-time';
import { amountClassOf, signedAmountOf } from './bill-amount';

/** One bill in a list: what it was, when, and the signed amount. */
export function BillRow({ bill }: { bill: BillItem }) {
  return (
    <Link to={`/billDetail?id=${bill.id}`} className="bill-row">
      <span className="bill-row__main">
        <span className="bill-row__title">{bill.title}</span>
        <span className="bill-row__meta">
          {bill.type_label}
          {bill.flow === 'internal' ? ` · ${billFlowLabels.internal}` : ''} ·{' '}
          {formatChinaMonthDayTime(bill.created_at)}
        </span>
      </span>
      <span className={`bill-row__amount ${amountClassOf(bill)}`}>{signedAmountOf(bill)}</span>
    </Link>
  );
}

import { Link } from 'react-router';
import { billFlowLabels, type BillItem } from '@haoshi/contracts';
import { amountClassOf, signedAmountOf } from './bill-amount';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', {
    timeZone: 'Asia/Shanghai',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });

/** One bill in a list: what it was, when, and the signed amount. */
export function BillRow({ bill }: { bill: BillItem }) {
  return (
    <Link to={`/billDetail?id=${bill.id}`} className="bill-row">
      <span className="bill-row__main">
        <span className="bill-row__title">{bill.title}</span>
        <span className="bill-row__meta">
          {bill.type_label}
          {bill.flow === 'internal' ? ` · ${billFlowLabels.internal}` : ''} · {timeOf(bill.created_at)}
        </span>
      </span>
      <span className={`bill-row__amount ${amountClassOf(bill)}`}>{signedAmountOf(bill)}</span>
    </Link>
  );
}

import { Link } from 'react-router';
import type { BillItem } from '@haoshi/contracts';
import { formatChinaMonthDayTime } from '@/core/china-time';

/** One bill in a list: what it was, when, and the signed amount. */
export function BillRow({ bill }: { bill: BillItem }) {
  return (
    <Link to={`/billDetail?id=${bill.id}`} className="bill-row">
      <span className="bill-row__main">
        <span className="bill-row__title">{bill.title}</span>
        <span className="bill-row__meta">
          {bill.type_label} · {formatChinaMonthDayTime(bill.created_at)}
        </span>
      </span>
      <span className={`bill-row__amount ${bill.direction === 'in' ? 'amount-in' : 'amount-out'}`}>
        {bill.direction === 'in' ? `+${bill.amount}` : bill.amount}
      </span>
    </Link>
  );
}

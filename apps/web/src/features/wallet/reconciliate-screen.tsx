import { Link } from 'react-router';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { useBillStatement } from './api/bill-statement';
import { monthLabel, signedFen } from './bill-months';
import { LoadError } from './load-error';
import { statementMessages as text } from './messages';
import { RequireLogin } from '@/ui/require-login';
import './wallet.css';

function Statement() {
  const statement = useBillStatement();
  if (statement.isPending) return <ScreenSkeleton />;
  if (statement.isError) return <LoadError onRetry={() => void statement.refetch()} />;
  const { months, available } = statement.data;
  const newest = months[0];
  const consistent = newest !== undefined && signedFen(newest.closing) === signedFen(available);
  return (
    <div className="statement">
      <section className="statement__summary">
        <span>{text.available}</span>
        <strong data-testid="statement-available">¥{available}</strong>
        {consistent ? <em className="statement__ok">✓ {text.consistent}</em> : null}
      </section>
      <p className="statement__hint">{text.hint}</p>
      <div className="statement__scroll">
        <table className="statement__table">
          <caption>{text.title}（元）</caption>
          <thead>
            <tr>
              <th scope="col">{text.month}</th>
              <th scope="col">{text.opening}</th>
              <th scope="col">{text.income}</th>
              <th scope="col">{text.expense}</th>
              <th scope="col">{text.internal}</th>
              <th scope="col">{text.closing}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month} className={month.count === 0 ? 'statement__quiet' : undefined}>
                <th scope="row">
                  {month.count > 0 ? (
                    <Link
                      to={`/billList?month=${month.month}`}
                      aria-label={`${text.viewBills}：${monthLabel(month.month)}`}
                    >
                      {month.month.slice(2).replace('-', '/')}
                    </Link>
                  ) : (
                    month.month.slice(2).replace('-', '/')
                  )}
                </th>
                <td>{month.opening}</td>
                <td className="amount-in">{month.income}</td>
                <td className="amount-out">{month.expense}</td>
                <td className="amount-internal">{month.internal}</td>
                <td>
                  <strong>{month.closing}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** /reconciliate (对账中心): per-month statement whose closings chain up to the current balance. */
export default function ReconciliateScreen() {
  return (
    <RequireLogin>
      <Statement />
    </RequireLogin>
  );
}

import { Link } from 'react-router';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { useWalletSummary } from './api/wallet-summary';
import { LoadError } from './load-error';
import { walletMessages as text } from './messages';
import { RequireLogin } from '@/ui/require-login';
import { WalletEntryIcon } from './wallet-entry-icon';
import './wallet.css';

function Wallet() {
  const summary = useWalletSummary();
  if (summary.isPending) return <ScreenSkeleton />;
  if (summary.isError) return <LoadError onRetry={() => void summary.refetch()} />;
  const wallet = summary.data;
  return (
    <div className="wallet">
      <section className="wallet-card" aria-label={text.totalAssets}>
        <p className="wallet-card__caption">{text.totalAssets}</p>
        <p className="wallet-card__total" data-testid="wallet-total">
          {wallet.total}
        </p>
        <dl className="wallet-card__balances">
          <div>
            <dt>{text.available}</dt>
            <dd data-testid="wallet-available">{wallet.available}</dd>
          </div>
          <div>
            <dt>{text.frozen}</dt>
            <dd data-testid="wallet-frozen">{wallet.frozen}</dd>
          </div>
          <div>
            <dt>{text.deposit}</dt>
            <dd data-testid="wallet-deposit">{wallet.deposit}</dd>
          </div>
        </dl>
        <div className="wallet-card__actions">
          <Link to="/personRecharge" className="wallet-card__button wallet-card__button--primary">
            充值
          </Link>
          <Link to="/withdrawDeposit" className="wallet-card__button">
            提现
          </Link>
        </div>
      </section>

      <Link to="/billList" className="wallet-month" aria-label={`${text.bills}：${wallet.month}`}>
        <span>
          {text.monthIncome}
          <strong className="amount-in">
            {wallet.month_income === '0.00' ? '0.00' : `+${wallet.month_income}`}
          </strong>
        </span>
        <span>
          {text.monthExpense}
          <strong className="amount-out">
            {wallet.month_expense === '0.00' ? '0.00' : `-${wallet.month_expense}`}
          </strong>
        </span>
        <span className="wallet-month__more">{text.bills} ›</span>
      </Link>

      <nav className="wallet-entries" aria-label={text.services}>
        {wallet.entries.map((entry) => (
          <Link key={entry.key} to={entry.path} className="wallet-entries__item">
            <WalletEntryIcon entryKey={entry.key} />
            <span>{entry.label}</span>
          </Link>
        ))}
        <Link to="/balanceAction" className="wallet-entries__item">
          <WalletEntryIcon entryKey="transfer" />
          <span>{text.transferOut}</span>
        </Link>
      </nav>
      <p className="wallet__hint">
        {text.frozen}：{text.frozenHint}
      </p>
      <p className="wallet__hint">
        {text.deposit}：{text.depositHint}
      </p>
    </div>
  );
}

/** /wallet: balances, this month's money in and out, and every wallet service. */
export default function WalletScreen() {
  return (
    <RequireLogin>
      <Wallet />
    </RequireLogin>
  );
}

import { List, Skeleton } from 'antd-mobile';
import { useNavigate } from 'react-router';
import type { ProfitMessage } from '@haoshi/contracts';
import { EndlessList } from '@/ui/endless-list';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { useProfitMessages, useProfitSummary } from './api/profit';
import { useWalletSummary } from './api/wallet-summary';
import { LoadError } from './load-error';
import { balanceMessages as text, walletMessages } from './messages';
import { RequireLogin } from '@/ui/require-login';
import { WalletEntryIcon } from './wallet-entry-icon';
import './wallet.css';

const operations = [
  { key: 'recharge', title: text.recharge, hint: text.rechargeHint, path: '/personRecharge' },
  { key: 'withdraw', title: text.withdraw, hint: text.withdrawHint, path: '/withdrawDeposit' },
  { key: 'transfer', title: text.transfer, hint: text.transferHint, path: '/balanceAction' },
  { key: 'bills', title: text.bills, hint: text.billsHint, path: '/billList' },
  { key: 'statement', title: text.statement, hint: text.statementHint, path: '/reconciliate' },
] as const;

function ProfitCard() {
  const profit = useProfitSummary();
  const cells = [
    [text.profitToday, profit.data?.today],
    [text.profitMonth, profit.data?.month],
    [text.profitTotal, profit.data?.total],
  ] as const;
  return (
    <section className="balance-profit" aria-label={text.profitTitle}>
      <h2>{text.profitTitle}</h2>
      <dl>
        {cells.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{profit.isPending ? <Skeleton.Title animated /> : (value ?? '—')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ProfitMessages() {
  const messages = useProfitMessages();
  return (
    <section className="balance-messages" aria-label={text.profitMessages}>
      <h2>{text.profitMessages}</h2>
      <EndlessList<ProfitMessage>
        query={messages}
        keyOf={(message) => message.id}
        label={text.profitMessages}
        skeleton={<Skeleton.Paragraph lineCount={3} animated />}
        empty={<p className="balance-messages__empty">{text.noProfit}</p>}
        renderItem={(message) => (
          <article className="profit-message">
            <header>
              <strong>{message.title}</strong>
              <span className="amount-in">+{message.amount}</span>
            </header>
            <p>{message.content}</p>
          </article>
        )}
      />
    </section>
  );
}

function BalanceOperation() {
  const navigate = useNavigate();
  const summary = useWalletSummary();
  if (summary.isPending) return <ScreenSkeleton />;
  if (summary.isError) return <LoadError onRetry={() => void summary.refetch()} />;
  const wallet = summary.data;
  return (
    <div className="balance-operation">
      <section className="balance-overview" aria-label={text.overview}>
        <div>
          <span>{walletMessages.totalAssets}</span>
          <strong data-testid="balance-total">{wallet.total}</strong>
        </div>
        <div>
          <span>{walletMessages.available}</span>
          <strong data-testid="balance-available">{wallet.available}</strong>
        </div>
        <div>
          <span>{walletMessages.frozen}</span>
          <strong>{wallet.frozen}</strong>
        </div>
        <div>
          <span>{walletMessages.deposit}</span>
          <strong data-testid="balance-deposit">{wallet.deposit}</strong>
        </div>
      </section>
      <ProfitCard />
      <List header={text.operations} mode="card">
        {operations.map((operation) => (
          <List.Item
            key={operation.key}
            prefix={<WalletEntryIcon entryKey={operation.key} />}
            description={operation.hint}
            onClick={() => void navigate(operation.path)}
          >
            {operation.title}
          </List.Item>
        ))}
      </List>
      <ProfitMessages />
    </div>
  );
}

/** /balanceOperation (余额管理): the balance at a glance, income, and what can be done with it. */
export default function BalanceOperationScreen() {
  return (
    <RequireLogin>
      <BalanceOperation />
    </RequireLogin>
  );
}

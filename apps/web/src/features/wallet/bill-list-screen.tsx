import { InfiniteScroll, Skeleton } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { billTypes, type BillType } from '@haoshi/contracts';
import { itemsOfPages } from '@/core/page-list';
import { StatusScreen } from '@/ui/status-screen';
import { useBills, type BillFilter } from './api/bills';
import { groupBillsByMonth } from './bill-months';
import { BillFilters } from './bill-filters';
import { BillRow } from './bill-row';
import { LoadError } from './load-error';
import { billMessages as text } from './messages';
import { MoneyChart } from './money-chart';
import { RequireLogin } from '@/ui/require-login';
import './wallet.css';

const isBillType = (value: string | null): value is BillType =>
  value !== null && (billTypes as readonly string[]).includes(value);

function filterOf(params: URLSearchParams): BillFilter {
  const type = params.get('type');
  const month = params.get('month');
  return {
    ...(isBillType(type) ? { type } : {}),
    ...(month && /^\d{4}-\d{2}$/.test(month) ? { month } : {}),
  };
}

function ListSkeleton() {
  return (
    <div className="bill-skeleton" role="status" aria-busy="true" aria-label="加载中">
      <Skeleton animated className="bill-skeleton__chart" />
      <Skeleton.Paragraph lineCount={6} animated />
    </div>
  );
}

function Bills() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const filter = filterOf(params);
  const query = useBills(filter);
  const setFilter = (next: BillFilter) => {
    const search = new URLSearchParams();
    if (next.type) search.set('type', next.type);
    if (next.month) search.set('month', next.month);
    setParams(search, { replace: true });
  };
  const filtered = filter.type !== undefined || filter.month !== undefined;

  let body;
  if (query.isPending) body = <ListSkeleton />;
  else if (query.isError && query.data === undefined)
    body = <LoadError onRetry={() => void query.refetch()} />;
  else {
    const totals = query.data.pages[0]?.months ?? [];
    const groups = groupBillsByMonth(
      itemsOfPages(query.data.pages, (bill) => bill.id),
      totals,
    );
    body = (
      <>
        {!filter.month ? <MoneyChart totals={totals} /> : null}
        {groups.length === 0 ? (
          <StatusScreen
            status="empty"
            title={text.emptyTitle}
            description={filtered ? text.emptyFiltered : text.emptyAll}
            actions={
              filtered
                ? [{ text: text.clearFilters, primary: true, onClick: () => setFilter({}) }]
                : [{ text: text.goRecharge, primary: true, onClick: () => void navigate('/personRecharge') }]
            }
            testId="bills-empty"
          />
        ) : (
          <div className="bill-groups" aria-label={text.listLabel}>
            {groups.map((group) => (
              <section key={group.month} className="bill-group" aria-label={group.label}>
                <header className="bill-group__header">
                  <h2>{group.label}</h2>
                  {group.totals ? (
                    <span data-testid={`month-totals-${group.month}`}>
                      {text.income} ¥{group.totals.income} · {text.expense} ¥{group.totals.expense}
                    </span>
                  ) : null}
                </header>
                <ul className="bill-group__items">
                  {group.bills.map((bill) => (
                    <li key={bill.id}>
                      <BillRow bill={bill} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            <InfiniteScroll
              loadMore={async () => {
                const result = await query.fetchNextPage();
                if (result.isError) throw result.error;
              }}
              hasMore={query.hasNextPage}
            >
              {(hasMore, failed, retry) =>
                failed ? (
                  <button type="button" className="endless-list__retry" onClick={retry}>
                    加载失败，点击重试
                  </button>
                ) : (
                  <span>{hasMore ? '加载中…' : '没有更多了'}</span>
                )
              }
            </InfiniteScroll>
          </div>
        )}
      </>
    );
  }

  return (
    <div className="bill-list">
      <BillFilters filter={filter} onChange={setFilter} />
      {body}
    </div>
  );
}

/** /billList: every bill, filtered by type and month, grouped by month, with money in and out by month. */
export default function BillListScreen() {
  return (
    <RequireLogin>
      <Bills />
    </RequireLogin>
  );
}

import { Button, List, Skeleton } from 'antd-mobile';
import { sincerityMovementLabels, type SincerityKind } from '@haoshi/contracts';
import { useSincerityBills } from './api/sincerity-bills';
import { formatChinaDateTime } from '@/core/china-time';
import { sincerityMessages as m } from './messages';

/** The holding's movements (paid in, returned, deducted), newest first, with 加载更多. */
export function SincerityBills({ kind }: { kind: SincerityKind }) {
  const bills = useSincerityBills(kind, true);
  if (bills.isPending) {
    return (
      <List header={m.billsTitle} mode="card">
        <List.Item>
          <Skeleton.Paragraph lineCount={3} animated />
        </List.Item>
      </List>
    );
  }
  if (bills.isError) {
    return (
      <List header={m.billsTitle} mode="card">
        <List.Item clickable onClick={() => void bills.refetch()}>
          {m.listFailed}
        </List.Item>
      </List>
    );
  }
  const rows = bills.data.pages.flatMap((page) => page.list);
  return (
    <List header={m.billsTitle} mode="card" className="sincerity__bills">
      {rows.length === 0 ? <List.Item className="sincerity__empty">{m.billsEmpty}</List.Item> : null}
      {rows.map((row) => (
        <List.Item
          key={row.id}
          description={`${formatChinaDateTime(row.created_at)} · ${m.heldAfter(row.held_after)}`}
          extra={
            <span className={row.amount.startsWith('+') ? 'sincerity__in' : 'sincerity__out'}>
              {row.amount}
            </span>
          }
        >
          <span className="sincerity__bill-title">{sincerityMovementLabels[row.type]}</span>
          <span className="sincerity__bill-note">{row.note}</span>
        </List.Item>
      ))}
      {bills.hasNextPage ? (
        <List.Item>
          <Button
            block
            fill="none"
            loading={bills.isFetchingNextPage}
            onClick={() => void bills.fetchNextPage()}
          >
            {m.loadMore}
          </Button>
        </List.Item>
      ) : rows.length > 0 ? (
        <List.Item className="sincerity__empty">{m.noMore}</List.Item>
      ) : null}
    </List>
  );
}

import { List, Skeleton } from 'antd-mobile';
import type { SincerityKind } from '@haoshi/contracts';
import { useOpenHolds } from './api/sincerity-holds';
import { sincerityMessages as m } from './messages';
import { formatChinaDateTime } from '@/core/china-time';

/** The orders and listings the deposit backs now. */
export function SincerityHolds({ kind, openHolds }: { kind: SincerityKind; openHolds: number }) {
  const holds = useOpenHolds(kind, openHolds > 0);
  const header = `${m.holdsTitle}（${openHolds}）`;
  if (openHolds === 0) {
    return (
      <List header={header} mode="card">
        <List.Item className="sincerity__empty">{m.holdsEmpty}</List.Item>
      </List>
    );
  }
  if (holds.isPending) {
    return (
      <List header={header} mode="card">
        <List.Item>
          <Skeleton.Paragraph lineCount={2} animated />
        </List.Item>
      </List>
    );
  }
  if (holds.isError) {
    return (
      <List header={header} mode="card">
        <List.Item clickable onClick={() => void holds.refetch()}>
          {m.listFailed}
        </List.Item>
      </List>
    );
  }
  return (
    <List header={header} mode="card">
      {holds.data.list.map((hold) => (
        <List.Item key={hold.id} description={formatChinaDateTime(hold.created_at)}>
          {hold.title || `${hold.reference_type} ${hold.reference_id}`}
        </List.Item>
      ))}
    </List>
  );
}

import { List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import type { MineEntry } from './messages';

export function EntryList({ header, entries }: { header: string; entries: readonly MineEntry[] }) {
  const navigate = useNavigate();
  return (
    <List header={header} mode="card">
      {entries.map((entry) => (
        <List.Item key={entry.path} onClick={() => void navigate(entry.path)}>
          {entry.label}
        </List.Item>
      ))}
    </List>
  );
}

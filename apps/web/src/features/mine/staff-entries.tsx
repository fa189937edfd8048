import { List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import type { Role } from '@haoshi/contracts';
import { useCurrentUser } from '@/core/current-user';

/** Work screens of staff roles; shown only to users holding the role (the server checks again). */
const staffEntries: readonly { role: Role; label: string; path: string }[] = [
  { role: 'finance', label: '提现审核', path: '/financeWithdrawList' },
  { role: 'customer_service', label: '客服工作台', path: '/customerServiceQueue' },
  { role: 'customer_service', label: '找回工单', path: '/offlineOrderHandle' },
  { role: 'customer_service', label: '找回赔付数据', path: '/offlineOrderData' },
];

export function StaffEntries({ loggedIn }: { loggedIn: boolean }) {
  const navigate = useNavigate();
  const user = useCurrentUser(loggedIn);
  const entries = staffEntries.filter((entry) => user.data?.roles.includes(entry.role));
  if (!loggedIn || entries.length === 0) return null;
  return (
    <List header="员工工作台" mode="card">
      {entries.map((entry) => (
        <List.Item key={entry.path} onClick={() => void navigate(entry.path)}>
          {entry.label}
        </List.Item>
      ))}
    </List>
  );
}

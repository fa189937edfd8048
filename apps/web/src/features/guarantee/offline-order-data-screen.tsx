import type { ClaimDataRow } from '@haoshi/contracts';
import { RequireStaff } from '@/ui/require-staff';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useClaimData } from './api/claim-data';
import './guarantee.css';

const columns: ReadonlyArray<{ label: string; cell: (row: ClaimDataRow) => string | number }> = [
  { label: '申请', cell: (row) => row.filed },
  { label: '处理中', cell: (row) => row.open },
  { label: '已赔付', cell: (row) => row.compensated },
  { label: '驳回', cell: (row) => row.rejected },
  { label: '撤回', cell: (row) => row.withdrawn },
  { label: '逾期关闭', cell: (row) => row.closed },
  { label: '赔付金额', cell: (row) => `¥${row.compensation}` },
  { label: '向卖家追偿', cell: (row) => `¥${row.seller_charged}` },
];

function Figures() {
  const data = useClaimData();
  if (data.isPending) return <ScreenSkeleton />;
  if (data.isError)
    return (
      <StatusScreen
        status="disconnected"
        title="找回数据加载失败"
        description={data.error.message}
        actions={[{ text: '重新加载', primary: true, onClick: () => void data.refetch() }]}
      />
    );
  return (
    <div className="guarantee">
      <section className="guarantee__section">
        <h2>平台包赔基金</h2>
        <p className="guarantee__remaining" data-testid="pool-balance">
          ¥{data.data.pool_balance}
        </p>
        <p className="guarantee__lead">包赔服务费和卖家追偿款计入基金，找回赔付从基金支出。</p>
      </section>
      <section className="guarantee__section">
        <h2>找回申请与赔付（按方案）</h2>
        <div className="guarantee__table-wrap">
          <table className="guarantee__table" data-testid="claim-data-table">
            <thead>
              <tr>
                <th scope="col">方案</th>
                {columns.map((column) => (
                  <th key={column.label} scope="col">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.data.rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  {columns.map((column) => (
                    <td key={column.label}>{column.cell(row)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

/** /offlineOrderData: customer service's figures of 找回包赔 claims and compensation, by plan. */
export default function OfflineOrderDataScreen() {
  return (
    <RequireStaff>
      <Figures />
    </RequireStaff>
  );
}

import { List } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorCodes } from '@haoshi/contracts';
import { formatChinaDateTime } from '@/core/china-time';
import { isApiError } from '@/core/http/client';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useBillDetail } from './api/bill-detail';
import { LoadError } from './load-error';
import { billMessages as text } from './messages';
import { amountClassOf, signedAmountOf } from './bill-amount';
import { RequireLogin } from '@/ui/require-login';
import './wallet.css';

const fullTime = (iso: string) => formatChinaDateTime(iso, { seconds: true });

function BillDetailView() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('id');
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
  const detail = useBillDetail(id);
  const missing = (
    <StatusScreen
      status="empty"
      title={id === undefined ? text.noId : text.detailMissing}
      description={text.detailMissingHint}
      actions={[{ text: text.backToBills, primary: true, onClick: () => void navigate('/billList') }]}
      testId="bill-missing"
    />
  );
  if (id === undefined) return missing;
  if (detail.isPending) return <ScreenSkeleton />;
  if (detail.isError) {
    const gone =
      isApiError(detail.error) &&
      (detail.error.code === ErrorCodes.WALLET_BILL_NOT_FOUND ||
        detail.error.code === ErrorCodes.VALIDATION_FAILED);
    return gone ? missing : <LoadError onRetry={() => void detail.refetch()} />;
  }
  const bill = detail.data;
  return (
    <div className="bill-detail">
      <header className="bill-detail__head">
        <p>{bill.title}</p>
        <strong className={amountClassOf(bill)} data-testid="bill-amount">
          {signedAmountOf(bill)}
        </strong>
        {bill.flow === 'internal' ? <p className="bill-detail__flow">{text.internalHint}</p> : null}
      </header>
      <List mode="card">
        <List.Item extra={bill.type_label}>{text.type}</List.Item>
        <List.Item extra={fullTime(bill.created_at)}>{text.time}</List.Item>
        <List.Item extra={bill.counterparty}>{text.counterparty}</List.Item>
        {bill.remark ? <List.Item extra={bill.remark}>{text.remark}</List.Item> : null}
        <List.Item extra={String(bill.id)}>{text.serial}</List.Item>
        <List.Item extra={<span className="bill-detail__ref">{bill.reference_no}</span>}>
          {text.reference}
        </List.Item>
      </List>
    </div>
  );
}

/** /billDetail?id=…: one of the user's bills. */
export default function BillDetailScreen() {
  return (
    <RequireLogin>
      <BillDetailView />
    </RequireLogin>
  );
}

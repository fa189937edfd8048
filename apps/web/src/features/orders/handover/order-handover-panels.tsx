import { Button, Skeleton } from 'antd-mobile';
import { urgeStates, type OrderHandover, type OrderState } from '@haoshi/contracts';
import { useOrderHandover } from './api/order-handover';
import { CredentialsCard } from './credentials-card';
import { DamagesPanel } from './damages-panel';
import { RebindingChecklist } from './rebinding-checklist';
import { SubmitAccountForm } from './submit-account-form';
import { UrgeButton } from './urge-button';
import { VerificationPanel } from './verification-panel';
import './order-handover.css';

const afterVerifying: readonly OrderState[] = [
  'rebinding',
  'signing',
  'protection',
  'completed',
  'disputed',
  'released',
];

function Panels({ data }: { data: OrderHandover }) {
  const { state, role } = data;
  const buyerSide = role === 'buyer' || role === 'customer_service';
  const showVerification = state === 'verifying' || data.videos.length > 0 || data.mismatch_reason !== null;
  return (
    <div className="handover">
      {state === 'delivering' && role !== 'buyer' ? <SubmitAccountForm orderNo={data.order_no} /> : null}
      {buyerSide || data.credentials.submitted ? <CredentialsCard data={data} /> : null}
      {showVerification ? (
        <VerificationPanel data={data} canDecide={state === 'verifying' && buyerSide} />
      ) : null}
      {afterVerifying.includes(state) ? <RebindingChecklist data={data} /> : null}
      <DamagesPanel data={data} />
      {(urgeStates as readonly OrderState[]).includes(state) ? <UrgeButton data={data} /> : null}
    </div>
  );
}

/**
 * The hand-over of an order (issue 11 C) for the order detail screen: the seller's 提交账号, the
 * credentials card and its reveal log, verification with videos, the rebinding checklist, 违约金
 * (customer service decides, both parties see it) and 催一催.
 * Each panel shows only in the states and to the roles it serves.
 */
export function OrderHandoverPanels({ orderNo }: { orderNo: string }) {
  const query = useOrderHandover(orderNo);
  if (query.isPending) return <Skeleton.Paragraph lineCount={5} animated aria-label="加载中" />;
  if (query.isError)
    return (
      <div className="handover__card" role="alert">
        <p className="handover__hint">交付信息加载失败，请检查网络后重试。</p>
        <Button size="small" onClick={() => void query.refetch()}>
          重试
        </Button>
      </div>
    );
  return <Panels data={query.data} />;
}

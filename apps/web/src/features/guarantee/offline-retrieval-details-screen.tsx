import { Button, TextArea, type ImageUploadItem } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { canTake, claimProcess, CLAIM_TEXT_MAX, type ClaimDetail } from '@haoshi/contracts';
import { confirm } from '@/core/confirm';
import { EvidencePicker, evidenceKeys } from '@/ui/evidence-picker';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useClaimDetail } from './api/claim-detail';
import { useSupplementClaim } from './api/supplement-claim';
import { useWithdrawClaim } from './api/withdraw-claim';
import { ClaimSummary, ClaimTimeline } from './claim-parts';
import { SupplementDeadline } from './supplement-deadline';
import './guarantee.css';

function SupplementForm({ claimNo }: { claimNo: string }) {
  const [description, setDescription] = useState('');
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const [idempotencyKey, setKey] = useState(() => crypto.randomUUID());
  const supplement = useSupplementClaim(() => {
    setDescription('');
    setImages([]);
    setKey(crypto.randomUUID());
  });
  return (
    <section className="guarantee__section" data-testid="supplement-form">
      <h2>补充材料</h2>
      <div className="guarantee__form">
        <TextArea
          placeholder="按客服要求补充说明（勿填写联系方式）"
          value={description}
          onChange={setDescription}
          rows={3}
          maxLength={CLAIM_TEXT_MAX}
        />
        <EvidencePicker items={images} onChange={setImages} />
        <Button
          color="primary"
          disabled={description.trim().length === 0}
          loading={supplement.isPending}
          onClick={() =>
            supplement.mutate({
              request: { claim_no: claimNo, description: description.trim(), images: evidenceKeys(images) },
              idempotencyKey,
            })
          }
        >
          提交补充材料
        </Button>
      </div>
    </section>
  );
}

function ClaimView({ detail }: { detail: ClaimDetail }) {
  const navigate = useNavigate();
  const [withdrawKey] = useState(() => crypto.randomUUID());
  const withdraw = useWithdrawClaim(() => undefined);
  const asBuyer = detail.viewer_role === 'buyer';
  return (
    <div className="guarantee" data-testid="claim-view">
      {detail.supplement_deadline ? <SupplementDeadline deadline={detail.supplement_deadline} /> : null}
      <ClaimSummary detail={detail} />
      {asBuyer && canTake(claimProcess, detail.state, 'supplement', ['owner']) ? (
        <SupplementForm claimNo={detail.claim_no} />
      ) : null}
      {asBuyer && detail.actions.includes('withdraw') ? (
        <Button
          block
          fill="outline"
          loading={withdraw.isPending}
          onClick={() =>
            void confirm({ content: '撤回后本次申请结束，确定撤回吗？' }).then(
              (yes) =>
                yes &&
                withdraw.mutate({ request: { claim_no: detail.claim_no }, idempotencyKey: withdrawKey }),
            )
          }
        >
          撤回申请
        </Button>
      ) : null}
      {detail.viewer_role === 'customer_service' ? (
        <Button
          block
          color="primary"
          onClick={() => void navigate(`/offlineOrderHandle?claim_no=${detail.claim_no}`)}
        >
          去处理
        </Button>
      ) : null}
      <section className="guarantee__section">
        <h2>处理进度</h2>
        <ClaimTimeline entries={detail.timeline} />
      </section>
    </div>
  );
}

/** /offlineRetrievalDetails?claim_no=…: a claim, its evidence and its timeline; the buyer's actions. */
export default function OfflineRetrievalDetailsScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const claimNo = params.get('claim_no') ?? '';
  const detail = useClaimDetail(claimNo);
  if (!claimNo)
    return (
      <StatusScreen
        status="empty"
        title="缺少找回单号"
        description="请从我的找回申请进入"
        actions={[
          { text: '我的找回申请', primary: true, onClick: () => void navigate('/offlineRetrievalList') },
        ]}
      />
    );
  if (detail.isPending) return <ScreenSkeleton />;
  if (detail.isError)
    return (
      <StatusScreen
        status="disconnected"
        title="找回申请加载失败"
        description={detail.error.message}
        actions={[{ text: '重新加载', primary: true, onClick: () => void detail.refetch() }]}
      />
    );
  return <ClaimView detail={detail.data} />;
}

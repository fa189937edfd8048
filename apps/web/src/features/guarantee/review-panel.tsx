import { Button, Input, Radio, Space, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { validAmount } from '@/core/amount';
import { confirm } from '@/core/confirm';
import type { ClaimDetail, ClaimReviewAction } from '@haoshi/contracts';
import { useCompensateClaim } from './api/compensate-claim';
import { useReviewClaim } from './api/review-claim';

const reviewLabels: Record<ClaimReviewAction, string> = {
  request_info: '要求补充材料',
  accept: '审核通过',
  reject: '驳回申请',
};

/** Whether an accept may be sent: a valid amount within the plan's cap. */
export function amountWithinCap(amount: string, cap: string): boolean {
  const valid = validAmount(amount);
  return valid !== undefined && Number(valid) <= Number(cap);
}

/** Customer service's review of a claim: the actions the table allows now, then the payment. */
export function ReviewPanel({ detail }: { detail: ClaimDetail }) {
  const choices = detail.actions.filter((action): action is ClaimReviewAction => action in reviewLabels);
  const [action, setAction] = useState<ClaimReviewAction | undefined>(choices[0]);
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState(detail.max_compensation);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [payKey] = useState(() => crypto.randomUUID());
  const review = useReviewClaim(() => {
    setReason('');
    setKey(crypto.randomUUID());
  });
  const compensate = useCompensateClaim(() => undefined);
  const canPay = detail.actions.includes('compensate');
  if (choices.length === 0 && !canPay) return null;
  const ready =
    action !== undefined &&
    reason.trim().length >= 2 &&
    (action !== 'accept' || amountWithinCap(amount, detail.max_compensation));
  return (
    <section className="guarantee__section" data-testid="review-panel">
      <h2>客服处理</h2>
      {choices.length > 0 ? (
        <div className="guarantee__form">
          <Radio.Group value={action ?? null} onChange={(value) => setAction(value as ClaimReviewAction)}>
            <Space wrap>
              {choices.map((choice) => (
                <Radio key={choice} value={choice}>
                  {reviewLabels[choice]}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
          {action === 'accept' ? (
            <Input
              aria-label="赔付金额（元）"
              placeholder={`赔付金额，最多 ${detail.max_compensation}`}
              value={amount}
              onChange={setAmount}
              inputMode="decimal"
            />
          ) : null}
          <TextArea
            placeholder="处理理由（买家可见）"
            value={reason}
            onChange={setReason}
            rows={2}
            maxLength={500}
          />
          <Button
            color="primary"
            disabled={!ready}
            loading={review.isPending}
            onClick={() =>
              action &&
              review.mutate({
                request: {
                  claim_no: detail.claim_no,
                  action,
                  reason: reason.trim(),
                  ...(action === 'accept' ? { amount } : {}),
                },
                idempotencyKey: key,
              })
            }
          >
            提交处理
          </Button>
        </div>
      ) : null}
      {canPay ? (
        <Button
          block
          color="success"
          loading={compensate.isPending}
          onClick={() =>
            void confirm({
              content: `从平台包赔基金向买家赔付 ¥${detail.compensation ?? ''}，并按方案向卖家保证金追偿，确定吗？`,
            }).then(
              (yes) =>
                yes && compensate.mutate({ request: { claim_no: detail.claim_no }, idempotencyKey: payKey }),
            )
          }
        >
          确认赔付 ¥{detail.compensation}
        </Button>
      ) : null}
    </section>
  );
}

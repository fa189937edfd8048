import { Button, Card, Form, Input, Radio, Space, TextArea } from 'antd-mobile';
import { useRef, useState } from 'react';
import {
  amountToFen,
  checkAmount,
  disputeOutcomeLabels,
  disputeOutcomes,
  type DisputeDetail,
  type DisputeOutcome,
} from '@haoshi/contracts';
import { confirm } from '@/core/confirm';
import { useResolveDispute } from './api/resolve-dispute';

/** Whether a split's two amounts are valid and add up to what escrow holds (the server decides too). */
export function splitAddsUp(escrow: string, buyer: string, seller: string): boolean {
  const b = checkAmount(buyer);
  const s = checkAmount(seller);
  return b !== undefined && s !== undefined && amountToFen(b) + amountToFen(s) === amountToFen(escrow);
}

/** Customer service: refund, release or split, with a reason; one confirmation moves the escrow. */
export function ResolvePanel({ detail }: { detail: DisputeDetail }) {
  const [outcome, setOutcome] = useState<DisputeOutcome>('refund');
  const [buyer, setBuyer] = useState('');
  const [seller, setSeller] = useState('');
  const [reason, setReason] = useState('');
  const idempotencyKey = useRef(crypto.randomUUID());
  const resolve = useResolveDispute(() => {
    idempotencyKey.current = crypto.randomUUID();
  });
  const splitOk = outcome !== 'split' || splitAddsUp(detail.escrow, buyer, seller);
  const ready = reason.trim().length >= 2 && splitOk;
  const submit = async () => {
    const summary =
      outcome === 'split'
        ? `买家 ¥${buyer}，卖家 ¥${seller}（扣除相应服务费）`
        : disputeOutcomeLabels[outcome];
    if (!(await confirm({ title: '确认处理结果', content: `${summary}。处理后资金立即结算，不可撤销。` })))
      return;
    resolve.mutate({
      request: {
        order_no: detail.order_no,
        outcome,
        reason: reason.trim(),
        ...(outcome === 'split' ? { buyer_amount: buyer, seller_amount: seller } : {}),
      },
      idempotencyKey: idempotencyKey.current,
    });
  };
  return (
    <Card title="客服处理" data-testid="resolve-panel">
      <Form layout="vertical">
        <Form.Item label="处理结果">
          <Radio.Group value={outcome} onChange={(value) => setOutcome(value as DisputeOutcome)}>
            <Space direction="vertical">
              {disputeOutcomes.map((value) => (
                <Radio key={value} value={value}>
                  {disputeOutcomeLabels[value]}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        {outcome === 'split' ? (
          <>
            <Form.Item label="退还买家（元）" description={`两项合计须等于托管金额 ¥${detail.escrow}`}>
              <Input inputMode="decimal" placeholder="退还买家金额" value={buyer} onChange={setBuyer} />
            </Form.Item>
            <Form.Item label="卖家部分（元，按比例扣服务费）">
              <Input inputMode="decimal" placeholder="卖家部分金额" value={seller} onChange={setSeller} />
            </Form.Item>
            {!splitOk && buyer && seller ? (
              <p className="after-sales__error">两项合计须等于 ¥{detail.escrow}</p>
            ) : null}
          </>
        ) : null}
        <Form.Item label="处理理由" required>
          <TextArea
            placeholder="双方可见，请写明核实情况"
            value={reason}
            onChange={setReason}
            rows={3}
            maxLength={500}
          />
        </Form.Item>
      </Form>
      <Button
        block
        color="primary"
        disabled={!ready}
        loading={resolve.isPending}
        onClick={() => void submit()}
      >
        确认处理
      </Button>
    </Card>
  );
}

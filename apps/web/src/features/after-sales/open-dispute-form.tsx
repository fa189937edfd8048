import { Button, Form, Selector, TextArea, type ImageUploadItem } from 'antd-mobile';
import { useRef, useState } from 'react';
import { disputeReasonLabels, disputeReasons, DISPUTE_TEXT_MAX, type DisputeReason } from '@haoshi/contracts';
import { useOpenDispute } from './api/open-dispute';
import { EvidencePicker, evidenceKeys } from '@/ui/evidence-picker';

/** 申请售后: reason, what happened, evidence. Escrow stays held until customer service decides. */
export function OpenDisputeForm({ orderNo }: { orderNo: string }) {
  const [reason, setReason] = useState<DisputeReason | null>(null);
  const [description, setDescription] = useState('');
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const idempotencyKey = useRef(crypto.randomUUID());
  const open = useOpenDispute(() => {
    idempotencyKey.current = crypto.randomUUID();
  });
  const ready = reason !== null && description.trim().length > 0;
  return (
    <Form
      layout="vertical"
      footer={
        <Button
          block
          color="primary"
          size="large"
          disabled={!ready}
          loading={open.isPending}
          onClick={() => {
            if (reason)
              open.mutate({
                request: {
                  order_no: orderNo,
                  reason,
                  description: description.trim(),
                  images: evidenceKeys(images),
                },
                idempotencyKey: idempotencyKey.current,
              });
          }}
        >
          提交售后申请
        </Button>
      }
    >
      <Form.Header>申请后托管款将暂停放款，由平台客服核实处理</Form.Header>
      <Form.Item label="售后原因" required>
        <Selector
          columns={2}
          options={disputeReasons.map((value) => ({ value, label: disputeReasonLabels[value] }))}
          value={reason ? [reason] : []}
          onChange={(values) => setReason(values[0] ?? null)}
        />
      </Form.Item>
      <Form.Item label="问题描述" required>
        <TextArea
          placeholder="请描述遇到的问题，勿填写手机号、微信等联系方式"
          value={description}
          onChange={setDescription}
          maxLength={DISPUTE_TEXT_MAX}
          showCount
          rows={4}
        />
      </Form.Item>
      <Form.Item label="凭证图片（选填）">
        <EvidencePicker items={images} onChange={setImages} />
      </Form.Item>
    </Form>
  );
}

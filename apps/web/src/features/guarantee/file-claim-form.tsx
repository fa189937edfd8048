import { Button, TextArea, type ImageUploadItem } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CLAIM_TEXT_MAX } from '@haoshi/contracts';
import { EvidencePicker, evidenceKeys } from '@/ui/evidence-picker';
import { useFileClaim } from './api/file-claim';

const MIN_CHARS = 10;

/** 申请找回赔付: what happened and screenshots of it; one idempotency key per form. */
export function FileClaimForm({ orderNo }: { orderNo: string }) {
  const navigate = useNavigate();
  const [description, setDescription] = useState('');
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const filing = useFileClaim(
    (detail) => void navigate(`/offlineRetrievalDetails?claim_no=${detail.claim_no}`),
  );
  const keys = evidenceKeys(images);
  const ready = description.trim().length >= MIN_CHARS && keys.length > 0;
  return (
    <section className="guarantee__section" data-testid="file-claim-form">
      <h2>申请找回赔付</h2>
      <div className="guarantee__form">
        <TextArea
          placeholder={`请描述账号被找回的经过（至少${MIN_CHARS}字，勿填写联系方式）`}
          value={description}
          onChange={setDescription}
          rows={4}
          maxLength={CLAIM_TEXT_MAX}
          showCount
        />
        <p className="guarantee__lead">上传凭证截图（如找回通知、登录失败提示），至少一张</p>
        <EvidencePicker items={images} onChange={setImages} />
        <Button
          block
          color="primary"
          disabled={!ready}
          loading={filing.isPending}
          onClick={() =>
            filing.mutate({
              request: { order_no: orderNo, description: description.trim(), images: keys },
              idempotencyKey,
            })
          }
        >
          提交找回申请
        </Button>
      </div>
    </section>
  );
}

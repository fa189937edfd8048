import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { showToast } from '@/core/feedback-ui';
import { DISPUTE_MAX_EVIDENCE } from '@haoshi/contracts';
import { uploadEvidence } from './api/upload-evidence';

/** Evidence pictures: each uploaded as picked; `keys` are what the request sends. */
export function EvidencePicker({
  items,
  onChange,
}: {
  items: ImageUploadItem[];
  onChange: (items: ImageUploadItem[]) => void;
}) {
  return (
    <ImageUploader
      value={items}
      onChange={onChange}
      maxCount={DISPUTE_MAX_EVIDENCE}
      accept="image/jpeg,image/png,image/webp"
      upload={async (file) => {
        const stored = await uploadEvidence(file);
        if (!stored) {
          showToast('图片上传失败，请重试');
          throw new Error('upload failed');
        }
        return { url: stored.url, key: stored.key };
      }}
    />
  );
}

export const evidenceKeys = (items: readonly ImageUploadItem[]) =>
  items.flatMap((item) => (typeof item.key === 'string' ? [item.key] : []));

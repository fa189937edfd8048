import { Button, ProgressBar } from 'antd-mobile';
import { useRef, useState } from 'react';
import { uploadContentTypes, UPLOAD_MAX_BYTES } from '@haoshi/contracts';
import { isApiError } from '@/core/http/client';
import { uploadQrImage } from './api/upload-qr';
import { payoutMessages as m } from './messages';

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; percent: number; preview: string }
  | { status: 'done'; preview: string }
  | { status: 'failed'; message: string; preview?: string };

/** Picks one image, uploads it with progress and reports its storage key (undefined while none). */
export function QrUploader({
  onUploaded,
  upload = uploadQrImage,
}: {
  onUploaded: (key: string | undefined) => void;
  upload?: typeof uploadQrImage;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<UploadState>({ status: 'idle' });

  const start = async (file: File) => {
    onUploaded(undefined);
    if (!(uploadContentTypes as readonly string[]).includes(file.type)) {
      setState({ status: 'failed', message: '仅支持 JPG、PNG、WEBP 格式的图片' });
      return;
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      setState({ status: 'failed', message: '图片不能超过10MB' });
      return;
    }
    const preview = URL.createObjectURL(file);
    setState({ status: 'uploading', percent: 0, preview });
    try {
      const outcome = await upload(file, (percent) => setState({ status: 'uploading', percent, preview }));
      if (outcome.ok) {
        setState({ status: 'done', preview });
        onUploaded(outcome.key);
      } else setState({ status: 'failed', message: outcome.message, preview });
    } catch (error) {
      setState({
        status: 'failed',
        message: isApiError(error) ? error.message : '网络异常，上传失败',
        preview,
      });
    }
  };

  const preview = state.status === 'idle' ? undefined : state.preview;
  return (
    <div className="payout-qr">
      <input
        ref={input}
        className="payout-qr__input"
        type="file"
        accept={uploadContentTypes.join(',')}
        aria-label={m.chooseQr}
        data-testid="qr-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void start(file);
        }}
      />
      {preview ? <img className="payout-qr__preview" src={preview} alt={m.qrLabel} /> : null}
      {state.status === 'uploading' ? (
        <div className="payout-qr__progress" role="status" aria-live="polite">
          <ProgressBar percent={state.percent} />
          <span>{m.uploading(state.percent)}</span>
        </div>
      ) : null}
      {state.status === 'done' ? <p className="payout-qr__done">{m.uploaded}</p> : null}
      {state.status === 'failed' ? (
        <p className="payout-form__error" role="alert">
          {state.message}
        </p>
      ) : null}
      <Button
        size="small"
        color="primary"
        fill="outline"
        disabled={state.status === 'uploading'}
        onClick={() => input.current?.click()}
      >
        {preview ? m.chooseAgain : m.chooseQr}
      </Button>
      <p className="payout-qr__hint">{m.qrHint}</p>
    </div>
  );
}

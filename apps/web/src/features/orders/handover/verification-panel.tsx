import { Button, ProgressBar, TextArea } from 'antd-mobile';
import { useRef, useState } from 'react';
import { isVideoType, UPLOAD_VIDEO_MAX_BYTES, uploadVideoTypes, type OrderHandover } from '@haoshi/contracts';
import { confirm } from '@/core/confirm';
import { isApiError } from '@/core/http/client';
import { formatChinaDateTime } from '@/core/china-time';
import { uploadOrderVideo, useAttachVideo } from './api/attach-video';
import { useVerifyOrder } from './api/verify-order';
import { handoverMessages as m, roleLabels } from './messages';

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; percent: number }
  | { status: 'done' }
  | { status: 'failed'; message: string };

/** Picks one video, uploads it with progress, then attaches it to the order. */
export function VideoUploader({
  orderNo,
  upload = uploadOrderVideo,
}: {
  orderNo: string;
  upload?: typeof uploadOrderVideo;
}) {
  const input = useRef<HTMLInputElement>(null);
  const attach = useAttachVideo();
  const [state, setState] = useState<UploadState>({ status: 'idle' });

  const start = async (file: File) => {
    if (!isVideoType(file.type)) return setState({ status: 'failed', message: m.videoType });
    if (file.size > UPLOAD_VIDEO_MAX_BYTES) return setState({ status: 'failed', message: m.videoSize });
    setState({ status: 'uploading', percent: 0 });
    try {
      const outcome = await upload(file, (percent) => setState({ status: 'uploading', percent }));
      if (!outcome.ok) return setState({ status: 'failed', message: outcome.message });
      await attach.mutateAsync({ order_no: orderNo, key: outcome.key });
      setState({ status: 'done' });
    } catch (error) {
      setState({ status: 'failed', message: isApiError(error) ? error.message : '网络异常，上传失败' });
    }
  };

  return (
    <div className="handover__video">
      <input
        ref={input}
        className="handover__file"
        type="file"
        accept={uploadVideoTypes.join(',')}
        aria-label={m.chooseVideo}
        data-testid="video-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void start(file);
        }}
      />
      {state.status === 'uploading' ? (
        <div role="status" aria-live="polite">
          <ProgressBar percent={state.percent} />
          <span>{m.uploading(state.percent)}</span>
        </div>
      ) : null}
      {state.status === 'done' ? <p className="handover__ok">{m.videoDone}</p> : null}
      {state.status === 'failed' ? (
        <p className="handover__error" role="alert">
          {state.message}
        </p>
      ) : null}
      <Button
        size="small"
        fill="outline"
        disabled={state.status === 'uploading'}
        onClick={() => input.current?.click()}
      >
        {m.chooseVideo}
      </Button>
      <p className="handover__hint">{m.videoHint}</p>
    </div>
  );
}

/** The buyer's (or staff's) verification: pass, or 不符 with a reason; the verification videos. */
export function VerificationPanel({ data, canDecide }: { data: OrderHandover; canDecide: boolean }) {
  const verify = useVerifyOrder();
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState('');
  const tooShort = reason.trim().length < 4;
  // A buyer who has seen the login reports a mismatch to after-sales (the server decides the same).
  const toAfterSales = data.role === 'buyer' && data.reveal_log.some((entry) => entry.role === 'buyer');

  const pass = async () => {
    if (await confirm({ title: m.verifyPass, content: m.verifyPassConfirm }))
      verify.mutate({ order_no: data.order_no, verdict: 'pass' });
  };
  const mismatch = async () => {
    const content = toAfterSales ? m.mismatchToAfterSales : m.mismatchConfirm;
    if (await confirm({ title: m.mismatchTitle, content }))
      verify.mutate({ order_no: data.order_no, verdict: 'mismatch', reason: reason.trim() });
  };

  return (
    <section className="handover__card" aria-label={m.verifyTitle}>
      <h3>{m.verifyTitle}</h3>
      {data.mismatch_reason !== null ? (
        <p className="handover__error">{m.mismatchClosed(data.mismatch_reason)}</p>
      ) : null}
      {canDecide ? (
        <>
          <p className="handover__hint">{m.verifyHint}</p>
          <div className="handover__actions">
            <Button color="primary" loading={verify.isPending} onClick={() => void pass()}>
              {m.verifyPass}
            </Button>
            <Button color="danger" fill="outline" onClick={() => setReporting(!reporting)}>
              {m.verifyMismatch}
            </Button>
          </div>
          {reporting ? (
            <div className="handover__mismatch">
              <TextArea
                aria-label={m.mismatchReason}
                placeholder={m.mismatchReason}
                value={reason}
                onChange={setReason}
                maxLength={200}
                rows={3}
              />
              <Button
                block
                color="danger"
                disabled={tooShort}
                loading={verify.isPending}
                onClick={() => void mismatch()}
              >
                {toAfterSales ? m.mismatchSubmitAfterSales : m.mismatchSubmit}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
      <h4>{m.videoTitle}</h4>
      {data.videos.length === 0 ? <p className="handover__hint">{m.videoEmpty}</p> : null}
      {data.videos.map((video) => (
        <div key={video.key} className="handover__video-item">
          <video
            src={video.url}
            controls
            preload="metadata"
            aria-label={`${roleLabels[video.role]}的验号视频`}
          />
          <span className="handover__hint">
            {roleLabels[video.role]} · {formatChinaDateTime(video.at)}
          </span>
        </div>
      ))}
      {canDecide || data.role === 'seller' ? <VideoUploader orderNo={data.order_no} /> : null}
    </section>
  );
}

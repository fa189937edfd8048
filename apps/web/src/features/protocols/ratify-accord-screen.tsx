import { Button, Checkbox, ProgressBar } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { ProtocolPage, ProtocolDataResult } from '@haoshi/contracts';
import { showToast } from '@/core/feedback-ui';
import { useCountdown } from '@/core/use-countdown';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { SmsCodeField } from '@/ui/sms-code-field';
import { useProtocolPage } from './api/protocol-page';
import { useSignProtocol } from './api/sign-protocol';
import { useStartSignIntent } from './api/start-sign-intent';
import { ProtocolParties } from './components/protocol-parties';
import { ProtocolStatusBanner } from './components/protocol-status-banner';
import { SignaturePad } from './components/signature-pad';
import { signatureImage } from './components/signature-image';
import { hasInk, type Strokes } from './components/strokes';
import { ProtocolText } from './components/protocol-text';
import { protocolMessages as m } from './messages';
import { NoOrderScreen, ProtocolLoadError } from './components/protocol-load-states';
import './protocols.css';

const snapshotPath = (orderNo: string) => `/protocolSnapshot?order_no=${encodeURIComponent(orderNo)}`;

/** /ratifyAccord?order_no= : read the order's protocol, draw the signature, confirm by SMS and sign. */
export default function RatifyAccordScreen() {
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  if (!orderNo) return <NoOrderScreen />;
  return <RatifyAccord orderNo={orderNo} />;
}

function RatifyAccord({ orderNo }: { orderNo: string }) {
  const page = useProtocolPage(orderNo);
  const navigate = useNavigate();
  if (page.isPending) return <ScreenSkeleton />;
  if (page.isError) return <ProtocolLoadError error={page.error} retry={() => void page.refetch()} />;
  const protocol = page.data;
  return (
    <div className="protocols">
      <ProtocolStatusBanner status={protocol.status} />
      <ProtocolText title={protocol.title} text={protocol.text} />
      <ProtocolParties parties={protocol.parties} />
      {protocol.status.can_sign ? (
        <SignForm protocol={protocol} onSigned={() => void navigate(snapshotPath(orderNo))} />
      ) : (
        <CannotSign protocol={protocol} />
      )}
    </div>
  );
}

/** Why the viewer cannot sign, and where to look instead. */
function CannotSign({ protocol }: { protocol: ProtocolPage }) {
  const navigate = useNavigate();
  const { status } = protocol;
  const missing = status.status === 'missing';
  const reason =
    status.viewer === 'staff'
      ? m.cannotSignStaff
      : missing
        ? m.cannotSignMissing
        : status[status.viewer === 'buyer' ? 'buyer_signed' : 'seller_signed']
          ? m.cannotSignDone
          : m.cannotSignStep;
  return (
    <section className="protocol-card protocol-cannot-sign">
      <p>{reason}</p>
      {status.status !== 'unsigned' ? (
        <Button
          block
          color="primary"
          fill="outline"
          onClick={() => void navigate(snapshotPath(protocol.order_no))}
        >
          {m.viewSnapshots}
        </Button>
      ) : null}
      {missing && status.viewer !== 'staff' ? (
        <Button block color="primary" onClick={() => void navigate('/customerServiceChat')}>
          {m.contactService}
        </Button>
      ) : null}
    </section>
  );
}

const PAD_HEIGHT_PX = 150;

function SignForm({ protocol, onSigned }: { protocol: ProtocolPage; onSigned: () => void }) {
  const [agreed, setAgreed] = useState(false);
  const [strokes, setStrokes] = useState<Strokes>([]);
  const [code, setCode] = useState('');
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [sent, setSent] = useState<ProtocolDataResult | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const countdown = useCountdown();
  const intent = useStartSignIntent((result) => {
    setSent(result);
    setProgress(undefined);
    countdown.start(result.cooldown);
  });
  const sign = useSignProtocol(() => {
    showToast(m.signedToast);
    onSigned();
  });

  const requestCode = () => {
    if (!agreed) return showToast(m.agreeFirst);
    if (!hasInk(strokes)) return showToast(m.signatureEmpty);
    const width = formRef.current?.querySelector('canvas')?.getBoundingClientRect().width || 320;
    setProgress(0);
    void signatureImage(strokes, Math.round(width), PAD_HEIGHT_PX)
      .then((image) =>
        intent.mutateAsync({
          orderNo: protocol.order_no,
          textSha256: protocol.text_sha256,
          image,
          onProgress: setProgress,
        }),
      )
      .catch(() => undefined)
      .finally(() => setProgress(undefined));
  };

  const submit = () => {
    if (!sent) return showToast(m.codeFirst);
    if (!/^\d{6}$/.test(code)) return showToast('请输入6位数字验证码');
    sign.mutate({ order_no: protocol.order_no, code });
  };

  // Changing the signature after the code was sent means sending it again with the new drawing.
  const changeStrokes = (next: Strokes) => {
    setStrokes(next);
    setSent(undefined);
  };

  return (
    <form
      ref={formRef}
      className="protocol-card protocol-sign"
      aria-label={m.signatureTitle}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Checkbox checked={agreed} onChange={setAgreed} className="protocol-agree">
        {m.agree}
      </Checkbox>
      <h2 className="protocol-card-title">{m.signatureTitle}</h2>
      <p className="protocol-hint">{m.signatureHint}</p>
      <SignaturePad
        strokes={strokes}
        onChange={changeStrokes}
        disabled={intent.isPending || sign.isPending}
      />
      {progress !== undefined ? (
        <div className="protocol-progress" role="status">
          <ProgressBar percent={progress} />
          <span>{m.uploading(progress)}</span>
        </div>
      ) : null}
      <div className="protocol-field">
        <label htmlFor="sign-code">{m.codeLabel}</label>
        <SmsCodeField
          id="sign-code"
          value={code}
          onChange={setCode}
          onSend={requestCode}
          sending={intent.isPending}
          sent={Boolean(sent)}
          secondsLeft={countdown.secondsLeft}
          sendClassName="protocol-send"
        />
      </div>
      {sent ? <p className="protocol-hint">{m.codeHint(sent.phone_masked)}</p> : null}
      <Button block type="submit" color="primary" size="large" shape="rounded" loading={sign.isPending}>
        {m.sign}
      </Button>
    </form>
  );
}

import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { bindPhoneRequestSchema, phoneSchema } from '@haoshi/contracts';
import { showToast } from '@/core/feedback-ui';
import { inAppPath } from '@/core/in-app-path';
import { useCountdown } from '@/core/use-countdown';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { SmsCodeField } from '@/ui/sms-code-field';
import { StatusScreen } from '@/ui/status-screen';
import { useBindPhone, useSendBindCode } from './api/bind-phone';
import { useBindStatus } from './api/bind-status';
import { realNameMessages as m } from './messages';
import './real-name.css';

/** /bindPhone (our route; 4302 leads here): bind or change the phone with a code sent to it. */
export default function BindPhoneScreen() {
  const status = useBindStatus();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = inAppPath(params.get('redirect'));
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const countdown = useCountdown();
  const sendCode = useSendBindCode((sent) => {
    countdown.start(sent.cooldown);
    showToast(m.codeSent);
  });
  const bind = useBindPhone(() => {
    showToast(m.bound);
    setPhone('');
    setCode('');
    if (redirect) void navigate(redirect, { replace: true });
  });

  if (status.isPending) return <ScreenSkeleton />;
  if (status.isError)
    return (
      <StatusScreen
        status="disconnected"
        title={m.loadFailed}
        description={m.loadFailedHint}
        actions={[{ text: m.retry, primary: true, onClick: () => void status.refetch() }]}
      />
    );

  const requestCode = () => {
    const parsed = phoneSchema.safeParse(phone);
    if (parsed.success) sendCode.mutate(parsed.data);
    else showToast(parsed.error.issues[0]?.message ?? m.phonePlaceholder);
  };
  const submit = () => {
    const parsed = bindPhoneRequestSchema.safeParse({ phone, code });
    if (parsed.success) bind.mutate(parsed.data);
    else showToast(parsed.error.issues[0]?.message ?? m.codePlaceholder);
  };
  return (
    <div className="real-name">
      <section className="real-name-card real-name-current" aria-label={m.currentPhone}>
        <span>{m.currentPhone}</span>
        <strong data-testid="bound-phone">
          {status.data.phone_bound ? status.data.phone_masked : m.noPhone}
        </strong>
      </section>
      <p className="real-name-intro">{m.bindIntro}</p>
      <form
        aria-label={m.bindTitle}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="real-name-card">
          <div className="real-name-field">
            <label htmlFor="bind-phone">{m.newPhoneLabel}</label>
            <Input
              id="bind-phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={11}
              clearable
              value={phone}
              onChange={(value) => setPhone(value.replace(/\D/g, ''))}
              placeholder={m.phonePlaceholder}
            />
          </div>
          <div className="real-name-field">
            <label htmlFor="bind-code">{m.codeLabel}</label>
            <SmsCodeField
              id="bind-code"
              value={code}
              onChange={setCode}
              onSend={requestCode}
              sending={sendCode.isPending}
              sent={sendCode.isSuccess}
              secondsLeft={countdown.secondsLeft}
              sendClassName="real-name-send"
            />
          </div>
        </div>
        <Button
          className="real-name-submit"
          block
          type="submit"
          color="primary"
          size="large"
          shape="rounded"
          loading={bind.isPending}
        >
          {m.bind}
        </Button>
      </form>
    </div>
  );
}

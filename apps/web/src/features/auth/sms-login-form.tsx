import { Button, Checkbox, Input } from 'antd-mobile';
import { Link } from 'react-router';
import { useState } from 'react';
import { loginRequestSchema, phoneSchema } from '@haoshi/contracts';
import { confirm } from '@/core/confirm';
import { showToast } from '@/core/feedback-ui';
import { useLoginWithCode } from './api/login-with-code';
import { useSendSmsCode } from './api/send-sms-code';
import { authMessages } from './messages';
import { useCompleteLogin } from './use-complete-login';
import { useCountdown } from '@/core/use-countdown';
import { useSessionDraft } from './use-session-draft';
import { SmsCodeField } from '@/ui/sms-code-field';

const PHONE_DRAFT_KEY = 'h5login_phone';

function askToAgree(): Promise<boolean> {
  return confirm({
    title: authMessages.agreementRequiredTitle,
    content: authMessages.agreementRequiredBody,
    confirmText: authMessages.agreeAndLogin,
  });
}

/** Phone + SMS code login; the first login of a phone registers it. */
export function SmsLoginForm() {
  const [phone, setPhone] = useSessionDraft(PHONE_DRAFT_KEY);
  const [code, setCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const countdown = useCountdown();
  const sendCode = useSendSmsCode((sent) => {
    countdown.start(sent.cooldown);
    showToast(authMessages.codeSent);
  });
  const completeLogin = useCompleteLogin();
  const login = useLoginWithCode(completeLogin);

  const requestCode = () => {
    const parsed = phoneSchema.safeParse(phone);
    if (parsed.success) sendCode.mutate(parsed.data);
    else showToast(parsed.error.issues[0]?.message ?? authMessages.phonePlaceholder);
  };

  const submit = async () => {
    const parsed = loginRequestSchema.safeParse({ phone, code });
    if (!parsed.success) {
      showToast(parsed.error.issues[0]?.message ?? authMessages.codePlaceholder);
      return;
    }
    if (!agreed) {
      if (!(await askToAgree())) return;
      setAgreed(true);
    }
    login.mutate(parsed.data);
  };

  return (
    <form
      className="sms-login"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="sms-login__field">
        <span className="sms-login__prefix">+86</span>
        <Input
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={11}
          clearable
          value={phone}
          onChange={(value) => setPhone(value.replace(/\D/g, ''))}
          placeholder={authMessages.phonePlaceholder}
          aria-label={authMessages.phoneLabel}
        />
      </div>
      <div className="sms-login__field">
        <SmsCodeField
          value={code}
          onChange={setCode}
          onSend={requestCode}
          sending={sendCode.isPending}
          sent={sendCode.isSuccess}
          secondsLeft={countdown.secondsLeft}
          sendClassName="sms-login__send"
        />
      </div>
      <div className="sms-login__agreement">
        <Checkbox checked={agreed} onChange={setAgreed}>
          {authMessages.agreementPrefix}
        </Checkbox>
        <Link to="/serviceAgreement">{authMessages.serviceAgreement}</Link>
        {authMessages.agreementJoiner}
        <Link to="/privacy">{authMessages.privacy}</Link>
      </div>
      <Button block type="submit" color="primary" size="large" shape="rounded" loading={login.isPending}>
        {authMessages.login}
      </Button>
    </form>
  );
}

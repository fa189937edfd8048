import { Button, Input } from 'antd-mobile';
import { uiMessages } from './messages';

interface SmsCodeFieldProps {
  value: string;
  onChange: (code: string) => void;
  /** Asks for a code (the feature checks the phone and calls its send mutation). */
  onSend: () => void;
  sending: boolean;
  /** A code was sent at least once: the button then offers to send another. */
  sent: boolean;
  /** Seconds of the resend cooldown left (core/use-countdown). */
  secondsLeft: number;
  id?: string;
  sendClassName?: string;
}

/**
 * The six-digit SMS code input and its 获取验证码 button with the resend countdown, as the login
 * and the phone binding show it. Placed inside the feature's own field row.
 */
export function SmsCodeField({
  value,
  onChange,
  onSend,
  sending,
  sent,
  secondsLeft,
  id,
  sendClassName,
}: SmsCodeFieldProps) {
  const counting = secondsLeft > 0;
  return (
    <>
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={value}
        onChange={(next) => onChange(next.replace(/\D/g, ''))}
        placeholder={uiMessages.smsCodePlaceholder}
        aria-label={id === undefined ? uiMessages.smsCodeLabel : undefined}
      />
      <Button
        className={sendClassName}
        size="small"
        fill="none"
        color="primary"
        disabled={counting}
        loading={sending}
        onClick={onSend}
      >
        {counting ? uiMessages.smsResendIn(secondsLeft) : sent ? uiMessages.smsResend : uiMessages.smsSend}
      </Button>
    </>
  );
}

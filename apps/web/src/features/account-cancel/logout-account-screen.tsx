import { Button, Checkbox, Steps } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { smsCodeSchema, type AccountCancelCondition, type AccountCancelStatus } from '@haoshi/contracts';
import { formatChinaDateTime } from '@/core/china-time';
import { confirm } from '@/core/confirm';
import { showToast } from '@/core/feedback-ui';
import { useCountdown } from '@/core/use-countdown';
import { RequireLogin } from '@/ui/require-login';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { SmsCodeField } from '@/ui/sms-code-field';
import { StatusScreen } from '@/ui/status-screen';
import { useDestroy } from './api/destroy';
import { useDestroyStatus } from './api/destroy-status';
import { accountCancelMessages as m } from './messages';
import './account-cancel.css';

function ConditionRow({ condition }: { condition: AccountCancelCondition }) {
  const navigate = useNavigate();
  return (
    <li className={condition.met ? 'cancel-condition is-met' : 'cancel-condition is-unmet'}>
      <span className="cancel-condition-mark" aria-label={condition.met ? m.met : m.unmet}>
        {condition.met ? '✓' : '!'}
      </span>
      <div className="cancel-condition-text">
        <strong>{condition.title}</strong>
        <span>{condition.detail}</span>
      </div>
      {!condition.met && condition.action_route ? (
        <Button
          size="mini"
          color="primary"
          fill="outline"
          onClick={() => void navigate(condition.action_route)}
        >
          {condition.action_text}
        </Button>
      ) : null}
    </li>
  );
}

/** Seconds left until `endsAt` (epoch ms), ticking once a second. */
function useSecondsUntil(endsAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

function CoolingOff({ status, fetchedAt }: { status: AccountCancelStatus; fetchedAt: number }) {
  // The server's count from when the status arrived: the phone's own clock may be off.
  const left = useSecondsUntil(fetchedAt + (status.seconds_left ?? 0) * 1000);
  const withdraw = useDestroy(() => showToast({ icon: 'success', content: m.withdrawn }));
  const askWithdraw = async () => {
    if (await confirm({ title: m.withdrawTitle, content: m.withdrawContent, confirmText: m.withdraw }))
      withdraw.mutate({ action: 'withdraw' });
  };
  return (
    <section className="cancel-card cancel-cooling" aria-label={m.coolingOffTitle}>
      <h2>{m.coolingOffTitle}</h2>
      <p className="cancel-cooling-label">{m.coolingOffLeft}</p>
      <p className="cancel-cooling-left" data-testid="cooling-off-left">
        {m.countdown(
          Math.floor(left / 86_400),
          Math.floor((left % 86_400) / 3600),
          Math.floor((left % 3600) / 60),
        )}
      </p>
      {status.complete_at ? (
        <p className="cancel-cooling-at">{m.completeAt(formatChinaDateTime(status.complete_at))}</p>
      ) : null}
      <p className="cancel-cooling-hint">{m.coolingOffHint}</p>
      <Button
        block
        color="primary"
        size="large"
        shape="rounded"
        loading={withdraw.isPending}
        onClick={() => void askWithdraw()}
      >
        {m.withdraw}
      </Button>
    </section>
  );
}

function Apply({ status }: { status: AccountCancelStatus }) {
  const [agreed, setAgreed] = useState(false);
  const [code, setCode] = useState('');
  const countdown = useCountdown();
  const destroy = useDestroy((result, request) => {
    if (request.action === 'request') {
      if (result.sms_cooldown !== null) countdown.start(result.sms_cooldown);
      showToast(m.codeSent);
    } else if (request.action === 'confirm') showToast({ icon: 'success', content: m.confirmed });
  });
  const requested = status.state === 'requested';
  const apply = () => {
    if (!agreed) showToast(m.agreeFirst);
    else destroy.mutate({ action: 'request' });
  };
  const submit = async () => {
    const parsed = smsCodeSchema.safeParse(code);
    if (!parsed.success) return showToast(m.codeRequired);
    if (
      await confirm({
        title: m.confirmTitle,
        content: m.confirmContent(status.cooling_off_days),
        confirmText: m.confirmOk,
      })
    )
      destroy.mutate({ action: 'confirm', code: parsed.data });
  };
  if (!requested)
    return (
      <div className="cancel-actions">
        <Checkbox checked={agreed} onChange={setAgreed}>
          {m.agree}
        </Checkbox>
        <Button block color="danger" size="large" shape="rounded" loading={destroy.isPending} onClick={apply}>
          {m.apply}
        </Button>
      </div>
    );
  return (
    <form
      className="cancel-card cancel-confirm"
      aria-label={m.confirmButton}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p>{m.codeSentTo(status.phone_masked)}</p>
      <div className="cancel-code-row">
        <label htmlFor="cancel-code">{m.codeLabel}</label>
        <SmsCodeField
          id="cancel-code"
          value={code}
          onChange={setCode}
          onSend={() => destroy.mutate({ action: 'request' })}
          sending={destroy.isPending && destroy.variables.action === 'request'}
          sent
          secondsLeft={countdown.secondsLeft}
        />
      </div>
      <Button block type="submit" color="danger" size="large" shape="rounded" loading={destroy.isPending}>
        {m.confirmButton}
      </Button>
      <Button block fill="none" onClick={() => destroy.mutate({ action: 'withdraw' })}>
        {m.withdraw}
      </Button>
    </form>
  );
}

function LogoutAccount() {
  const status = useDestroyStatus();
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
  const data = status.data;
  return (
    <div className="account-cancel">
      <header className="cancel-head">
        <span className="cancel-head-icon" aria-hidden>
          !
        </span>
        <h1>{m.headline}</h1>
        <p>{m.subject(data.phone_masked)}</p>
      </header>
      {data.state === 'withdrawn' && data.withdraw_reason ? (
        <p className="cancel-notice" role="status">
          {m.lastWithdrawn}：{data.withdraw_reason}
        </p>
      ) : null}
      {data.state === 'cooling_off' ? (
        <CoolingOff status={data} fetchedAt={status.dataUpdatedAt} />
      ) : (
        <>
          <section className="cancel-card" aria-label={m.consequencesTitle}>
            <h2>{m.consequencesTitle}</h2>
            <ol className="cancel-consequences">
              {m.consequences(data.cooling_off_days).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ol>
          </section>
          <section className="cancel-card" aria-label={m.conditionsTitle}>
            <h2>{m.conditionsTitle}</h2>
            <p className="cancel-hint">{m.conditionsHint}</p>
            <ul className="cancel-conditions">
              {data.conditions.map((condition) => (
                <ConditionRow key={condition.key} condition={condition} />
              ))}
            </ul>
          </section>
          <Apply status={data} />
        </>
      )}
      {data.timeline.length > 0 ? (
        <section className="cancel-card" aria-label={m.timeline}>
          <h2>{m.timeline}</h2>
          <Steps direction="vertical" current={data.timeline.length - 1}>
            {data.timeline.map((entry) => (
              <Steps.Step
                key={`${entry.created_at}-${entry.to}`}
                title={entry.to_label}
                description={`${formatChinaDateTime(entry.created_at)}${entry.reason ? ` · ${entry.reason}` : ''}`}
              />
            ))}
          </Steps>
        </section>
      ) : null}
    </div>
  );
}

/** /logoutAccount: the consequences, the conditions, SMS confirmation and the cooling-off. */
export default function LogoutAccountScreen() {
  return (
    <RequireLogin>
      <LogoutAccount />
    </RequireLogin>
  );
}

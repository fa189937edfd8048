import { Button, Checkbox, Input, Radio } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  amountToFen,
  checkAmount,
  paymentChannelLabels,
  type PaymentChannel,
  type RechargeMain,
} from '@haoshi/contracts';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { newIdempotencyKey, useCreateRecharge } from './api/create-recharge';
import { useRechargeMain } from './api/recharge-main';
import { useRechargeUserInfo } from './api/recharge-user-info';
import { goToCashier } from './go-to-cashier';
import { rechargeMessages as text } from './messages';

interface Draft {
  amount: string;
  channel: PaymentChannel | undefined;
  proxy: boolean;
  phone: string;
}

function problemsOf(draft: Draft, main: RechargeMain) {
  const amount = checkAmount(draft.amount);
  let amountProblem: string | undefined;
  if (amount === undefined) amountProblem = text.invalidAmount;
  else if (amountToFen(amount) < amountToFen(main.min_amount)) amountProblem = text.belowMin(main.min_amount);
  else {
    const max = draft.proxy ? main.proxy_max_amount : main.max_amount;
    if (amountToFen(amount) > amountToFen(max)) amountProblem = text.aboveMax(max);
  }
  const phoneProblem = draft.proxy && !/^1\d{10}$/.test(draft.phone.trim()) ? text.invalidPhone : undefined;
  return { amount, amountProblem, phoneProblem };
}

function ChannelMark({ channel }: { channel: PaymentChannel }) {
  return (
    <span className={`recharge-channel__mark recharge-channel__mark--${channel}`} aria-hidden="true">
      {channel === 'wechat' ? '微' : '支'}
    </span>
  );
}

function Form({ main, fixedChannel }: { main: RechargeMain; fixedChannel: PaymentChannel | undefined }) {
  const location = useLocation();
  const navigate = useNavigate();
  const info = useRechargeUserInfo();
  const enabled = main.channels.filter((channel) => channel.enabled).map((channel) => channel.channel);
  const [draft, setDraft] = useState<Draft>({
    amount: main.presets[2] ?? '',
    channel: fixedChannel ?? enabled[0],
    proxy: false,
    phone: '',
  });
  const [touched, setTouched] = useState(false);
  const keyFor = useRef<{ draft: string; key: string } | null>(null);
  const create = useCreateRecharge((order) => goToCashier(order.cashier_url));
  const problems = problemsOf(draft, main);
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const channelUsable = draft.channel !== undefined && enabled.includes(draft.channel);

  const submit = () => {
    setTouched(true);
    if (
      !problems.amount ||
      problems.amountProblem ||
      problems.phoneProblem ||
      !draft.channel ||
      !channelUsable
    )
      return;
    const base = { amount: problems.amount, channel: draft.channel, return_path: location.pathname };
    const request = draft.proxy ? { ...base, phone: draft.phone.trim() } : base;
    const fingerprint = JSON.stringify(request);
    if (keyFor.current?.draft !== fingerprint)
      keyFor.current = { draft: fingerprint, key: newIdempotencyKey() };
    create.mutate({ request, idempotencyKey: keyFor.current.key });
  };

  const channels = fixedChannel ? [fixedChannel] : main.channels.map((channel) => channel.channel);
  const shownProblem = touched ? (problems.amountProblem ?? problems.phoneProblem) : undefined;

  return (
    <div className="recharge">
      <section className="recharge-card" aria-label={text.balance}>
        <span>{text.balance}</span>
        <strong data-testid="recharge-balance">{info.data ? `¥${info.data.available}` : '¥--'}</strong>
        {info.data ? (
          <small>
            {text.todayRemaining} ¥{info.data.today_remaining}
          </small>
        ) : null}
      </section>

      <section className="recharge-section" aria-labelledby="recharge-amount-title">
        <h2 id="recharge-amount-title">{text.amount}</h2>
        <div className="recharge-presets" role="group" aria-label={text.amount}>
          {main.presets.map((preset) => (
            <button
              key={preset}
              type="button"
              className="recharge-preset"
              aria-pressed={checkAmount(draft.amount) === preset}
              data-testid={`recharge-preset-${preset}`}
              onClick={() => set('amount', preset)}
            >
              {preset.replace(/\.00$/, '')}
              <small>元</small>
            </button>
          ))}
        </div>
        <label className="recharge-custom">
          <span>¥</span>
          <Input
            inputMode="decimal"
            placeholder={`${text.customAmount}（${main.min_amount}–${draft.proxy ? main.proxy_max_amount : main.max_amount}）`}
            value={draft.amount}
            onChange={(value) => set('amount', value.trim())}
            aria-label={text.amount}
            data-testid="recharge-amount"
            clearable
          />
        </label>
      </section>

      <section className="recharge-section" aria-labelledby="recharge-channel-title">
        <h2 id="recharge-channel-title">{text.channel}</h2>
        <Radio.Group
          value={draft.channel ?? null}
          onChange={(value) => set('channel', value as PaymentChannel)}
        >
          <ul className="recharge-channels">
            {channels.map((channel) => {
              const usable = enabled.includes(channel);
              return (
                <li key={channel}>
                  <Radio
                    value={channel}
                    disabled={!usable}
                    className="recharge-channel"
                    aria-label={paymentChannelLabels[channel]}
                    data-testid={`recharge-channel-${channel}`}
                  >
                    <ChannelMark channel={channel} />
                    {paymentChannelLabels[channel]}
                    {!usable ? (
                      <small className="recharge-channel__off">{text.channelUnavailable}</small>
                    ) : null}
                  </Radio>
                </li>
              );
            })}
          </ul>
        </Radio.Group>
      </section>

      <section className="recharge-section">
        <Checkbox
          checked={draft.proxy}
          onChange={(checked) => set('proxy', checked)}
          data-testid="recharge-proxy"
        >
          {text.proxy}
        </Checkbox>
        {draft.proxy ? (
          <div className="recharge-proxy">
            <Input
              type="tel"
              inputMode="numeric"
              maxLength={11}
              placeholder={text.proxyPhonePlaceholder}
              value={draft.phone}
              onChange={(value) => set('phone', value)}
              aria-label={text.proxyPhone}
              clearable
            />
            <p>{text.proxyHint}</p>
          </div>
        ) : null}
      </section>

      {shownProblem ? (
        <p className="recharge-problem" role="alert">
          {shownProblem}
        </p>
      ) : null}

      <div className="recharge-submit">
        <Button
          block
          color="primary"
          size="large"
          loading={create.isPending}
          disabled={!channelUsable}
          onClick={submit}
          data-testid="recharge-submit"
        >
          {create.isPending ? text.paying : `${text.pay} ¥${problems.amount ?? '0.00'}`}
        </Button>
        <button type="button" className="recharge-link" onClick={() => void navigate('/rechargeRecords')}>
          {text.records}
        </button>
      </div>

      <section className="recharge-notes" aria-label={text.notes}>
        <h2>{text.notes}</h2>
        <ul>
          {main.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The recharge form: amount (presets or custom), channel, optional 代充, then off to the cashier. */
export function RechargeForm({ fixedChannel }: { fixedChannel?: PaymentChannel }) {
  const main = useRechargeMain();
  if (main.isPending) return <ScreenSkeleton />;
  if (main.isError)
    return (
      <StatusScreen
        status="disconnected"
        title={text.loadFailed}
        description={text.loadFailedHint}
        actions={[{ text: text.retry, primary: true, onClick: () => void main.refetch() }]}
        testId="recharge-error"
      />
    );
  return <Form main={main.data} fixedChannel={fixedChannel} />;
}

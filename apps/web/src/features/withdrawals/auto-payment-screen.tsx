import { Button, Input, List, Switch } from 'antd-mobile';
import { useState } from 'react';
import type { AutoWithdrawalSettings } from '@haoshi/contracts';
import { showToast } from '@/core/feedback-ui';
import { useAutoWithdrawal, useSaveAutoWithdrawal } from './api/auto-withdrawal';
import { autoFormProblems } from './auto-check';
import { MethodPicker } from './method-picker';
import { withdrawMessages as m } from './messages';
import { QueryGate } from './query-gate';
import './withdrawals.css';

function AutoForm({ settings }: { settings: AutoWithdrawalSettings }) {
  const [enabled, setEnabled] = useState(settings.enabled);
  const [threshold, setThreshold] = useState(settings.threshold);
  const [keep, setKeep] = useState(settings.keep_amount);
  const [methodId, setMethodId] = useState<number | null>(
    settings.method_id ?? settings.methods[0]?.id ?? null,
  );
  const save = useSaveAutoWithdrawal(() => showToast({ icon: 'success', content: m.saved }));
  const problems = autoFormProblems({ threshold, keep });
  const valid = Object.keys(problems).length === 0 && methodId !== null;

  return (
    <div className="withdraw-form">
      <List mode="card">
        <List.Item
          extra={
            <Switch
              checked={enabled}
              onChange={setEnabled}
              aria-label={m.autoEnabled}
              data-testid="auto-enabled"
            />
          }
        >
          {m.autoEnabled}
        </List.Item>
      </List>
      <MethodPicker methods={settings.methods} value={methodId} onChange={setMethodId} />
      <section className="withdraw-card">
        <label className="withdraw-amount__label" htmlFor="auto-threshold">
          {m.threshold}
        </label>
        <Input
          id="auto-threshold"
          inputMode="decimal"
          value={threshold}
          onChange={(value) => setThreshold(value.replace(/[^\d.]/g, ''))}
        />
        <p
          className={
            problems.threshold
              ? 'withdraw-amount__hint withdraw-amount__hint--error'
              : 'withdraw-amount__hint'
          }
        >
          {problems.threshold ?? m.thresholdHint}
        </p>
        <label className="withdraw-amount__label" htmlFor="auto-keep">
          {m.keepAmount}
        </label>
        <Input
          id="auto-keep"
          inputMode="decimal"
          value={keep}
          onChange={(value) => setKeep(value.replace(/[^\d.]/g, ''))}
        />
        <p
          className={
            problems.keep ? 'withdraw-amount__hint withdraw-amount__hint--error' : 'withdraw-amount__hint'
          }
        >
          {problems.keep ?? m.keepHint}
        </p>
      </section>
      {settings.last_run ? (
        <p className="withdraw-muted withdraw-muted--padded">
          {m.lastRun(settings.last_run.day, settings.last_run.amount)}
        </p>
      ) : null}
      <div className="withdraw-actions">
        <Button
          block
          color="primary"
          size="large"
          disabled={!valid}
          loading={save.isPending}
          data-testid="auto-save"
          onClick={() => {
            if (methodId === null) return;
            save.mutate({
              enabled,
              threshold: threshold.trim(),
              keep_amount: keep.trim() || '0',
              method_id: methodId,
            });
          }}
        >
          {m.save}
        </Button>
      </div>
      <section className="withdraw-card">
        <h2 className="withdraw-card__title">{m.rules}</h2>
        <ul className="withdraw-rules">
          {settings.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** /autoPayMent (自动提现): settings of the daily automatic withdrawal. */
export default function AutoPaymentScreen() {
  const query = useAutoWithdrawal();
  return (
    <div className="withdraw-screen">
      <QueryGate query={query}>{(settings) => <AutoForm settings={settings} />}</QueryGate>
    </div>
  );
}

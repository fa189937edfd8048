import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { WithdrawAlert, WithdrawPage } from '@haoshi/contracts';
import { showToast } from '@/core/feedback-ui';
import { AlertSheet } from './alert-sheet';
import { amountProblem, wholeAmount, type WithdrawFormMode } from './amount-check';
import { useWithdraw } from './api/withdraw';
import { useWithdrawAlert } from './api/withdraw-alert';
import { MethodPicker } from './method-picker';
import { withdrawMessages as m } from './messages';

const newKey = () => `wd-${crypto.randomUUID()}`;

/**
 * The withdrawal form: balance, payout method, amount (with 全部提现), then the alert sheet with
 * the fee and the amount received, then confirm. /withdrawDeposit uses it for normal withdrawals,
 * /quickRemit for quick remits. 4301/4302 are handled by the HTTP client's error catalogue.
 */
export function WithdrawForm({ page, mode }: { page: WithdrawPage; mode: WithdrawFormMode }) {
  const navigate = useNavigate();
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [methodId, setMethodId] = useState<number | null>(page.methods[0]?.id ?? null);
  const [alert, setAlert] = useState<WithdrawAlert | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  const quote = useWithdrawAlert();
  const submit = useWithdraw((withdrawal) => {
    setAlert(null);
    showToast({ icon: 'success', content: m.submitted });
    void navigate(`/remitDetail?id=${withdrawal.id}`);
  });

  const problem = amountProblem(amount, page, mode);
  const shownProblem = touched && amount !== '' ? problem : undefined;
  const canSubmit = problem === undefined && methodId !== null && !quote.isPending;

  const ask = () => {
    setTouched(true);
    if (!canSubmit || methodId === null) return;
    quote.mutate(
      { amount: amount.trim(), method_id: methodId, mode },
      {
        onSuccess: (answer) => {
          setIdempotencyKey(newKey());
          setAlert(answer);
        },
      },
    );
  };

  return (
    <div className="withdraw-form">
      <section className="withdraw-balance" aria-label={m.available}>
        <span className="withdraw-balance__label">{m.available}</span>
        <strong className="withdraw-balance__value" data-testid="withdraw-available">
          {page.available}
        </strong>
        {page.frozen !== '0.00' ? (
          <span className="withdraw-balance__frozen">
            {m.frozen} ¥{page.frozen}
          </span>
        ) : null}
      </section>

      <MethodPicker methods={page.methods} value={methodId} onChange={setMethodId} />

      <section className="withdraw-card">
        <label className="withdraw-amount__label" htmlFor="withdraw-amount">
          {m.amountLabel}
        </label>
        <div className="withdraw-amount">
          <span className="withdraw-amount__currency">¥</span>
          <Input
            id="withdraw-amount"
            data-testid="withdraw-amount"
            inputMode="decimal"
            placeholder={m.amountPlaceholder}
            value={amount}
            onChange={(value) => setAmount(value.replace(/[^\d.]/g, ''))}
            onBlur={() => setTouched(true)}
            clearable
          />
          <button
            type="button"
            className="withdraw-link"
            onClick={() => {
              setAmount(wholeAmount(page, mode));
              setTouched(true);
            }}
          >
            {m.withdrawAll}
          </button>
        </div>
        <p
          className={
            shownProblem ? 'withdraw-amount__hint withdraw-amount__hint--error' : 'withdraw-amount__hint'
          }
          role={shownProblem ? 'alert' : undefined}
        >
          {shownProblem ??
            (mode === 'quick'
              ? m.quickIntro(
                  String(page.quick_remit.rate_bp / 100),
                  page.quick_remit.min_fee,
                  page.quick_remit.max_amount,
                )
              : m.freeQuotaLeft(page.fee_rule.free_quota_left))}
        </p>
      </section>

      <div className="withdraw-actions">
        <Button
          block
          color="primary"
          size="large"
          disabled={!canSubmit}
          loading={quote.isPending}
          onClick={ask}
          data-testid="withdraw-submit"
        >
          {mode === 'quick' ? m.quickSubmit : m.submit}
        </Button>
      </div>

      <nav className="withdraw-shortcuts" aria-label={m.records}>
        <Link to="/withdrawalRecords">{m.records}</Link>
        <Link to="/autoPayMent">{m.auto}</Link>
        {mode === 'quick' ? (
          <Link to="/withdrawDeposit">{m.normalWithdraw}</Link>
        ) : (
          <Link to="/quickRemit">{m.quick}</Link>
        )}
      </nav>

      <section className="withdraw-card">
        <h2 className="withdraw-card__title">{m.rules}</h2>
        <ul className="withdraw-rules">
          {page.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </section>

      <AlertSheet
        alert={alert}
        submitting={submit.isPending}
        onClose={() => setAlert(null)}
        onConfirm={() => {
          if (!alert || methodId === null) return;
          submit.mutate({ request: { amount: alert.amount, method_id: methodId, mode }, idempotencyKey });
        }}
      />
    </div>
  );
}

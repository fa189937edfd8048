import { Button, Form, Input } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { checkAmount, type TransferRecipient } from '@haoshi/contracts';
import { confirm } from '@/core/confirm';
import { showToast } from '@/core/feedback-ui';
import { showError } from '@/core/http/show-error';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { fetchTransferMain, useTransfer, useTransferMain } from './api/transfer';
import { LoadError } from './load-error';
import { transferMessages as text } from './messages';
import { RequireLogin } from '@/ui/require-login';
import { newIdempotencyKey, transferProblems, type TransferDraft } from './transfer-form';
import './wallet.css';

function ConfirmContent({ recipient, amount }: { recipient: TransferRecipient; amount: string }) {
  return (
    <div className="transfer-confirm" data-testid="transfer-confirm">
      <dl>
        <div>
          <dt>{text.confirmTo}</dt>
          <dd>{recipient.name_masked}</dd>
        </div>
        <div>
          <dt>{text.confirmPhone}</dt>
          <dd>{recipient.phone_masked}</dd>
        </div>
        <div>
          <dt>{text.confirmAmount}</dt>
          <dd className="transfer-confirm__amount">¥{amount}</dd>
        </div>
        <div>
          <dt>{text.confirmFee}</dt>
          <dd>¥0.00</dd>
        </div>
      </dl>
      <p>{text.confirmWarning}</p>
    </div>
  );
}

function TransferForm() {
  const navigate = useNavigate();
  const main = useTransferMain();
  const [draft, setDraft] = useState<TransferDraft>({ phone: '', amount: '', remark: '' });
  const [touched, setTouched] = useState(false);
  const [looking, setLooking] = useState(false);
  // One key per intended transfer: kept while the same form is retried, renewed when it changes.
  const keyFor = useRef<{ draft: string; key: string } | null>(null);
  const transfer = useTransfer((result) => {
    keyFor.current = null;
    showToast({ icon: 'success', content: text.success });
    void navigate(`/billDetail?id=${result.bill_id}`, { replace: true });
  });

  if (main.isPending) return <ScreenSkeleton />;
  if (main.isError) return <LoadError onRetry={() => void main.refetch()} />;
  const info = main.data;
  const problems = transferProblems(draft, info);
  const set = (field: keyof TransferDraft) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const submit = async () => {
    setTouched(true);
    if (problems.phone || problems.amount) return;
    const amount = checkAmount(draft.amount) ?? draft.amount;
    const phone = draft.phone.trim();
    setLooking(true);
    let recipient: TransferRecipient | null;
    try {
      recipient = (await fetchTransferMain(phone)).recipient;
    } catch (error) {
      showError(error);
      return;
    } finally {
      setLooking(false);
    }
    if (!recipient) return;
    const accepted = await confirm({
      title: text.confirmTitle,
      content: <ConfirmContent recipient={recipient} amount={amount} />,
      confirmText: text.confirm,
    });
    if (!accepted) return;
    const fingerprint = JSON.stringify([phone, amount, draft.remark.trim()]);
    if (keyFor.current?.draft !== fingerprint)
      keyFor.current = { draft: fingerprint, key: newIdempotencyKey() };
    transfer.mutate({
      request: { phone, amount, ...(draft.remark.trim() ? { remark: draft.remark.trim() } : {}) },
      idempotencyKey: keyFor.current.key,
    });
  };

  return (
    <div className="transfer">
      {!info.real_name_verified ? (
        <div className="transfer__realname" role="note">
          <strong>{text.realNameTitle}</strong>
          <p>{text.realNameHint}</p>
          <Button size="small" color="primary" onClick={() => void navigate('/idCard')}>
            {text.realNameAction}
          </Button>
        </div>
      ) : null}
      <section className="transfer__balance">
        <span>{text.available}</span>
        <strong data-testid="transfer-available">¥{info.available}</strong>
      </section>
      <Form layout="vertical" mode="card">
        <Form.Item label={text.phone}>
          <Input
            type="tel"
            inputMode="numeric"
            maxLength={11}
            placeholder={text.phonePlaceholder}
            value={draft.phone}
            onChange={set('phone')}
            aria-label={text.phone}
            clearable
          />
        </Form.Item>
        <Form.Item
          label={text.amount}
          extra={
            <button type="button" className="transfer__all" onClick={() => set('amount')(info.available)}>
              {text.all}
            </button>
          }
        >
          <Input
            inputMode="decimal"
            placeholder={text.amountPlaceholder}
            value={draft.amount}
            onChange={set('amount')}
            aria-label={text.amount}
            clearable
          />
        </Form.Item>
        <Form.Item label={text.remark}>
          <Input
            maxLength={30}
            placeholder={text.remarkPlaceholder}
            value={draft.remark}
            onChange={set('remark')}
            aria-label={text.remark}
          />
        </Form.Item>
      </Form>
      {touched && (problems.phone || problems.amount) ? (
        <p className="transfer__problem" role="alert">
          {[problems.phone, problems.amount].filter(Boolean).join('；')}
        </p>
      ) : null}
      <div className="transfer__submit">
        <Button
          block
          color="primary"
          size="large"
          loading={looking || transfer.isPending}
          onClick={() => void submit()}
        >
          {looking ? text.looking : text.submit}
        </Button>
      </div>
      <section className="transfer__rules" aria-label={text.rules}>
        <h2>{text.rules}</h2>
        <p>
          {text.limits} ¥{info.daily_used} / ¥{info.daily_limit}，{info.daily_count_used}/
          {info.daily_count_limit} 笔
        </p>
        <ul>
          {info.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** /balanceAction (余额转出): transfer available balance to another user after confirming who they are. */
export default function BalanceActionScreen() {
  return (
    <RequireLogin>
      <TransferForm />
    </RequireLogin>
  );
}

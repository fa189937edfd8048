import { Button, Input, Tabs } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { payoutMethodTypeLabels, payoutMethodTypes, type PayoutMethodType } from '@haoshi/contracts';
import { showToast } from '@/core/feedback-ui';
import { isApiError } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { inAppPath } from '@/core/in-app-path';
import { useAddPayoutMethod, usePayoutMethods } from './api/payout-methods';
import { checkPayoutForm, fieldOfRefusal, type PayoutFieldErrors } from './check-payout-form';
import { payoutMessages as m } from './messages';
import { QrUploader } from './qr-uploader';
import './payout-methods.css';

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <>
      <div className="payout-form__field">
        <label htmlFor={id}>{label}</label>
        {children}
      </div>
      {error ? (
        <p className="payout-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

const isMethodType = (value: string): value is PayoutMethodType =>
  (payoutMethodTypes as readonly string[]).includes(value);

/** /addPayMentType (添加收款方式): bank card, Alipay or WeChat; needs real-name first (4301). */
export default function AddPaymentTypeScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = inAppPath(params.get('redirect'));
  const initialType = params.get('type') ?? 'alipay';
  const [type, setType] = useState<PayoutMethodType>(isMethodType(initialType) ? initialType : 'alipay');
  const [holderName, setHolderName] = useState('');
  const [account, setAccount] = useState('');
  const [bankName, setBankName] = useState('');
  const [qrImage, setQrImage] = useState<string | undefined>();
  const [errors, setErrors] = useState<PayoutFieldErrors>({});
  const methods = usePayoutMethods();
  const add = useAddPayoutMethod();
  const notVerified = methods.data?.real_name_verified === false;

  const switchType = (key: string) => {
    if (!isMethodType(key)) return;
    setType(key);
    setAccount('');
    setQrImage(undefined);
    setErrors({});
  };

  const submit = () => {
    const checked = checkPayoutForm({ type, holderName, account, bankName, qrImage });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    add.mutate(checked.request, {
      onSuccess: () => {
        showToast(m.added);
        void navigate(redirect ?? '/paymentType', { replace: true });
      },
      onError: (error) => {
        const field = isApiError(error) ? fieldOfRefusal(error.code) : undefined;
        if (field && isApiError(error)) setErrors({ [field]: error.message });
        else showError(error);
      },
    });
  };

  return (
    <div className="payout-screen">
      {notVerified ? (
        <div className="payout-notice" role="note">
          <span>{m.realNameNeeded}</span>
          <Link to={`/idCard?redirect=${encodeURIComponent('/addPayMentType')}`}>{m.goVerify}</Link>
        </div>
      ) : null}
      <Tabs activeKey={type} onChange={switchType} className="payout-tabs">
        {payoutMethodTypes.map((key) => (
          <Tabs.Tab key={key} title={payoutMethodTypeLabels[key]} />
        ))}
      </Tabs>
      <form
        className="payout-form"
        aria-label={m.add}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="payout-card">
          <Field id="payout-holder" label={m.holderLabel} error={errors.holder_name}>
            <Input
              id="payout-holder"
              autoComplete="name"
              maxLength={20}
              clearable
              value={holderName}
              onChange={setHolderName}
              placeholder={m.holderPlaceholder}
            />
          </Field>
          {type === 'bank' ? (
            <>
              <Field id="payout-account" label={m.cardLabel} error={errors.account}>
                <Input
                  id="payout-account"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  maxLength={23}
                  clearable
                  value={account}
                  onChange={(value) =>
                    setAccount(
                      value
                        .replace(/\D/g, '')
                        .replace(/(\d{4})(?=\d)/g, '$1 ')
                        .slice(0, 23),
                    )
                  }
                  placeholder={m.cardPlaceholder}
                />
              </Field>
              <Field id="payout-bank" label={m.bankLabel} error={errors.bank_name}>
                <Input
                  id="payout-bank"
                  maxLength={30}
                  clearable
                  value={bankName}
                  onChange={setBankName}
                  placeholder={m.bankPlaceholder}
                />
              </Field>
            </>
          ) : null}
          {type === 'alipay' ? (
            <Field id="payout-account" label={m.alipayLabel} error={errors.account}>
              <Input
                id="payout-account"
                autoComplete="off"
                maxLength={80}
                clearable
                value={account}
                onChange={setAccount}
                placeholder={m.alipayPlaceholder}
              />
            </Field>
          ) : null}
          {type === 'wechat' ? (
            <Field id="payout-account" label={m.wechatLabel} error={errors.account}>
              <Input
                id="payout-account"
                autoComplete="off"
                maxLength={20}
                clearable
                value={account}
                onChange={setAccount}
                placeholder={m.wechatPlaceholder}
              />
            </Field>
          ) : null}
        </div>
        {type === 'wechat' ? (
          <div className="payout-card payout-card--padded">
            <h3 className="payout-card__title">{m.qrLabel}</h3>
            <QrUploader onUploaded={setQrImage} />
          </div>
        ) : null}
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          shape="rounded"
          loading={add.isPending}
          data-testid="payout-add-submit"
        >
          {m.submit}
        </Button>
      </form>
    </div>
  );
}

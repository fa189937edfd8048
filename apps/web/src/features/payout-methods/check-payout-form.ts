import {
  alipayAccountPattern,
  bankCardPattern,
  luhnValid,
  messageFor,
  ErrorCodes,
  normalizeCardNumber,
  type AddPayoutMethodRequest,
  type PayoutMethodType,
  wechatIdPattern,
} from '@haoshi/contracts';
import { payoutMessages as m } from './messages';

export interface PayoutFormValues {
  type: PayoutMethodType;
  holderName: string;
  account: string;
  bankName: string;
  qrImage: string | undefined;
}

export type PayoutFieldErrors = Partial<Record<'holder_name' | 'account' | 'bank_name', string>>;

/** The request, or what to fix first (the server checks the same and more). */
export function checkPayoutForm(
  values: PayoutFormValues,
): { ok: true; request: AddPayoutMethodRequest } | { ok: false; errors: PayoutFieldErrors } {
  const errors: PayoutFieldErrors = {};
  const holder_name = values.holderName.trim();
  if (holder_name.length < 2) errors.holder_name = m.holderRequired;
  const account = values.account.trim();
  if (values.type === 'bank') {
    const digits = normalizeCardNumber(account);
    if (!bankCardPattern.test(digits) || !luhnValid(digits)) errors.account = m.cardInvalid;
    if (values.bankName.trim().length < 2) errors.bank_name = m.bankRequired;
    if (Object.keys(errors).length > 0) return { ok: false, errors };
    return {
      ok: true,
      request: { type: 'bank', account: digits, bank_name: values.bankName.trim(), holder_name },
    };
  }
  if (values.type === 'alipay') {
    if (!alipayAccountPattern.test(account))
      errors.account = messageFor(ErrorCodes.PAYOUT_ALIPAY_ACCOUNT_INVALID);
    if (Object.keys(errors).length > 0) return { ok: false, errors };
    return { ok: true, request: { type: 'alipay', account, holder_name } };
  }
  if (account && !wechatIdPattern.test(account))
    errors.account = '微信号为6-20位，以字母开头，可含字母、数字、下划线和减号';
  else if (!account && !values.qrImage) errors.account = messageFor(ErrorCodes.PAYOUT_WECHAT_INVALID);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    request: {
      type: 'wechat',
      holder_name,
      ...(account ? { account } : {}),
      ...(values.qrImage ? { qr_image: values.qrImage } : {}),
    },
  };
}

/** Server refusals that belong to one field. */
export function fieldOfRefusal(code: number): keyof PayoutFieldErrors | undefined {
  switch (code) {
    case ErrorCodes.PAYOUT_CARD_INVALID:
    case ErrorCodes.PAYOUT_METHOD_DUPLICATE:
    case ErrorCodes.PAYOUT_ALIPAY_ACCOUNT_INVALID:
    case ErrorCodes.PAYOUT_WECHAT_INVALID:
      return 'account';
    case ErrorCodes.PAYOUT_HOLDER_MISMATCH:
      return 'holder_name';
    default:
      return undefined;
  }
}

import { z } from 'zod';
import { coercedId, requestText, textSchema } from './primitives.ts';
import { payoutMethodTypes } from './withdrawals.ts';

/** Payout methods (收款方式): where withdrawals are paid. SPEC §7 /app/user/settle/*. */
export const payoutMethodPaths = {
  list: '/app/user/settle/list',
  add: '/app/user/settle/add',
  remove: '/app/user/settle/delete',
  /** Not in SPEC §7: replace the receive code of a WeChat method (/changeQrCode). */
  changeQrCode: '/app/user/settle/qr_code',
} as const;

export const PAYOUT_METHODS_MAX = 10;

/** ISO/IEC 7812 Luhn check of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const normalizeCardNumber = (raw: string) => raw.replace(/[\s-]+/g, '');
export const bankCardPattern = /^\d{12,19}$/;
export const alipayAccountPattern = /^(1[3-9]\d{9}|[\w.+-]{1,64}@[\w-]+(\.[\w-]+)+)$/;
/** WeChat ids: 6–20 characters, a letter first, then letters, digits, _ or -. */
export const wechatIdPattern = /^[A-Za-z][\w-]{5,19}$/;

export function maskPayoutAccount(type: (typeof payoutMethodTypes)[number], account: string): string {
  if (type === 'bank') return `${account.slice(0, 4)} **** **** ${account.slice(-4)}`;
  if (type === 'alipay') {
    if (/^\d{11}$/.test(account)) return `${account.slice(0, 3)}****${account.slice(-4)}`;
    const [local = '', domain = ''] = account.split('@');
    return `${local.slice(0, Math.min(2, local.length - 1))}***@${domain}`;
  }
  return `${account.slice(0, 2)}***${account.slice(-2)}`;
}

const holderNameSchema = requestText('请输入收款人姓名')
  .trim()
  .min(2, '请输入收款人的真实姓名')
  .max(40, '收款人姓名过长');
/** A stored upload key of the user's (upload purpose payout_qr). */
const qrImageSchema = textSchema
  .trim()
  .regex(/^[a-z0-9][a-z0-9_\-/]{0,150}\.(jpg|png|webp)$/, '请重新上传收款码');

export const addPayoutMethodRequestSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('bank'),
      account: requestText('请输入银行卡号').transform(normalizeCardNumber),
      bank_name: requestText('请输入开户银行').trim().min(2, '请输入开户银行').max(30, '开户银行名称过长'),
      holder_name: holderNameSchema,
    }),
    z.object({
      type: z.literal('alipay'),
      account: requestText('请输入支付宝账号')
        .trim()
        .regex(alipayAccountPattern, '支付宝账号须为手机号或邮箱'),
      holder_name: holderNameSchema,
    }),
    z.object({
      type: z.literal('wechat'),
      account: textSchema
        .trim()
        .regex(wechatIdPattern, '微信号为6-20位，以字母开头，可含字母、数字、下划线和减号')
        .optional(),
      qr_image: qrImageSchema.optional(),
      holder_name: holderNameSchema,
    }),
  ],
  { error: '请选择收款方式类型' },
);
export type AddPayoutMethodRequest = z.input<typeof addPayoutMethodRequestSchema>;
export type AddPayoutMethodBody = z.output<typeof addPayoutMethodRequestSchema>;

export const payoutMethodIdRequestSchema = z.object({
  id: coercedId('收款方式编号无效'),
});
export type PayoutMethodIdRequest = z.input<typeof payoutMethodIdRequestSchema>;

export const changeQrCodeRequestSchema = payoutMethodIdRequestSchema.extend({ qr_image: qrImageSchema });
export type ChangeQrCodeRequest = z.input<typeof changeQrCodeRequestSchema>;

export const payoutMethodItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(payoutMethodTypes),
  account_masked: z.string(),
  holder_name_masked: z.string(),
  bank_name: z.string().nullable(),
  /** Public URL of the WeChat receive code, when there is one. */
  qr_image_url: z.string().nullable(),
  /** A withdrawal in progress or the automatic withdrawal uses it: it cannot be deleted now. */
  in_use: z.boolean(),
  created_at: z.string(),
});
export type PayoutMethodItem = z.infer<typeof payoutMethodItemSchema>;

export const payoutMethodListSchema = z.object({
  list: z.array(payoutMethodItemSchema),
  max: z.number().int(),
  real_name_verified: z.boolean(),
});
export type PayoutMethodList = z.infer<typeof payoutMethodListSchema>;

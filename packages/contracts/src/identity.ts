import { z } from 'zod';
import { requestText, textSchema } from './primitives.ts';
import { roles } from './roles.ts';

export const phoneSchema = requestText('请输入手机号')
  .trim()
  .regex(/^1[3-9]\d{9}$/, '请输入正确的11位手机号');

export const smsScenes = ['login', 'bind_phone', 'sign', 'destroy_account'] as const;
export type SmsScene = (typeof smsScenes)[number];
/**
 * Scenes anyone may ask a code for on /app/sms. A signing code (`sign`) is only sent by
 * /app/order/protocol/data, to the signer's own phone.
 */
export const requestableSmsScenes = ['login', 'bind_phone'] as const satisfies readonly SmsScene[];
export const smsSceneSchema = z.enum(requestableSmsScenes, { error: '不支持的验证码场景' });

export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_RESEND_COOLDOWN_SECONDS = 60;
export const SMS_MAX_WRONG_ATTEMPTS = 5;
export const SMS_DAILY_LIMIT_PER_PHONE = 10;
export const SMS_DAILY_LIMIT_PER_IP = 30;

export const smsRequestSchema = z.object({ phone: phoneSchema, scene: smsSceneSchema });
export type SmsRequest = z.infer<typeof smsRequestSchema>;
export const smsResponseSchema = z.object({
  /** Seconds before the next code may be requested. */
  cooldown: z.number().int(),
  expires_in: z.number().int(),
});
export type SmsResponse = z.infer<typeof smsResponseSchema>;

export const smsCodeSchema = requestText('请输入验证码')
  .trim()
  .regex(/^\d{6}$/, '请输入6位数字验证码');

export const roleSchema = z.enum(roles);

export const userSchema = z.object({
  id: z.number().int(),
  phone_masked: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  roles: z.array(roleSchema),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const loginRequestSchema = z.object({ phone: phoneSchema, code: smsCodeSchema });
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export const loginResponseSchema = z.object({
  user: userSchema,
  token: z.string(),
  expires_at: z.string(),
  is_new_user: z.boolean(),
  /** Something the user must be told on logging in (a cancellation this login withdrew). */
  notice: z.string().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** QR login (SPEC §7 /app/login/qrcode/auth): a device shows a QR, a logged-in phone approves. */
export const QR_TICKET_TTL_SECONDS = 180;
export const qrTicketStates = [
  'waiting',
  'scanned',
  'confirmed',
  'cancelled',
  'expired',
  'consumed',
] as const;
export const qrTicketStateSchema = z.enum(qrTicketStates);
export type QrTicketState = z.infer<typeof qrTicketStateSchema>;

export const qrTicketCreatedSchema = z.object({
  ticket: z.string(),
  /** What the QR encodes: the /authLogin address carrying the ticket. */
  qr_content: z.string(),
  expires_at: z.string(),
});
export type QrTicketCreated = z.infer<typeof qrTicketCreatedSchema>;

export const qrStatusQuerySchema = z.object({ ticket: textSchema.min(16).max(128) });
export const qrStatusSchema = z.object({
  state: qrTicketStateSchema,
  /** Present once, on the poll that observes the approval. */
  login: loginResponseSchema.optional(),
});
export type QrStatus = z.infer<typeof qrStatusSchema>;

export const qrAuthActions = ['scan', 'confirm', 'cancel'] as const;
export const qrAuthRequestSchema = z.object({
  ticket: textSchema.min(16, '二维码无效').max(128, '二维码无效'),
  action: z.enum(qrAuthActions, { error: '不支持的操作' }),
});
export type QrAuthRequest = z.infer<typeof qrAuthRequestSchema>;
export const qrAuthResponseSchema = z.object({
  state: qrTicketStateSchema,
  /** Where the other device is: shown to the approving user. */
  requester: z.object({ ip: z.string(), user_agent: z.string(), created_at: z.string() }),
});
export type QrAuthResponse = z.infer<typeof qrAuthResponseSchema>;

export const devOutboxQuerySchema = z.object({ phone: phoneSchema });
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  scene: z.string(),
  content: z.string(),
  code: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

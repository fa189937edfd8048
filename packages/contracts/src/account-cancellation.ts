import { z } from 'zod';
import { ErrorCodes } from './error-codes.ts';
import { phoneSchema, smsCodeSchema } from './identity.ts';
import { defineProcess } from './process/engine.ts';
import { processTimelineEntrySchema } from './process/timeline.ts';

/**
 * Account cancellation (注销账号, SPEC §2 /logoutAccount, §7 /app/user/destroy/status and
 * /app/user/destroy). Anchors: the cancellation of WeChat and Alipay (conditions, SMS confirmation,
 * a cooling-off period that a login ends) and the right to deletion of PIPL art. 47 / GDPR art. 17.
 * docs/account-cancellation.md.
 */
export const accountCancellationPaths = {
  status: '/app/user/destroy/status',
  destroy: '/app/user/destroy',
  /** Not in SPEC: development only (never in production), ends a cooling-off now for the e2e suite. */
  devElapse: '/dev/account-cancellation/elapse',
} as const;

/** Days between the SMS confirmation and the erasure; logging in during them withdraws the request. */
export const ACCOUNT_CANCEL_COOLING_OFF_DAYS = 15;
export const ACCOUNT_CANCEL_COOLING_OFF_SECONDS = ACCOUNT_CANCEL_COOLING_OFF_DAYS * 24 * 3600;
/** Seconds a request waits for its SMS confirmation before it lapses. */
export const ACCOUNT_CANCEL_CONFIRM_SECONDS = 30 * 60;
/** What an erased account is called wherever its old records (orders, evaluations) still show it. */
export const CANCELLED_USER_NICKNAME = '已注销用户';
/**
 * What an erased account's reviews and evaluations say instead of their text: the stars and tags
 * stay (the other party's reputation rests on them), the words were the user's own.
 */
export const ERASED_REVIEW_TEXT = '该用户已注销，评价内容已删除';

export const accountCancellationStates = ['requested', 'cooling_off', 'completed', 'withdrawn'] as const;
export type AccountCancellationState = (typeof accountCancellationStates)[number];
export const accountCancellationStateLabels: Record<AccountCancellationState, string> = {
  requested: '待短信确认',
  cooling_off: '注销冷静期',
  completed: '已注销',
  withdrawn: '已撤销',
};
export const openAccountCancellationStates = [
  'requested',
  'cooling_off',
] as const satisfies readonly AccountCancellationState[];

/**
 * The process of one cancellation request. The owner asks (conditions met), confirms by SMS and
 * may withdraw; logging in withdraws it too (system); the erasure at the end of the cooling-off is a
 * job of the module (it re-checks the conditions, so it is not an engine timer: docs).
 */
export const accountCancellationProcess = defineProcess({
  name: 'account_cancellation',
  states: accountCancellationStates,
  stateLabels: accountCancellationStateLabels,
  initial: 'requested',
  terminal: ['completed', 'withdrawn'],
  refusal: { errCode: ErrorCodes.ACCOUNT_CANCEL_STATE_INVALID },
  guards: {
    conditions_met: {
      errCode: ErrorCodes.ACCOUNT_CANCEL_CONDITIONS_UNMET,
      message: '账号还有未完成的事项，请处理后再申请注销',
    },
  },
  transitions: {
    confirm: {
      from: 'requested',
      to: 'cooling_off',
      roles: ['owner'],
      guards: ['conditions_met'],
      label: '短信确认注销',
    },
    lapse: {
      from: 'requested',
      to: 'withdrawn',
      roles: ['system'],
      afterSeconds: ACCOUNT_CANCEL_CONFIRM_SECONDS,
      label: '未在30分钟内确认，申请失效',
    },
    withdraw: {
      from: ['requested', 'cooling_off'],
      to: 'withdrawn',
      roles: ['owner', 'system'],
      label: '撤销注销',
    },
    complete: {
      from: 'cooling_off',
      to: 'completed',
      roles: ['system'],
      guards: ['conditions_met'],
      label: '注销完成',
    },
  },
});

/** What must be settled before an account can go; each one is answered by its own module. */
export const accountCancelConditionKeys = [
  'open_orders',
  'open_disputes',
  'open_claims',
  'open_bargains',
  'listings_on_shelf',
  'wallet_balance',
  'frozen_funds',
  'pending_withdrawals',
  'sincerity_deposit',
] as const;
export type AccountCancelConditionKey = (typeof accountCancelConditionKeys)[number];

export const accountCancelConditionSchema = z.object({
  key: z.enum(accountCancelConditionKeys),
  title: z.string(),
  met: z.boolean(),
  /** Met: what was checked. Unmet: what holds and what to do. */
  detail: z.string(),
  /** Unmet: the button's text and the route that settles it. */
  action_text: z.string(),
  action_route: z.string(),
});
export type AccountCancelCondition = z.infer<typeof accountCancelConditionSchema>;

export const accountCancelStatusSchema = z.object({
  /** The open request's state, or the last request's; 'none' before any. */
  state: z.enum([...accountCancellationStates, 'none']),
  state_label: z.string(),
  phone_masked: z.string(),
  cooling_off_days: z.number().int(),
  conditions: z.array(accountCancelConditionSchema),
  all_met: z.boolean(),
  requested_at: z.string().nullable(),
  /** When the erasure runs (cooling_off only). */
  complete_at: z.string().nullable(),
  /** Seconds left of the cooling-off (cooling_off only). */
  seconds_left: z.number().int().nullable(),
  /** Why the last request was withdrawn (a login, the user, a condition at the end). */
  withdraw_reason: z.string(),
  timeline: z.array(processTimelineEntrySchema),
});
export type AccountCancelStatus = z.infer<typeof accountCancelStatusSchema>;

/** POST /app/user/destroy: ask (an SMS code is sent), confirm with it, or withdraw. */
export const accountCancelRequestSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('request') }),
    z.object({ action: z.literal('confirm'), code: smsCodeSchema }),
    z.object({ action: z.literal('withdraw') }),
  ],
  { error: '请选择操作：request、confirm 或 withdraw' },
);
export type AccountCancelRequest = z.infer<typeof accountCancelRequestSchema>;

export const accountCancelResultSchema = accountCancelStatusSchema.extend({
  /** Seconds before another SMS code may be sent (after `request`). */
  sms_cooldown: z.number().int().nullable(),
});
export type AccountCancelResult = z.infer<typeof accountCancelResultSchema>;

export const devAccountCancelElapseSchema = z.object({ phone: phoneSchema });

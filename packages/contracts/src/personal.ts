import { z } from 'zod';
import { coercedId, numberId, requestText, textSchema } from './primitives.ts';
import { pageQuerySchema } from './pagination.ts';

/** The personal centre (issue 13 A): profile, region, devices, bindings, subscriptions, privacy, my data. */

export const genders = ['unknown', 'male', 'female'] as const;
export type Gender = (typeof genders)[number];
export const genderLabels: Record<Gender, string> = { unknown: '保密', male: '男', female: '女' };

export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 16;
/** The youngest and oldest age a birthday may give. */
export const BIRTHDAY_MIN_AGE = 8;
export const BIRTHDAY_MAX_AGE = 100;
/** Nicknames may not pose as the platform or its staff. */
export const reservedNicknameWords = ['官方', '客服', '管理员', '好氏', 'admin'] as const;

export const nicknameSchema = requestText('请输入昵称')
  .trim()
  .min(NICKNAME_MIN, `昵称至少${NICKNAME_MIN}个字`)
  .max(NICKNAME_MAX, `昵称最多${NICKNAME_MAX}个字`)
  .regex(/^[\p{L}\p{N}_\-·]+$/u, '昵称只能包含中英文、数字、下划线和短横线');

export const birthdaySchema = z
  .string({ error: '请选择生日' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, '生日格式应为 YYYY-MM-DD')
  // One check, safe on any text: zod runs it even when the pattern above has failed.
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, '生日不是有效日期');

/** One or more profile fields; nothing given is refused. */
export const profileUpdateSchema = z
  .object({
    nickname: nicknameSchema.optional(),
    /** An upload key of purpose avatar (already cropped in the browser). */
    avatar_key: textSchema.min(1).max(300).optional(),
    gender: z.enum(genders, { error: '请选择性别' }).optional(),
    birthday: birthdaySchema.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), '请至少修改一项资料');
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const locationSources = ['picker', 'native'] as const;
export const locationUpdateSchema = z.object({
  province_code: z.string({ error: '请选择省份' }).regex(/^\d{6}$/, '省份无效'),
  city_code: z.string({ error: '请选择城市' }).regex(/^\d{6}$/, '城市无效'),
  source: z.enum(locationSources).default('picker'),
});
export type LocationUpdate = z.input<typeof locationUpdateSchema>;

export const profileSchema = z.object({
  id: z.number().int(),
  phone_masked: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  gender: z.enum(genders),
  birthday: z.string().nullable(),
  province_code: z.string(),
  city_code: z.string(),
  /** "广东省 深圳市", or '' when not set. */
  region: z.string(),
  created_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileFields = ['nickname', 'avatar', 'gender', 'birthday', 'region'] as const;
export type ProfileField = (typeof profileFields)[number];
export const profileFieldLabels: Record<ProfileField, string> = {
  nickname: '昵称',
  avatar: '头像',
  gender: '性别',
  birthday: '生日',
  region: '所在地区',
};
export const profileChangeSchema = z.object({
  id: z.number().int(),
  field: z.enum(profileFields),
  old_value: z.string(),
  new_value: z.string(),
  ip: z.string(),
  created_at: z.string(),
});
export type ProfileChange = z.infer<typeof profileChangeSchema>;
export const profileHistoryQuerySchema = pageQuerySchema;

/** Devices (登录设备): every live session of the user. */
export const sessionItemSchema = z.object({
  id: z.number().int(),
  current: z.boolean(),
  device: z.string(),
  ip: z.string(),
  place: z.string(),
  created_at: z.string(),
  last_active_at: z.string(),
});
export type SessionItem = z.infer<typeof sessionItemSchema>;
export const sessionListSchema = z.object({ list: z.array(sessionItemSchema) });
export const sessionRevokeRequestSchema = z.object({ session_id: numberId('设备编号无效') });
export const sessionRevokeResultSchema = z.object({ revoked: z.number().int() });

/** Third-party accounts (第三方账号绑定). */
export const thirdPartyProviders = ['wechat', 'qq', 'douyin'] as const;
export type ThirdPartyProvider = (typeof thirdPartyProviders)[number];
export const thirdPartyLabels: Record<ThirdPartyProvider, string> = {
  wechat: '微信',
  qq: 'QQ',
  douyin: '抖音',
};
export const thirdPartyProviderSchema = z.enum(thirdPartyProviders, { error: '不支持的第三方平台' });
export const bindingSchema = z.object({
  provider: z.enum(thirdPartyProviders),
  name: z.string(),
  bound: z.boolean(),
  nickname: z.string(),
  bound_at: z.string().nullable(),
});
export type Binding = z.infer<typeof bindingSchema>;
export const bindingListSchema = z.object({ list: z.array(bindingSchema) });
export const bindAuthorizeRequestSchema = z.object({
  provider: thirdPartyProviderSchema,
  /** The in-app page to come back to after the provider's page. */
  return_to: textSchema
    .regex(/^\/[\w\-./?=&%]*$/, '返回地址无效')
    .max(200)
    .default('/thirdInfo'),
});
export const bindAuthorizeResultSchema = z.object({ authorize_url: z.string() });
export const bindConfirmRequestSchema = z.object({
  provider: thirdPartyProviderSchema,
  code: textSchema.min(1, '授权码缺失').max(200),
  state: textSchema.min(1, '授权状态缺失').max(200),
});
export const bindUnbindRequestSchema = z.object({ provider: thirdPartyProviderSchema });

/** WeChat notices (微信推送通知): what the user wants pushed. */
export const noticeTopics = ['order', 'bargain', 'wallet', 'security', 'promotion'] as const;
export type NoticeTopic = (typeof noticeTopics)[number];
export const noticeTopicLabels: Record<NoticeTopic, { title: string; description: string }> = {
  order: { title: '订单进度', description: '付款、交付、换绑、完成等订单状态变化' },
  bargain: { title: '议价消息', description: '买家出价、卖家还价与议价结果' },
  wallet: { title: '资金变动', description: '充值到账、提现进度与余额变动' },
  security: { title: '账号安全', description: '新设备登录、资料修改与第三方绑定' },
  promotion: { title: '活动优惠', description: '优惠券发放与平台活动' },
};
/** A push's delivery: queued in the outbox, handed to the push provider, or given up after retries. */
export const wxPushStatuses = ['pending', 'delivered', 'failed'] as const;
export type WxPushStatus = (typeof wxPushStatuses)[number];
export const wxPushStatusLabels: Record<WxPushStatus, string> = {
  pending: '发送中',
  delivered: '已送达',
  failed: '发送失败',
};
/** How many of the latest pushes /wxPushInform shows (最近推送). */
export const WX_PUSH_RECENT_LIMIT = 20;
export const wxPushSchema = z.object({
  id: z.number().int(),
  topic: z.enum(noticeTopics),
  topic_title: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  status: z.enum(wxPushStatuses),
  status_label: z.string(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type WxPush = z.infer<typeof wxPushSchema>;
export const wxNoticeSchema = z.object({
  /** Pushes go to the bound WeChat account; without one nothing can be sent. */
  wechat_bound: z.boolean(),
  /** The latest pushes sent to this user's WeChat, newest first (最近推送). */
  recent_pushes: z.array(wxPushSchema),
  topics: z.array(
    z.object({
      topic: z.enum(noticeTopics),
      title: z.string(),
      description: z.string(),
      enabled: z.boolean(),
    }),
  ),
});
export type WxNotice = z.infer<typeof wxNoticeSchema>;
export const wxNoticeUpdateSchema = z.object({
  topic: z.enum(noticeTopics, { error: '不支持的通知类型' }),
  enabled: z.boolean({ error: '请选择开启或关闭' }),
});

/** Privacy switches the rest of the product honours. */
export const privacySettingsSchema = z.object({
  /** Leave footprints on listings (and so show up in the seller's visitors). */
  visitor_traces: z.boolean(),
  /** The home feed follows what the user browses. */
  personalised_recommendations: z.boolean(),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
export const privacyUpdateSchema = privacySettingsSchema
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), '请至少修改一项设置');
export const defaultPrivacySettings: PrivacySettings = {
  visitor_traces: true,
  personalised_recommendations: true,
};

/** An account event of the user's own inbox (/app/user/event/detail). */
export const eventDetailQuerySchema = z.object({ id: coercedId('消息编号无效') });
export const eventDetailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

/** My data (个人信息副本): every module's records of the user, as JSON. */
export const dataExportSectionSchema = z.object({
  module: z.string(),
  title: z.string(),
  records: z.array(z.record(z.string(), z.unknown())),
});
export type DataExportSection = z.infer<typeof dataExportSectionSchema>;
export const dataExportSchema = z.object({
  user_id: z.number().int(),
  generated_at: z.string(),
  sections: z.array(dataExportSectionSchema),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/**
 * The err_code catalogue: one entry per outcome the server can report, each with the Chinese
 * message the user sees. SPEC §8 fixes the meaning of 400/401/402, 4301/4302 and 65xx; every
 * other code is the product's own. Codes are grouped by area: 1xxx common, 2xxx identity, 3xxx listings and
 * uploads, 40xx money (4301/4302 belong to SPEC).
 */
export const ErrorCodes = {
  OK: 0,
  LOGIN_REQUIRED: 400,
  SESSION_INVALID: 401,
  ACCOUNT_DISABLED: 402,
  REAL_NAME_REQUIRED: 4301,
  PHONE_BINDING_REQUIRED: 4302,
  APP_UPDATE_REQUIRED: 6500,
  LOCATION_PERMISSION_REQUIRED: 6501,
  USER_CONTACT_REQUIRED: 6502,
  LOCATION_REQUIRED: 6503,

  VALIDATION_FAILED: 1000,
  MALFORMED_JSON: 1001,
  PAYLOAD_TOO_LARGE: 1002,
  UNSUPPORTED_MEDIA_TYPE: 1003,
  ROUTE_NOT_FOUND: 1004,
  RATE_LIMITED: 1005,
  IDEMPOTENCY_KEY_REUSED: 1006,
  IDEMPOTENCY_IN_PROGRESS: 1007,
  NOT_FOUND: 1010,
  FORBIDDEN: 1011,
  CONFLICT: 1012,
  INTERNAL_ERROR: 1099,

  SMS_RESEND_COOLDOWN: 2001,
  SMS_PHONE_DAILY_LIMIT: 2002,
  SMS_IP_DAILY_LIMIT: 2003,
  SMS_CODE_WRONG: 2004,
  SMS_CODE_EXPIRED: 2005,
  SMS_CODE_TOO_MANY_ATTEMPTS: 2006,
  SMS_CODE_NOT_SENT: 2007,
  SMS_SEND_FAILED: 2008,
  QR_TICKET_NOT_FOUND: 2101,
  QR_TICKET_EXPIRED: 2102,
  QR_TICKET_USED: 2103,
  DEVICE_TOKEN_INVALID: 2201,
  DEVICE_TOKEN_EXPIRED: 2202,

  INSUFFICIENT_BALANCE: 4001,

  GOODS_NOT_FOUND: 3001,
  GOODS_NOT_OWNER: 3002,
  GOODS_STATE_INVALID: 3003,
  GAME_NOT_FOUND: 3004,
  GOODS_INCOMPLETE: 3005,
  GOODS_OWN_LISTING: 3006,
  STORE_NOT_FOUND: 3007,
  SELF_FOLLOW: 3008,
  GOODS_QR_EXPIRED: 3009,
  UPLOAD_TICKET_INVALID: 3101,
  UPLOAD_TICKET_EXPIRED: 3102,
  UPLOAD_TICKET_USED: 3103,
  UPLOAD_TYPE_UNSUPPORTED: 3104,
  UPLOAD_TOO_LARGE: 3105,
  UPLOAD_IMAGE_BROKEN: 3106,
  UPLOAD_NOT_FOUND: 3107,
  UPLOAD_STORAGE_FAILED: 3108,
  IMAGE_NOT_FOUND: 3109,
} as const;

export type ErrorCodeName = keyof typeof ErrorCodes;
export type ErrorCode = (typeof ErrorCodes)[ErrorCodeName];

export const errorMessages: Record<ErrorCode, string> = {
  0: '操作成功',
  400: '请先登录',
  401: '登录已失效，请重新登录',
  402: '账号已停用，请重新登录或联系客服',
  4301: '请先完成实名认证',
  4302: '请先绑定手机号',
  6500: '当前版本过低，请到“我的”页面点击右上角设置，检查更新后再试',
  6501: '请开启定位权限后再试',
  6502: '请授权获取联系人信息后再试',
  6503: '需要获取您的位置信息',

  1000: '参数有误，请检查后重试',
  1001: '请求格式有误，请刷新后重试',
  1002: '提交的内容过大，请精简后重试',
  1003: '不支持的请求格式',
  1004: '接口不存在，请升级到最新版本',
  1005: '操作太频繁，请稍后再试',
  1006: '重复的请求编号，且请求内容不一致',
  1007: '请求正在处理中，请稍候',
  1010: '内容不存在或已删除',
  1011: '没有权限执行该操作',
  1012: '状态已变化，请刷新后重试',
  1099: '系统繁忙，请稍后再试',

  2001: '验证码发送太频繁，请稍后再试',
  2002: '该手机号今日获取验证码次数已达上限，请明天再试',
  2003: '当前网络今日获取验证码次数已达上限，请明天再试',
  2004: '验证码错误，请重新输入',
  2005: '验证码已过期，请重新获取',
  2006: '验证码错误次数过多，请重新获取',
  2007: '请先获取验证码',
  2008: '短信发送失败，请稍后再试',
  2101: '二维码无效，请刷新后重新扫码',
  2102: '二维码已过期，请刷新后重新扫码',
  2103: '二维码已被使用，请刷新后重新扫码',
  2201: '设备校验失败',
  2202: '设备校验已过期，请重试',

  4001: '余额不足',

  3001: '商品不存在或已下架',
  3002: '只能编辑自己的商品',
  3003: '当前状态不可操作',
  3004: '游戏不存在或暂未开放交易',
  3005: '商品信息不完整，请补充后再提交',
  3006: '不能购买或收藏自己的商品',
  3007: '店铺不存在',
  3008: '不能关注自己的店铺',
  3009: '二维码已过期，请刷新',
  3101: '上传链接无效，请重新上传',
  3102: '上传链接已过期，请重新上传',
  3103: '上传链接已使用，请重新获取',
  3104: '仅支持 JPG、PNG、WEBP 格式的图片',
  3105: '图片不能超过10MB',
  3106: '图片已损坏，无法识别',
  3107: '截图未上传或不属于你，请重新上传',
  3108: '图片保存失败，请稍后再试',
  3109: '图片不存在',
};

/** Codes after which the client starts the login flow (SPEC §8). */
export const loginRequiredCodes: ReadonlySet<number> = new Set([
  ErrorCodes.LOGIN_REQUIRED,
  ErrorCodes.SESSION_INVALID,
  ErrorCodes.ACCOUNT_DISABLED,
]);

export function messageFor(code: number): string {
  return (
    (errorMessages as Record<number, string | undefined>)[code] ?? errorMessages[ErrorCodes.INTERNAL_ERROR]
  );
}

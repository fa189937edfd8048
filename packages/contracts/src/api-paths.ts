/** Paths of the calls owned by the platform foundation. SPEC §7 names most; the rest are ours. */
export const apiPaths = {
  sms: '/app/sms',
  login: '/app/login',
  logout: '/app/logout',
  currentUser: '/app/user/info',
  qrTicketCreate: '/app/login/qrcode',
  qrTicketStatus: '/app/login/qrcode/status',
  qrAuth: '/app/login/qrcode/auth',
  deviceId: '/app/device/v2',
  securityToken: '/security/v1/token',
  devSmsOutbox: '/dev/outbox/sms',
  health: '/healthz',
} as const;

/** SPEC §9: calls whose time-out differs from the client's 10 s default. */
export const HTTP_DEFAULT_TIMEOUT_MS = 10_000;
export const callTimeoutsMs: Readonly<Record<string, number>> = {
  '/app/user/ban': 20_000,
  '/app/merchant/cloud_phone/restart': 20_000,
  '/app/merchant/cloud_phone/upload': 60_000,
};

/** The identity module's public API (accounts, roles, sessions, SMS, devices): other code imports from here only. */
export { identityRoutes, type IdentityServices } from './routes.ts';
export { createSessionService, type LoginHook, type SessionService } from './session-service.ts';
export { createSmsService, type SmsService } from './sms-service.ts';
export { createOutboxSmsProvider, type SmsMessage, type SmsProvider } from './sms-provider.ts';
export { createQrLoginService } from './qr-login-service.ts';
export { createDeviceService } from './device-service.ts';
export { createBuiltinSecurityProvider } from './security-provider.ts';
export { decryptDeviceSignature } from './device-signature.ts';
export { maskPhone, profilesOf, rolesOf, type UserRow } from './user-service.ts';
export {
  changeUserStatus,
  createUserIfNew,
  disabledUserIds,
  ensureUsers,
  findUser,
  grantRole,
  listUserRows,
  phoneOf,
  phoneTakenByOther,
  recentSmsOf,
  revokeRole,
  rolesByUser,
  setPhone,
  userIdsWithRole,
  usersByIds,
} from './user-queries.ts';
export {
  identityExportSources,
  liveSessionsOf,
  revokeSessionOf,
  revokeSessionsExcept,
  setNicknameAvatar,
  type LiveSession,
} from './account-queries.ts';
export { cancelledPhoneOf, eraseAccount } from './account-erasure.ts';

/** The personal centre's public API: its plugin (profile, devices, bindings, notices, my data). */
export { personalPlugin } from './personal-plugin.ts';
export type { ThirdPartyAuthProvider, ThirdPartyIdentity } from './third-party-provider.ts';
export { erasePersonalData } from './account-erasure.ts';
export type { WxPushMessage, WxPushOutcome, WxPushProvider } from './wx-push-provider.ts';

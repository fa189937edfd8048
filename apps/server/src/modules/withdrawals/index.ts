/** The withdrawals module's public API: the plugin (calls, finance review, jobs) and the in-use check. */
export { withdrawalsPlugin, type WithdrawalJobs } from './withdrawals-plugin.ts';
export { payoutMethodsInUse } from './methods-in-use.ts';
export type { PayoutProvider } from './payout-provider.ts';
export { pendingWithdrawalCountOf } from './open-items.ts';

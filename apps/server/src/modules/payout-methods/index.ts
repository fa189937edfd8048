/** The payout-methods module's public API: the user's methods, their routes, and one method for a payout. */
export {
  getPayoutMethodForUser,
  payoutMethodSummaries,
  type PayoutMethodForPayout,
} from './payout-method-service.ts';
export { payoutMethodRoutes } from './routes.ts';
export { erasePayoutMethods } from './account-erasure.ts';

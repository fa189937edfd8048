/**
 * The sincerity-deposit module's public API: its routes, what the wallet shows as held, and
 * holds/penalties for the orders to come.
 */
export { sincerityRoutes } from './routes.ts';
export { heldDepositFen } from './sincerity-queries.ts';
export {
  attachHold,
  holdDepositsForOrders,
  lockHolding,
  pendingPenaltyFen,
  raisePenalty,
  releaseHold,
  releaseOrderHold,
  settlePenalty,
  waivePenalty,
  type HoldInput,
  type OrderHold,
  type PenaltyInput,
} from './sincerity-service.ts';
export { sincerityOpenFen } from './open-items.ts';

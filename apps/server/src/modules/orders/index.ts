/** The orders module's public API: the plugin (routes, timers, the cashier hook). */
export { ordersPlugin } from './orders-plugin.ts';
export { orders } from './tables.ts';
export { createOrderProtocolSubjects } from './protocol-subjects.ts';
export { resealCredentials, type ResealOutcome } from './credentials-reseal.ts';
export { orderOfUser, ordersOfUser, type OrderOfUser } from './orders-of-user.ts';
export { createOrderChatCards } from './chat-card.ts';
export {
  buyerKeepsStates,
  findOrderByNo,
  keptPurchasesOf,
  lockOrderByNo,
  ordersByIds,
  splitRefundFen,
  type OrderRow,
} from './order-queries.ts';
export { ordersExportSources } from './orders-export.ts';
export { openDisputeCountOf, openOrderCountOf } from './open-items.ts';

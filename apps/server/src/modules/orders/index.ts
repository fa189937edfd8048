/** The orders module's public API: the plugin (routes, timers, the cashier hook). */
export { ordersPlugin } from './orders-plugin.ts';
export { orders } from './tables.ts';
export { createOrderProtocolSubjects } from './protocol-subjects.ts';
export { openDisputeCountOf, openOrderCountOf } from './open-items.ts';

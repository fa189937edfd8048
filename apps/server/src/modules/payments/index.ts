/** The payments module's public API: the plugin (recharge calls, cashier, notify and query jobs). */
export { paymentsPlugin, type PaymentsPluginOptions } from './payments-plugin.ts';

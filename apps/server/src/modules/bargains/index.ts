/** The bargains module's public API: the plugin, and what the orders module needs of an agreed price. */
export { bargainsPlugin } from './bargains-plugin.ts';
export {
  agreedBargainFor,
  consumeBargain,
  restoreBargain,
  type AgreedBargainQuery,
  type AgreedPrice,
} from './order-terms.ts';
export { openBargainCountOf } from './open-items.ts';

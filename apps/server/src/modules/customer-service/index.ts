/** The customer-service module's public API: its plugin and the chat port app.ts builds for it. */
export { customerServicePlugin } from './customer-service-plugin.ts';
export type { ServiceChat } from './service-chat.ts';

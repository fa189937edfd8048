/** The account-cancellation module's public API: the plugin, and the service app.ts builds (its login hook). */
export { accountCancellationPlugin } from './account-cancellation-plugin.ts';
export { createCancellationService, type CancellationService } from './cancellation-service.ts';

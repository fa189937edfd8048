/** The bot-protection module's public API: the plugin (endpoints and gate) and the provider shape. */
export { botProtectionPlugin } from './bot-protection-plugin.ts';
export { createBuiltinBotProtection, type BotProtectionProvider, type ClientContext } from './provider.ts';
export { scoreSignals, type RiskReason, type RiskScore } from './scoring.ts';

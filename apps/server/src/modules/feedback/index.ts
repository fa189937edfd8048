/** The feedback module's public API: its routes and its share of "my data". */
export { feedbackRoutes } from './routes.ts';
export { feedbackExportSources } from './feedback-export.ts';
export { eraseFeedback } from './account-erasure.ts';

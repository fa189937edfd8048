/** The evaluations module's public API: its plugin (routes) and tables. */
export { evaluationsPlugin } from './routes.ts';
export { evaluationCashbacks, evaluations } from './tables.ts';
export { createEvaluationService, type EvaluationService } from './evaluation-service.ts';
export { eraseEvaluationTexts } from './account-erasure.ts';

/** The feedback module's public API: its routes. */
export { feedbackRoutes } from './routes.ts';

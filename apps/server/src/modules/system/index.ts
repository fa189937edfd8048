/** The system module's public API: health, client config and the dev SMS outbox routes. */
export { systemRoutes } from './routes.ts';

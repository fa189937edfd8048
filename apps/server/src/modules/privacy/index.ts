/** The privacy module's public API: the switches, which listings and the home feed honour. */
export { privacyRoutes } from './routes.ts';
export { privacyExportSources, privacyOf } from './privacy-service.ts';
export { erasePrivacySettings } from './account-erasure.ts';

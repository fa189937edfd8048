/** The real-name module's public API (verification, phone binding and the guards money calls use). */
export { assertPhoneBound, assertRealNameVerified } from './guards.ts';
export { isRealNameVerified, verifiedIdentity, verifiedNameMasked } from './verification-queries.ts';
export { realNameServiceFor, type RealNameService } from './real-name-service.ts';
export { realNameRoutes } from './routes.ts';
export { eraseRealName } from './account-erasure.ts';

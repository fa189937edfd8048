/** The guarantee-and-claims module's public API: its routes, tables and the demo pool funding. */
export { claimsPlugin } from './routes.ts';
export { guaranteeClaims } from './tables.ts';
export { fundCompensationPoolDemo } from './pool-seed.ts';
export { openClaimCountOf } from './account-claims.ts';

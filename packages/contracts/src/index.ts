export * from './error-codes.ts';
export * from './envelope.ts';
export * from './money.ts';
export * from './pagination.ts';
export * from './brands.ts';
export * from './device.ts';
export * from './identity.ts';
export * from './api-paths.ts';

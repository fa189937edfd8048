/** The wallet's public API: its routes (bills are read from the ledger's public API). */
export { walletRoutes } from './routes.ts';

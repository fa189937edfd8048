/** The ledger's public API: other modules import from here only. */
export * as ledger from './ledger-service.ts';
export { accountIdOf, escrowOf, ESCROW_SHARDS, type AccountRef } from './accounts.ts';
export { debitedSince } from './transfer-queries.ts';
export { checkLedger, formatLedgerReport } from './ledger-check.ts';
export {
  billDetail,
  billStatement,
  listBills,
  profitList,
  profitSummary,
  walletSummary,
} from './bill-service.ts';
export { ledgerExportSources } from './ledger-export.ts';

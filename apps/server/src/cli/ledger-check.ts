import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { checkLedger, formatLedgerReport } from '../modules/ledger/index.ts';
import { assertCompiledContracts } from '../lib/compiled-runtime.ts';

assertCompiledContracts();

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await database.migrate();
  const report = await checkLedger(database.db);
  console.log(formatLedgerReport(report));
  process.exitCode = report.ok ? 0 : 1;
} catch (error) {
  console.error(error);
  process.exitCode = 2;
} finally {
  await database.close();
}

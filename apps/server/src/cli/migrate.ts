import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { assertCompiledContracts } from '../lib/compiled-runtime.ts';

assertCompiledContracts();

// `npm run migrate`: the same step the server runs at start-up (db plugin), under the same lock.
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await database.migrate();
  console.log(`migrations applied (${database.kind})`);
} finally {
  await database.close();
}

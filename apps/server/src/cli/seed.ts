/**
 * Seeds the demo marketplace into the configured database (DATABASE_URL or DATA_DIR):
 *   npm run seed -- --goods 100000
 * Idempotent: existing demo listings count towards --goods, so a re-run only tops up.
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { DEMO_GOODS, seedDemoData } from '../db/seed.ts';
import { assertCompiledContracts } from '../lib/compiled-runtime.ts';

assertCompiledContracts();

const { values } = parseArgs({ options: { goods: { type: 'string', default: String(DEMO_GOODS) } } });
const goods = Number(values.goods);
if (!Number.isSafeInteger(goods) || goods < 0) {
  console.error('--goods must be a whole number');
  process.exit(2);
}

const config = loadConfig();
if (config.NODE_ENV === 'production') {
  console.error('Refusing to seed demo staff and data with NODE_ENV=production');
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await database.migrate();
  await seedDemoData(database.db, pino({ level: 'info' }), { goods });
} finally {
  await database.close();
}

import { userInfo } from 'node:os';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { AdminCommandError, createAdminService } from '../modules/admin/index.ts';
import { assertCompiledContracts } from '../lib/compiled-runtime.ts';

assertCompiledContracts();

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();
const actor = process.env.HAOSHI_ADMIN_ACTOR ?? userInfo().username;
try {
  console.log(
    await createAdminService(database.db, actor, { credentialsKeys: config.ORDER_CREDENTIALS_KEYS }).run(
      process.argv.slice(2),
    ),
  );
  process.exitCode = 0;
} catch (error) {
  console.error(error instanceof AdminCommandError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}

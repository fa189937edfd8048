import { userInfo } from 'node:os';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { AdminCommandError, createAdminService, openAdminSessions } from '../modules/admin/index.ts';
import { assertCompiledContracts } from '../lib/compiled-runtime.ts';

assertCompiledContracts();

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();
const actor = process.env.HAOSHI_ADMIN_ACTOR ?? userInfo().username;
// Redis trouble goes to stderr, beside the refusals, never into the command's output.
const ending = openAdminSessions(database.db, config, pino({ level: 'error' }, pino.destination(2)));
try {
  console.log(
    await createAdminService(database.db, actor, {
      credentialsKeys: config.ORDER_CREDENTIALS_KEYS,
      sessions: ending.sessions,
    }).run(process.argv.slice(2)),
  );
  process.exitCode = 0;
} catch (error) {
  console.error(error instanceof AdminCommandError ? error.message : error);
  process.exitCode = 1;
} finally {
  await ending.close();
  await database.close();
}

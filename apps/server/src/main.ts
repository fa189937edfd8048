import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { seedDemoData } from './db/seed.ts';
import { assertCompiledContracts } from './lib/compiled-runtime.ts';

assertCompiledContracts();

const config = loadConfig();
const app = await buildApp({ config });
if (config.SEED_DEMO) await seedDemoData(app.db, app.log);

let closing = false;
const shutdown = (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received, closing`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, 'error while closing');
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));

await app.listen({ host: config.HOST, port: config.PORT });
await app.jobs.start();
app.log.info(`haoshi serving on http://${config.HOST}:${config.PORT} (database: ${app.database.kind})`);

import type { Config } from './config.ts';
import { buildApp } from './app.ts';
import { seedDemoData } from './db/seed.ts';
import { seedDemoTrades } from './db/seed-demo-trades.ts';

/** One server process: builds the app, seeds the demo when asked, listens and runs the jobs. */
export async function serve(config: Config): Promise<void> {
  const app = await buildApp({ config });
  if (config.SEED_DEMO) {
    await seedDemoData(app.db, app.log);
    // Completed trades go through the order services, so they need the app, not just the database.
    const trades = await seedDemoTrades(app);
    if (trades.created > 0) app.log.info(`demo trades: ${trades.created} completed orders with evaluations`);
  }

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
}

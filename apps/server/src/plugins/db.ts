import fp from 'fastify-plugin';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';

/** Opens (or adopts) the database, applies migrations, and closes it on shutdown when it owns it. */
export const dbPlugin = fp<{ database?: DatabaseHandle }>(
  async (app, options) => {
    const owned = !options.database;
    const database =
      options.database ??
      (await openDatabase({ databaseUrl: app.config.DATABASE_URL, dataDir: app.config.DATA_DIR }));
    await database.migrate();
    app.decorate('database', database);
    app.decorate('db', database.db);
    if (owned) app.addHook('onClose', () => database.close());
  },
  { name: 'db', dependencies: ['config'] },
);

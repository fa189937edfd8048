import type { FastifyPluginAsync } from 'fastify';
import type { CatalogueService } from '../catalogue/index.ts';
import type { ImageUrl } from '../goods/index.ts';
import { createBargainService } from './bargain-service.ts';
import { registerBargainTimers } from './bargain-timers.ts';
import { bargainRoutes } from './routes.ts';

/** Bargaining (issue 11 E): the calls, and the expiries as process timers. */
export const bargainsPlugin: FastifyPluginAsync<{
  now: () => Date;
  catalogue: CatalogueService;
  imageUrl: ImageUrl;
}> = async (app, { now, catalogue, imageUrl }) => {
  registerBargainTimers(app.processes, now);
  const bargains = createBargainService({ db: app.db, now, processes: app.processes, catalogue, imageUrl });
  await app.register(bargainRoutes, { bargains });
};

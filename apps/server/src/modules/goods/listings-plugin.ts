import type { FastifyPluginAsync } from 'fastify';
import type { CatalogueService } from '../catalogue/index.ts';
import type { UploadService } from '../storage/index.ts';
import type { ImageUrl } from './goods-cards.ts';
import type { ListingsCore } from './listings-core.ts';
import { createGoodsService } from './goods-service.ts';
import { createInteractionService } from './interaction-service.ts';
import { createCommentService } from './comment-service.ts';
import { createPublishService } from './publish-service.ts';
import { goodsRoutes } from './routes.ts';
import { publishRoutes } from './publish-routes.ts';
import { userGoodsRoutes } from './user-routes.ts';
import { purgeViewMarks, VIEW_MARKS_PURGE_JOB } from './view-marks.ts';
import {
  SHELVE_DISABLED_EVERY_SECONDS,
  SHELVE_DISABLED_JOB,
  shelveListingsOfDisabledSellers,
} from './disabled-sellers.ts';

/**
 * Listings (issue 3): goods, publishing, favourites/footprints/follows. The search and its cache
 * (shared with the home page) and the uploads come from the app.
 */
export const listingsPlugin: FastifyPluginAsync<{
  now: () => Date;
  catalogue: CatalogueService;
  core: ListingsCore;
  uploads: UploadService;
  imageUrl: ImageUrl;
}> = async (app, { now, catalogue, core, uploads, imageUrl }) => {
  const { db } = app;
  const { search, onChange, index } = core;
  // Built once the server is up (after a start's seeding), in the background: SQL answers meanwhile.
  app.addHook('onReady', async () => {
    void index.loaded().catch(() => undefined);
  });
  const interactions = createInteractionService({ db, catalogue, imageUrl, now, onChange });
  app.jobs.work(VIEW_MARKS_PURGE_JOB, () => purgeViewMarks(db, now()));
  app.jobs.schedule(VIEW_MARKS_PURGE_JOB, 3600);
  app.jobs.work(SHELVE_DISABLED_JOB, () =>
    shelveListingsOfDisabledSellers({ db, processes: app.processes, now, onChange }),
  );
  app.jobs.schedule(SHELVE_DISABLED_JOB, SHELVE_DISABLED_EVERY_SECONDS);

  await app.register(goodsRoutes, {
    services: {
      search,
      goods: createGoodsService({ db, catalogue, imageUrl, now }),
      interactions,
      comments: createCommentService({ db, imageUrl }),
    },
  });
  await app.register(publishRoutes, {
    publish: createPublishService({
      db,
      catalogue,
      uploads,
      imageUrl,
      now,
      onChange,
      processes: app.processes,
    }),
  });
  await app.register(userGoodsRoutes, { interactions });
};

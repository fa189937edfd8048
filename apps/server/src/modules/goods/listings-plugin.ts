import type { FastifyPluginAsync } from 'fastify';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import { createResultCache } from '../../lib/result-cache.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import { catalogueRoutes } from '../catalogue/routes.ts';
import { createHomeService } from '../home/home-service.ts';
import { homeRoutes } from '../home/routes.ts';
import type { Storage } from '../storage/storage-factory.ts';
import { createUploadService } from '../storage/upload-service.ts';
import { storageRoutes } from '../storage/routes.ts';
import { createSearchService } from './search-service.ts';
import { createSearchIndexKeeper } from './search-index-keeper.ts';
import { createGoodsService } from './goods-service.ts';
import { createInteractionService } from './interaction-service.ts';
import { createCommentService } from './comment-service.ts';
import { createPublishService } from './publish-service.ts';
import { goodsRoutes } from './routes.ts';
import { publishRoutes } from './publish-routes.ts';
import { userGoodsRoutes } from './user-routes.ts';

/**
 * Discovery and listings (issue 3): catalogue, home, goods, publishing, favourites/footprints/follows
 * and uploads, wired together. Services share one result cache, emptied on every instance (through
 * the bus) whenever one of them writes a listing.
 */
export const listingsPlugin: FastifyPluginAsync<{
  now: () => Date;
  storage: Storage;
  catalogue: CatalogueService;
  bus: InvalidationBus;
}> = async (app, { now, storage, catalogue, bus }) => {
  const { db, config } = app;
  const imageUrl = (key: string) => storage.provider.publicUrl(key);
  const cache = createResultCache({ ttlMs: config.SEARCH_CACHE_MS });
  const counts = createResultCache({ ttlMs: config.SEARCH_CACHE_MS * 10 });
  const index = createSearchIndexKeeper({ db, log: app.log });
  bus.subscribe('listings', () => {
    index.markStale();
    cache.clear();
    counts.clear();
  });
  // Built once the server is up (after a start's seeding), in the background: SQL answers meanwhile.
  app.addHook('onReady', async () => {
    void index.loaded().catch(() => undefined);
  });
  const onChange = () => bus.publish('listings');
  const uploads = createUploadService({ db, provider: storage.provider, local: storage.local, now });
  const search = createSearchService({ db, catalogue, imageUrl, cache, counts, index });
  const interactions = createInteractionService({ db, catalogue, imageUrl, now, onChange });

  await app.register(catalogueRoutes, { catalogue });
  await app.register(homeRoutes, { home: createHomeService({ db, catalogue, imageUrl, cache }), search });
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
  await app.register(storageRoutes, { uploads, local: storage.local, cacheRoot: storage.cacheRoot });
};

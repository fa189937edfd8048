import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import { createResultCache } from '../../lib/result-cache.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { ImageUrl } from './goods-cards.ts';
import { createSearchService } from './search-service.ts';
import { createSearchIndexKeeper } from './search-index-keeper.ts';
import { createCardCache } from './card-cache.ts';
import { cardsById } from './search-index-repo.ts';

/**
 * What the listings share with the home page: the search over them, answered from this instance's
 * in-memory index (marked stale on every instance through the bus whenever a listing is written) and
 * its card cache (a listing's card dropped when the index reads the listing again), and one result
 * cache (and its counts), emptied by the same message.
 */
export function createListingsCore(options: {
  db: Database;
  catalogue: CatalogueService;
  imageUrl: ImageUrl;
  bus: InvalidationBus;
  cacheMs: number;
  log: FastifyBaseLogger;
}) {
  const { db, catalogue, imageUrl, bus, log } = options;
  const cache = createResultCache({ ttlMs: options.cacheMs });
  const counts = createResultCache({ ttlMs: options.cacheMs * 10 });
  const cards = createCardCache({ read: (ids) => cardsById(db, ids) });
  const index = createSearchIndexKeeper({ db, log, onReread: (ids) => cards.drop(ids) });
  bus.subscribe('listings', () => {
    index.markStale();
    cache.clear();
    counts.clear();
  });
  const onChange = () => bus.publish('listings');
  const search = createSearchService({ db, catalogue, imageUrl, cache, counts, index, cards });
  return { cache, search, onChange, index };
}

export type ListingsCore = ReturnType<typeof createListingsCore>;

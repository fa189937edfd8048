import type { Database } from '../../db/client.ts';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import { createResultCache } from '../../lib/result-cache.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { ImageUrl } from './goods-cards.ts';
import { createSearchService } from './search-service.ts';

/**
 * What the listings share with the home page: one result cache (and its counts), emptied on every
 * instance (through the bus) whenever a listing is written, and the search over them.
 */
export function createListingsCore(options: {
  db: Database;
  catalogue: CatalogueService;
  imageUrl: ImageUrl;
  bus: InvalidationBus;
  cacheMs: number;
}) {
  const { db, catalogue, imageUrl, bus } = options;
  const cache = createResultCache({ ttlMs: options.cacheMs });
  const counts = createResultCache({ ttlMs: options.cacheMs * 10 });
  bus.subscribe('listings', () => {
    cache.clear();
    counts.clear();
  });
  const onChange = () => bus.publish('listings');
  const search = createSearchService({ db, catalogue, imageUrl, cache, counts });
  return { cache, search, onChange };
}

export type ListingsCore = ReturnType<typeof createListingsCore>;

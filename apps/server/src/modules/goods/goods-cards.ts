import { fenToAmount, type GoodsCard } from '@haoshi/contracts';
import type { CatalogueLookup } from '../catalogue/index.ts';
import type { CardRow } from './goods-repo.ts';

export type ImageUrl = (key: string) => string;

/** A list card: the lean shape every list of listings shares. */
export function toCard(row: CardRow, lookup: CatalogueLookup, imageUrl: ImageUrl): GoodsCard {
  return {
    id: row.id,
    title: row.title,
    game_id: row.gameId,
    game_name: lookup.byId.get(row.gameId)?.game.name ?? '',
    platform: row.platform,
    partition_name: lookup.partitions.get(row.partitionId)?.name ?? '',
    price: fenToAmount(row.price),
    original_price: row.originalPrice === null ? null : fenToAmount(row.originalPrice),
    cover: row.cover ? imageUrl(row.cover) : '',
    tags: row.tags,
    highlights: row.highlights,
    views: row.views,
    favourites: row.favourites,
    listed_at: row.listedAt?.toISOString() ?? null,
    seller_id: row.sellerId,
    store_name: row.storeName,
  };
}

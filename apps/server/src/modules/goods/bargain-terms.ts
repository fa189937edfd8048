import { eq } from 'drizzle-orm';
import { fenToAmount, type BargainGoods, type GoodsStatus } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import type { CatalogueLookup } from '../catalogue/index.ts';
import type { ImageUrl } from './goods-cards.ts';
import { cardsByIds } from './goods-repo.ts';
import { goods } from './tables.ts';

/** What bargaining needs of a listing, its private floor included (the bargains module never shows it). */
export interface ListingTerms {
  id: number;
  sellerId: number;
  status: GoodsStatus;
  priceFen: number;
  bargain: boolean;
  floorFen: number | null;
}

export async function listingTerms(executor: Executor, goodsId: number): Promise<ListingTerms | undefined> {
  const [row] = await executor
    .select({
      id: goods.id,
      sellerId: goods.sellerId,
      status: goods.status,
      priceFen: goods.price,
      bargain: goods.bargain,
      floorFen: goods.bargainFloor,
    })
    .from(goods)
    .where(eq(goods.id, goodsId));
  return row;
}

/** The listings as bargains show them, by id (any status). */
export async function bargainGoodsByIds(
  executor: Executor,
  ids: readonly number[],
  lookup: CatalogueLookup,
  imageUrl: ImageUrl,
): Promise<Map<number, BargainGoods>> {
  const rows = await cardsByIds(executor, [...new Set(ids)]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        title: row.title,
        cover: row.cover ? imageUrl(row.cover) : '',
        game_name: lookup.byId.get(row.gameId)?.game.name ?? '',
        platform: row.platform,
        partition_name: lookup.partitions.get(row.partitionId)?.name ?? '',
        price: fenToAmount(row.price),
        status: row.status,
      },
    ]),
  );
}

import { eq } from 'drizzle-orm';
import { fenToAmount, type BargainGoods, type GoodsStatus } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import type { CatalogueLookup } from '../catalogue/index.ts';
import type { ImageUrl } from './goods-cards.ts';
import { cardsByIds } from './goods-repo.ts';
import { listingVisibleTo } from './interaction-service.ts';
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

type CardRow = Awaited<ReturnType<typeof cardsByIds>>[number];

const bargainGoodsOf = (row: CardRow, lookup: CatalogueLookup, imageUrl: ImageUrl): BargainGoods => ({
  id: row.id,
  title: row.title,
  cover: row.cover ? imageUrl(row.cover) : '',
  game_name: lookup.byId.get(row.gameId)?.game.name ?? '',
  platform: row.platform,
  partition_name: lookup.partitions.get(row.partitionId)?.name ?? '',
  price: fenToAmount(row.price),
  status: row.status,
});

/** The listings as bargains show them, by id (any status: the parties of a bargain follow it). */
export async function bargainGoodsByIds(
  executor: Executor,
  ids: readonly number[],
  lookup: CatalogueLookup,
  imageUrl: ImageUrl,
): Promise<Map<number, BargainGoods>> {
  const rows = await cardsByIds(executor, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, bargainGoodsOf(row, lookup, imageUrl)]));
}

/**
 * The same, of the listings `viewerId` may see (public, or their own, as the listing's detail);
 * the others are left out exactly like missing ones (a chat's goods card).
 */
export async function goodsShownTo(
  executor: Executor,
  viewerId: number,
  ids: readonly number[],
  lookup: CatalogueLookup,
  imageUrl: ImageUrl,
): Promise<Map<number, BargainGoods>> {
  const rows = await cardsByIds(executor, [...new Set(ids)]);
  return new Map(
    rows.flatMap((row) =>
      listingVisibleTo(row, viewerId) ? [[row.id, bargainGoodsOf(row, lookup, imageUrl)]] : [],
    ),
  );
}

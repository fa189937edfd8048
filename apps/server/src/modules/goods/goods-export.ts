import { desc, eq } from 'drizzle-orm';
import { fenToAmount } from '@haoshi/contracts';
import type { DataExportSource } from '../../lib/data-export.ts';
import { goods, goodsComments, goodsFavourites, goodsFootprints, storeFollows } from './tables.ts';

/** The listings module's share of "my data": what the user published, saved, browsed, followed, said. */
export const goodsExportSources: DataExportSource[] = [
  {
    module: 'goods',
    title: '我发布的商品',
    async records(executor, userId) {
      const rows = await executor
        .select()
        .from(goods)
        .where(eq(goods.sellerId, userId))
        .orderBy(desc(goods.id));
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        description: row.description,
        price: fenToAmount(row.price),
        status: row.status,
        screenshots: row.screenshots,
        created_at: row.createdAt.toISOString(),
      }));
    },
  },
  {
    module: 'goods',
    title: '我的收藏',
    async records(executor, userId) {
      const rows = await executor.select().from(goodsFavourites).where(eq(goodsFavourites.userId, userId));
      return rows.map((row) => ({ goods_id: row.goodsId, created_at: row.createdAt.toISOString() }));
    },
  },
  {
    module: 'goods',
    title: '浏览足迹',
    async records(executor, userId) {
      const rows = await executor.select().from(goodsFootprints).where(eq(goodsFootprints.userId, userId));
      return rows.map((row) => ({
        goods_id: row.goodsId,
        visits: row.visits,
        last_visited_at: row.lastVisitedAt.toISOString(),
      }));
    },
  },
  {
    module: 'goods',
    title: '关注的店铺',
    async records(executor, userId) {
      const rows = await executor.select().from(storeFollows).where(eq(storeFollows.userId, userId));
      return rows.map((row) => ({ seller_id: row.sellerId, created_at: row.createdAt.toISOString() }));
    },
  },
  {
    module: 'goods',
    title: '我的评价',
    async records(executor, userId) {
      const rows = await executor.select().from(goodsComments).where(eq(goodsComments.userId, userId));
      return rows.map((row) => ({
        id: row.id,
        goods_id: row.goodsId,
        rating: row.rating,
        content: row.content,
        tags: row.tags,
        created_at: row.createdAt.toISOString(),
      }));
    },
  },
];

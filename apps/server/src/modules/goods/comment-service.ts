import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { commentTagLabels, commentTags, ErrorCodes, type Comment, type CommentTag } from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { profilesOf } from '../identity/index.ts';
import { goods, goodsComments } from './tables.ts';
import type { ImageUrl } from './goods-cards.ts';

export interface CommentSummary {
  seller_id: number;
  total: number;
  rating: string;
  good_rate: string;
  tags: { code: CommentTag; label: string; count: number }[];
  stars: number[];
  latest: Comment[];
}

/** A review counts only as a completed order's evaluation (issue 11 G); older rows without one are not shown. */
const ofSeller = (sellerId: number) =>
  and(eq(goodsComments.sellerId, sellerId), isNotNull(goodsComments.orderId));

const maskName = (name: string) =>
  Array.from(name).length <= 1
    ? `${name}*`
    : `${Array.from(name)[0] ?? ''}***${Array.from(name).at(-1) ?? ''}`;

/** Buyers' reviews of a seller (评价): lists, the summary of the detail page, tag counts. */
export function createCommentService(options: { db: Database; imageUrl: ImageUrl }) {
  const { db, imageUrl } = options;

  async function sellerOf(target: {
    seller_id?: number | undefined;
    goods_id?: number | undefined;
  }): Promise<number> {
    if (target.seller_id !== undefined) return target.seller_id;
    if (target.goods_id === undefined) throw new AppError(ErrorCodes.GOODS_NOT_FOUND);
    const [row] = await db
      .select({ sellerId: goods.sellerId })
      .from(goods)
      .where(eq(goods.id, target.goods_id));
    if (!row) throw new AppError(ErrorCodes.GOODS_NOT_FOUND);
    return row.sellerId;
  }

  async function page(sellerId: number, tag: CommentTag | undefined, pageNumber: number, pageSize: number) {
    const where = and(
      ofSeller(sellerId),
      tag ? sql`${goodsComments.tags} @> array[${tag}]::text[]` : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ comment: goodsComments, goodsTitle: goods.title })
        .from(goodsComments)
        .leftJoin(goods, eq(goods.id, goodsComments.goodsId))
        .where(where)
        .orderBy(desc(goodsComments.createdAt), desc(goodsComments.id))
        .limit(pageSize)
        .offset((pageNumber - 1) * pageSize),
      db.select({ value: count() }).from(goodsComments).where(where),
    ]);
    const profiles = await profilesOf(
      db,
      rows.map((row) => row.comment.userId),
    );
    const list: Comment[] = rows.map(({ comment, goodsTitle }) => {
      const profile = profiles.get(comment.userId);
      return {
        id: comment.id,
        user_name: maskName(profile?.nickname ?? '用户'),
        user_avatar: profile?.avatar ? imageUrl(profile.avatar) : '',
        rating: comment.rating,
        content: comment.content,
        tags: comment.tags,
        goods_title: goodsTitle ?? '',
        created_at: comment.createdAt.toISOString(),
      };
    });
    return { list, total: total?.value ?? 0, page: pageNumber, page_size: pageSize };
  }

  async function summary(target: {
    seller_id?: number | undefined;
    goods_id?: number | undefined;
  }): Promise<CommentSummary> {
    const sellerId = await sellerOf(target);
    const [stars, tagRows, latest] = await Promise.all([
      db
        .select({ rating: goodsComments.rating, value: count() })
        .from(goodsComments)
        .where(ofSeller(sellerId))
        .groupBy(goodsComments.rating),
      db
        .select({ tag: sql<string>`unnest(${goodsComments.tags})`.as('tag'), value: count() })
        .from(goodsComments)
        .where(ofSeller(sellerId))
        .groupBy(sql`1`),
      page(sellerId, undefined, 1, 3),
    ]);
    const starCounts = [1, 2, 3, 4, 5].map((star) => stars.find((row) => row.rating === star)?.value ?? 0);
    const total = starCounts.reduce((sum, value) => sum + value, 0);
    const points = starCounts.reduce((sum, value, index) => sum + value * (index + 1), 0);
    const good = (starCounts[3] ?? 0) + (starCounts[4] ?? 0);
    return {
      seller_id: sellerId,
      total,
      rating: total === 0 ? '5.00' : (points / total).toFixed(2),
      good_rate: total === 0 ? '100%' : `${Math.round((good / total) * 1000) / 10}%`,
      tags: commentTags.map((code) => ({
        code,
        label: commentTagLabels[code],
        count: tagRows.find((row) => row.tag === code)?.value ?? 0,
      })),
      stars: starCounts,
      latest: latest.list,
    };
  }

  return {
    sellerOf,
    summary,
    page: async (
      target: { seller_id?: number | undefined; goods_id?: number | undefined },
      tag: CommentTag | undefined,
      pageNumber: number,
      pageSize: number,
    ) => page(await sellerOf(target), tag, pageNumber, pageSize),
  };
}
export type CommentService = ReturnType<typeof createCommentService>;

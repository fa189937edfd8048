import type { CommentTag } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { goodsComments } from './tables.ts';

/**
 * The buyer's evaluation of a completed order, as the listing pages show it (评价). Written by the
 * evaluations module in the evaluation's transaction; once per order (goods_comments_order_key).
 */
export async function recordOrderComment(
  executor: Executor,
  comment: {
    orderId: number;
    sellerId: number;
    goodsId: number;
    buyerId: number;
    rating: number;
    content: string;
    tags: CommentTag[];
    createdAt: Date;
  },
): Promise<void> {
  await executor.insert(goodsComments).values({
    orderId: comment.orderId,
    sellerId: comment.sellerId,
    goodsId: comment.goodsId,
    userId: comment.buyerId,
    rating: comment.rating,
    content: comment.content,
    tags: comment.tags,
    createdAt: comment.createdAt,
  });
}

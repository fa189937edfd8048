import { ErrorCodes, resizedImageUrl, type ResellDraft } from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { resellSourceOf, type ImageUrl } from '../goods/index.ts';
import { buyerKeepsStates, findOrderByNo } from '../orders/index.ts';
import { copyImageUpload, type StorageProvider } from '../storage/index.ts';
import type { ClaimService } from './claim-service.ts';

const THUMB_WIDTH = 240;

/**
 * 转卖 (resell): the bought listing as a publish draft of its buyer. Only a purchase the buyer kept
 * (completed, or a dispute released or split) and whose cover no paid claim used up (the account was
 * lost). The screenshots are copied into the buyer's own uploads (purpose goods_screenshot) in one
 * transaction, so publishing accepts them as theirs; price and login hint stay empty.
 */
export function createResellDrafts(deps: {
  db: Database;
  now: () => Date;
  imageUrl: ImageUrl;
  storage: StorageProvider;
  claims: ClaimService;
}) {
  const { db, now, imageUrl, storage, claims } = deps;

  return async function draft(userId: number, orderNo: string): Promise<ResellDraft> {
    const order = await findOrderByNo(db, orderNo);
    // Only the buyer may list it again; to anyone else the order does not exist.
    if (!order || order.buyerId !== userId) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
    const kept = (buyerKeepsStates as readonly string[]).includes(order.state);
    if (!kept || (await claims.compensatedOrderIds(userId)).includes(order.id))
      throw new AppError(ErrorCodes.RESELL_NOT_KEPT);
    const source = await resellSourceOf(db, order.goodsId);
    if (!source) throw new AppError(ErrorCodes.GOODS_NOT_FOUND);
    const at = now();
    const keys = await db.transaction(async (tx) => {
      const copied: string[] = [];
      for (const sourceKey of source.screenshots) {
        // A picture no longer stored is left out: the new seller adds their own.
        const key = await copyImageUpload(tx, storage, {
          userId,
          purpose: 'goods_screenshot',
          sourceKey,
          now: at,
        });
        if (key) copied.push(key);
      }
      return copied;
    });
    return {
      order_no: order.orderNo,
      game_id: source.gameId,
      platform: source.platform,
      partition_id: source.partitionId,
      title: source.title,
      description: source.description,
      attrs: source.attrs,
      bindings: source.bindings,
      screenshots: keys.map((key) => ({
        key,
        url: imageUrl(key),
        thumb: resizedImageUrl(imageUrl(key), THUMB_WIDTH),
      })),
    };
  };
}

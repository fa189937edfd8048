import { eq } from 'drizzle-orm';
import type { AttributeValues, Platform } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { goods } from './tables.ts';

export interface ResellSource {
  gameId: number;
  platform: Platform;
  partitionId: number;
  title: string;
  description: string;
  attrs: AttributeValues;
  bindings: AttributeValues;
  /** Stored keys of the listing's screenshots. */
  screenshots: string[];
}

/**
 * What a bought listing described, for its buyer's 转卖 draft. A listing is frozen once sold (no
 * edit leaves `sold`), so this is the account as it was bought. Private fields (the login hint, the
 * seller's note, the bargain floor) are not part of it.
 */
export async function resellSourceOf(executor: Executor, goodsId: number): Promise<ResellSource | undefined> {
  const [row] = await executor
    .select({
      gameId: goods.gameId,
      platform: goods.platform,
      partitionId: goods.partitionId,
      title: goods.title,
      description: goods.description,
      attrs: goods.attrs,
      bindings: goods.bindings,
      screenshots: goods.screenshots,
    })
    .from(goods)
    .where(eq(goods.id, goodsId));
  return row;
}

import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { ListingContent } from './listing-content.ts';
import { goods } from './tables.ts';

/** The account as the listing described it (screenshots as stored keys). */
export type ResellSource = Pick<
  ListingContent,
  'gameId' | 'platform' | 'partitionId' | 'title' | 'description' | 'attrs' | 'bindings' | 'screenshots'
>;

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

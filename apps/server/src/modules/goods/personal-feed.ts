import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { privacyOf } from '../privacy/index.ts';
import { goods, goodsFootprints } from './tables.ts';

/**
 * The home feed of a signed-in user who allows personalised recommendations: the game of the
 * listing they browsed last. Undefined (the plain feed) for guests, when they turned it off, when
 * the request already names a game or listing, or when they have browsed nothing.
 */
export async function personalFeedGame(
  executor: Executor,
  userId: number | undefined,
  request: { goods_id?: number | undefined; game_id?: number | undefined },
): Promise<number | undefined> {
  if (userId === undefined || request.goods_id !== undefined || request.game_id !== undefined)
    return undefined;
  if (!(await privacyOf(executor, userId)).personalised_recommendations) return undefined;
  const [latest] = await executor
    .select({ gameId: goods.gameId })
    .from(goodsFootprints)
    .innerJoin(goods, eq(goods.id, goodsFootprints.goodsId))
    .where(eq(goodsFootprints.userId, userId))
    .orderBy(desc(goodsFootprints.lastVisitedAt))
    .limit(1);
  return latest?.gameId;
}

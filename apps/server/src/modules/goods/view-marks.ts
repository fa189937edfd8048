import { lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { goodsViewMarks } from './tables.ts';

export const VIEW_MARKS_PURGE_JOB = 'goods.view-marks.purge';
/** A mark only matters on its own China day; two days keep it past any clock edge. */
const KEEP_MS = 2 * 24 * 3600_000;

/** Deletes the view marks no longer needed to count a view once a day; how many went. */
export async function purgeViewMarks(executor: Executor, now: Date): Promise<number> {
  const removed = await executor
    .delete(goodsViewMarks)
    .where(lt(goodsViewMarks.createdAt, new Date(now.getTime() - KEEP_MS)))
    .returning({ goodsId: goodsViewMarks.goodsId });
  return removed.length;
}

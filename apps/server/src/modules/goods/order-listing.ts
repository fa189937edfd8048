import { eq, sql } from 'drizzle-orm';
import {
  ErrorCodes,
  goodsProcess,
  type GoodsCard,
  type GoodsStatus,
  type GuaranteeOption,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { sentTogether } from '../../lib/sent-together.ts';
import { builtOnce, postgresErrorOf, preparedRows, tableRows } from '../../lib/sql-rows.ts';
import { onlyOf, paddedForPlan } from '../../lib/turn-batch.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { ProcessEngine } from '../process/index.ts';
import { toCard, type ImageUrl } from './goods-cards.ts';
import { batchedCardById, cardsByIds, goodsRow, type GoodsRow } from './goods-repo.ts';
import { goods } from './tables.ts';

/**
 * What the order flow does with a listing, inside the order's transaction: lock it when an order is
 * placed, unlock it when the order closes unpaid or refunded, mark it sold when the trade completes.
 * Each is a system transition of the listing's process, recorded in its history.
 */
export interface OrderListings {
  /**
   * Locks the listing row without waiting (a listing another buyer is ordering right now is
   * refused at once with 4703), checks it can be bought by `buyerId` and takes `lock`.
   */
  lockForOrder(tx: Executor, goodsId: number, buyerId: number, orderNo: string): Promise<GoodsRow>;
  /**
   * For orders placed together: locks the listings it can without waiting and answers their rows
   * (one being ordered right now, or gone, is left out). Nothing is taken yet.
   */
  lockManyForOrders(tx: Executor, goodsIds: readonly number[]): Promise<GoodsRow[]>;
  /** Takes `lock` on listings of `lockManyForOrders` that `orderableBy` allowed, one per order. */
  takeForOrders(tx: Executor, taken: readonly { row: GoodsRow; orderNo: string }[]): Promise<void>;
  /**
   * `unlock` (order closed) or `sell` (trade completed) of a locked listing; `shelf_off` of the
   * listing an order found not as described (after its unlock).
   */
  release(
    tx: Executor,
    goodsId: number,
    action: 'unlock' | 'sell' | 'shelf_off',
    orderNo: string,
  ): Promise<void>;
  /** The listing as a buyer may order it: its row (not locked) and the 包赔 options it offers. */
  forQuote(
    executor: Executor,
    goodsId: number,
  ): Promise<{ row: GoodsRow; guarantees: GuaranteeOption[] } | undefined>;
  cards(executor: Executor, ids: readonly number[]): Promise<Map<number, GoodsCard>>;
  /** The listing's card and status as of now, outside any transaction (read before placing). */
  forOrder(goodsId: number): Promise<{ card: GoodsCard; status: GoodsStatus } | undefined>;
  /** Call after the transaction that locked or released listings commits: caches drop them. */
  changed(): void;
}

const LOCK_NOT_AVAILABLE = '55P03';

/** Whether `buyerId` may order the locked listing `row`: true, or the refusal. */
export function orderableBy(row: GoodsRow, buyerId: number): true | AppError {
  if (row.sellerId === buyerId) return new AppError(ErrorCodes.ORDER_OWN_GOODS);
  if (row.status !== 'on_sale') return new AppError(ErrorCodes.ORDER_GOODS_UNAVAILABLE);
  return true;
}

// Every order locks its listing and writes its status: built once, prepared by name.
const goodsRows = tableRows(goods);
const lockNoWait = builtOnce('goods_for_order_nowait', (executor) =>
  executor
    .select()
    .from(goods)
    .where(eq(goods.id, sql.placeholder('id')))
    .for('update', { noWait: true }),
);
// One listing by its own statement (`onlyOf`).
const lockOneSkipLocked = builtOnce('goods_for_order_skip_locked', (executor) =>
  executor
    .select()
    .from(goods)
    .where(eq(goods.id, sql.placeholder('id')))
    .for('update', { skipLocked: true }),
);
const lockManySkipLocked = {
  name: 'goods_for_orders_skip_locked',
  text: 'select * from goods where id = any($1::bigint[]) order by id for update skip locked',
};
const writeLocked = {
  name: 'goods_status_locked_many',
  text: `update goods set status = 'locked' where id = any($1::bigint[])`,
};
const writeStatus = builtOnce('goods_status_write', (executor) =>
  executor
    .update(goods)
    .set({ status: sql.placeholder('status') as unknown as GoodsStatus })
    .where(eq(goods.id, sql.placeholder('id'))),
);

export function createOrderListings(deps: {
  db: Database;
  processes: ProcessEngine;
  catalogue: CatalogueService;
  imageUrl: ImageUrl;
  /** The listings changed: list and search caches drop them. */
  onChange: () => void;
}): OrderListings {
  const { processes, catalogue, imageUrl, onChange } = deps;
  const system = { role: 'system', userId: null } as const;
  const cardById = batchedCardById(deps.db);

  return {
    async lockForOrder(tx, goodsId, buyerId, orderNo) {
      let row: GoodsRow | undefined;
      try {
        row = goodsRows(await lockNoWait(tx, { id: goodsId }))[0];
      } catch (error) {
        if (postgresErrorOf(error)?.code === LOCK_NOT_AVAILABLE)
          throw new AppError(ErrorCodes.ORDER_GOODS_UNAVAILABLE);
        throw error;
      }
      if (!row) throw new AppError(ErrorCodes.GOODS_NOT_FOUND);
      const orderable = orderableBy(row, buyerId);
      if (orderable !== true) throw orderable;
      await processes.applyTransition(tx, {
        process: goodsProcess,
        subjectId: row.id,
        ownerId: row.sellerId,
        from: row.status,
        action: 'lock',
        actor: system,
        metadata: { order_no: orderNo },
      });
      await writeStatus(tx, { id: row.id, status: 'locked' });
      return { ...row, status: 'locked' };
    },

    async lockManyForOrders(tx, goodsIds) {
      const only = onlyOf(goodsIds);
      if (only !== undefined) return goodsRows(await lockOneSkipLocked(tx, { id: only }));
      const { name, text } = lockManySkipLocked;
      return goodsRows(await preparedRows(tx, name, text, [paddedForPlan(goodsIds, 0)]));
    },

    async takeForOrders(tx, taken) {
      if (taken.length === 0) return;
      const only = onlyOf(taken);
      await sentTogether(
        tx,
        () =>
          [
            processes.applyTransitions(
              tx,
              taken.map(({ row, orderNo }) => ({
                process: goodsProcess,
                subjectId: row.id,
                ownerId: row.sellerId,
                from: row.status,
                action: 'lock' as const,
                actor: system,
                metadata: { order_no: orderNo },
              })),
            ),
            only
              ? writeStatus(tx, { id: only.row.id, status: 'locked' })
              : preparedRows(tx, writeLocked.name, writeLocked.text, [
                  paddedForPlan(
                    taken.map(({ row }) => row.id),
                    0,
                  ),
                ]),
          ] as const,
      );
    },

    async release(tx, goodsId, action, orderNo) {
      const row = await goodsRow(tx, goodsId, true);
      if (!row) throw new Error(`orders: listing ${goodsId} is gone`);
      const to = await processes.applyTransition(tx, {
        process: goodsProcess,
        subjectId: row.id,
        ownerId: row.sellerId,
        from: row.status,
        action,
        actor: system,
        metadata: { order_no: orderNo },
      });
      await writeStatus(tx, { id: row.id, status: to });
    },

    changed: onChange,

    async forQuote(executor, goodsId) {
      const row = await goodsRow(executor, goodsId);
      if (!row) return undefined;
      const entry = await catalogue.findEntry(row.gameId);
      const guarantees = (entry?.schema.guarantees ?? []).filter((option) =>
        row.guarantees.includes(option.code),
      );
      return { row, guarantees };
    },

    async forOrder(goodsId) {
      const [row, lookup] = await Promise.all([cardById(goodsId), catalogue.lookup()]);
      return row && { card: toCard(row, lookup, imageUrl), status: row.status };
    },

    async cards(executor, ids) {
      const [rows, lookup] = await Promise.all([cardsByIds(executor, ids), catalogue.lookup()]);
      return new Map(rows.map((row) => [row.id, toCard(row, lookup, imageUrl)]));
    },
  };
}

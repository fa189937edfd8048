import { randomUUID } from 'node:crypto';
import { eq, sql, sum } from 'drizzle-orm';
import type { CompensationOptionCode, Envelope, OrderDetail, PayOrderResult } from '@haoshi/contracts';
import type { Database } from '../../src/db/client.ts';
import { gamePartitions, games } from '../../src/modules/catalogue/tables.ts';
import { goods } from '../../src/modules/goods/tables.ts';
import { ESCROW_SHARDS, accountIdOf } from '../../src/modules/ledger/index.ts';
import { ledgerAccounts } from '../../src/modules/ledger/tables.ts';
import { checklistOf } from '../../src/modules/orders/rebinding-service.ts';
import { orderRebindingSteps, orders } from '../../src/modules/orders/tables.ts';
import { users } from '../../src/modules/identity/tables.ts';
import { call } from './identity.ts';
import type { TestApp } from './test-app.ts';

/** A listing on sale, written directly (the order tests need many; publishing is tested elsewhere). */
export async function insertListing(
  db: Database,
  sellerId: number,
  options: { priceFen?: number; guarantees?: CompensationOptionCode[] } = {},
): Promise<number> {
  const [partition] = await db
    .select({ id: gamePartitions.id, gameId: gamePartitions.gameId, platform: gamePartitions.platform })
    .from(gamePartitions)
    .innerJoin(games, eq(games.id, gamePartitions.gameId))
    .limit(1);
  if (!partition) throw new Error('no catalogue seeded');
  const [row] = await db
    .insert(goods)
    .values({
      sellerId,
      gameId: partition.gameId,
      platform: partition.platform,
      partitionId: partition.id,
      title: `测试账号 ${randomUUID().slice(0, 6)}`,
      attrs: {},
      bindings: {},
      guarantees: options.guarantees ?? ['basic', 'extended'],
      screenshots: [],
      highlights: [],
      price: options.priceFen ?? 10_000,
      tags: [],
      status: 'on_sale',
      listedAt: new Date(),
    })
    .returning({ id: goods.id });
  if (!row) throw new Error('listing not inserted');
  return row.id;
}

export async function goodsStatus(db: Database, goodsId: number) {
  const [row] = await db.select({ status: goods.status }).from(goods).where(eq(goods.id, goodsId));
  return row?.status;
}

/** Users written directly, for runs with many parties. */
export async function insertUsers(db: Database, howMany: number, prefix: string): Promise<number[]> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: howMany }, (_, index) => ({
        phone: `1${prefix}${String(index).padStart(6, '0')}`.slice(0, 11),
        nickname: `用户${index}`,
      })),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

export async function placeOrder(
  t: TestApp,
  token: string,
  body: { goods_id: number; guarantee?: CompensationOptionCode; coupon_id?: number },
) {
  return call<OrderDetail>(t.app, 'POST', '/app/order/build/business', { token, body });
}

export async function payOrder(
  t: TestApp,
  token: string,
  orderNo: string,
  method: 'wallet' | 'wechat' | 'alipay' = 'wallet',
  key: string = randomUUID(),
) {
  return call<PayOrderResult>(t.app, 'POST', '/app/order/data/v2', {
    token,
    body: { order_no: orderNo, method },
    headers: { 'idempotency-key': key },
  });
}

export const orderCall = <T = OrderDetail>(
  t: TestApp,
  token: string,
  path: string,
  body: Record<string, unknown>,
): Promise<{ body: Envelope<T> }> => call<T>(t.app, 'POST', path, { token, body });

/**
 * The buyer confirms every rebinding step of an order, written directly (the randomised runs take
 * the hand-over through the service; the checklist's own calls are tested in order-handover). The
 * checklist is that of `insertListing`'s listings, which have no bindings.
 */
export async function confirmRebinding(db: Database, orderId: number, buyerId: number): Promise<void> {
  await db
    .insert(orderRebindingSteps)
    .values(checklistOf({}).map((step, position) => ({ orderId, position, ...step })))
    .onConflictDoNothing();
  await db
    .update(orderRebindingSteps)
    .set({ confirmedAt: new Date(), confirmedBy: buyerId })
    .where(eq(orderRebindingSteps.orderId, orderId));
}

/**
 * Escrow against the orders: the whole of it (every shard) and the sum of the orders' escrow, and
 * each shard whose balance is not the escrow of its own orders (order id % ESCROW_SHARDS).
 */
export async function escrowAgainstOrders(db: Database): Promise<{
  escrow: number;
  orders: number;
  differingShards: { shard: number; escrow: number; orders: number }[];
}> {
  const accounts = await db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.kind, 'escrow'));
  const shardOfOrder = sql<number>`${orders.id} % ${sql.raw(String(ESCROW_SHARDS))}`.mapWith(Number);
  const held = await db
    .select({ shard: shardOfOrder, fen: sum(orders.escrowFen).mapWith(Number) })
    .from(orders)
    .groupBy(shardOfOrder);
  const rows = Array.from({ length: ESCROW_SHARDS }, (_, shard) => ({
    shard,
    escrow: accounts.find((account) => account.id === accountIdOf({ kind: 'escrow', shard }))?.balance ?? 0,
    orders: held.find((row) => row.shard === shard)?.fen ?? 0,
  }));
  return {
    escrow: rows.reduce((total, shard) => total + shard.escrow, 0),
    orders: rows.reduce((total, shard) => total + shard.orders, 0),
    differingShards: rows.filter((shard) => shard.escrow !== shard.orders),
  };
}

import { and, count, eq, sql, type Placeholder, type Query } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import { builtOnce, preparedRows, tableRows } from '../../lib/sql-rows.ts';
import { onlyOf, paddedForPlan } from '../../lib/turn-batch.ts';
import type { OrderRow } from './order-money.ts';
import { orders } from './tables.ts';

// The statements every order runs, built once and prepared by name (lib/sql-rows.ts `builtOnce`).

/** Columns of an order a step writes (its state, and what the step writes besides). */
export type OrderChange = Partial<typeof orders.$inferInsert>;
export type NewOrder = typeof orders.$inferInsert;

const orderRows = tableRows(orders);

const byIdForUpdate = builtOnce('order_by_id_for_update', (executor) =>
  executor
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .for('update'),
);
const byNoForUpdate = builtOnce('order_by_no_for_update', (executor) =>
  executor
    .select()
    .from(orders)
    .where(eq(orders.orderNo, sql.placeholder('orderNo')))
    .for('update'),
);

/** The order, locked until the caller's COMMIT. */
export async function lockOrder(
  tx: Executor,
  where: { id: number } | { orderNo: string },
): Promise<OrderRow | undefined> {
  const rows = 'id' in where ? await byIdForUpdate(tx, where) : await byNoForUpdate(tx, where);
  return orderRows(rows)[0];
}

const stateById = builtOnce('order_state_by_id', (executor) =>
  executor
    .select({ state: orders.state })
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id'))),
);

/** The order's state as of now (no lock), or undefined when there is no such order. */
export async function orderStateOf(executor: Executor, id: number): Promise<string | undefined> {
  const [row] = await stateById<{ state: string }>(executor, { id });
  return row?.state;
}

const unpaidCount = builtOnce('orders_unpaid_of_buyer', (executor) =>
  executor
    // Raw rows are read by name: the count needs its alias.
    .select({ value: count().as('value') })
    .from(orders)
    .where(and(eq(orders.buyerId, sql.placeholder('buyerId')), eq(orders.state, 'pending_payment'))),
);

/** How many orders the buyer has not paid yet. */
export async function unpaidOrdersOf(executor: Executor, buyerId: number): Promise<number> {
  const [row] = await unpaidCount<{ value: number | string }>(executor, { buyerId });
  return Number(row?.value ?? 0);
}

/** The columns a write gives a value (drizzle leaves out an `undefined` one, so does this). */
const writtenKeys = (values: object) =>
  Object.entries(values).flatMap(([key, value]) => (value === undefined ? [] : [key]));

const placeholdersOf = (keys: readonly string[]) =>
  Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as Record<string, Placeholder>;

/**
 * One statement per shape (the set of columns written), built and named on first use: an order's
 * INSERT always writes the same columns; an UPDATE writes the columns its step changes.
 */
function byShape(prefix: string, build: (executor: Executor, keys: readonly string[]) => { toSQL(): Query }) {
  const statements = new Map<string, ReturnType<typeof builtOnce>>();
  return (keys: readonly string[]) => {
    const shape = [...keys].sort().join(',');
    let statement = statements.get(shape);
    if (!statement) {
      const name = `${prefix}_${createHash('sha256').update(shape).digest('hex').slice(0, 12)}`;
      statement = builtOnce(name, (executor) => build(executor, shape.split(',')));
      statements.set(shape, statement);
    }
    return statement;
  };
}

const insertOf = byShape('order_insert', (executor, keys) =>
  executor
    .insert(orders)
    .values(placeholdersOf(keys) as unknown as NewOrder)
    .returning(),
);

/** Inserts the order; answers its row. */
export async function insertOrder(tx: Executor, values: NewOrder): Promise<OrderRow> {
  const [row] = orderRows(await insertOf(writtenKeys(values))(tx, values));
  if (!row) throw new Error('orders: insert returned nothing');
  return row;
}

const updateOf = byShape('order_update', (executor, keys) =>
  executor
    .update(orders)
    .set(placeholdersOf(keys) as unknown as OrderChange)
    .where(and(eq(orders.id, sql.placeholder('whereId')), eq(orders.state, sql.placeholder('whereState'))))
    .returning(),
);

/** Writes `change` to the order if it is still in `from`; answers the row, or nothing when it moved on. */
export async function updateOrderFrom(
  tx: Executor,
  order: Pick<OrderRow, 'id' | 'state'>,
  change: OrderChange,
): Promise<OrderRow | undefined> {
  const rows = await updateOf(writtenKeys(change))(tx, {
    ...change,
    whereId: order.id,
    whereState: order.state,
  });
  return orderRows(rows)[0];
}

// The batch statements below take one row by its own statement (`onlyOf` in lib/turn-batch.ts).
const byNoSkipLocked = builtOnce('order_by_no_skip_locked', (executor) =>
  executor
    .select()
    .from(orders)
    .where(eq(orders.orderNo, sql.placeholder('orderNo')))
    .for('update', { skipLocked: true }),
);
const byNosForUpdate = {
  name: 'orders_by_nos_for_update',
  text: 'select * from orders where order_no = any($1::text[]) for update skip locked',
};

/**
 * The orders of these numbers it could lock without waiting, locked until the caller's COMMIT (one
 * another transaction holds is left out).
 */
export async function lockOrdersByNo(tx: Executor, orderNos: readonly string[]): Promise<OrderRow[]> {
  const only = onlyOf(orderNos);
  if (only !== undefined) return orderRows(await byNoSkipLocked(tx, { orderNo: only }));
  const { name, text } = byNosForUpdate;
  return orderRows(await preparedRows(tx, name, text, [paddedForPlan(orderNos, '')]));
}

/** The columns paying orders from the wallet writes, one element per order. */
export interface PaidFromWallet {
  id: number;
  /** The state it is written from (the one it was locked in). */
  from: string;
  walletPaidFen: number;
  escrowFen: number;
  paidAt: Date;
  deliverBy: Date;
}

const markPaid = {
  name: 'orders_mark_paid_from_wallet',
  text: `update orders set state = $7, escrow_fen = paid.escrow_fen, wallet_paid_fen = paid.wallet_paid_fen,
    gateway_paid_fen = 0, paid_at = paid.paid_at, deliver_by = paid.deliver_by, updated_at = paid.paid_at
  from unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::timestamptz[], $6::timestamptz[])
    as paid (id, from_state, wallet_paid_fen, escrow_fen, paid_at, deliver_by)
  where orders.id = paid.id and orders.state = paid.from_state
  returning orders.*`,
};

/**
 * Writes many orders paid from the wallet, into `to`, by one statement, each only if still in its
 * `from`; answers the rows written (fewer than asked when one had moved on).
 */
export async function markOrdersPaid(
  tx: Executor,
  paid: readonly PaidFromWallet[],
  to: string,
): Promise<OrderRow[]> {
  const only = onlyOf(paid);
  if (only) {
    const { id, from, walletPaidFen, escrowFen, paidAt, deliverBy } = only;
    const row = await updateOrderFrom(
      tx,
      { id, state: from as OrderRow['state'] },
      {
        state: to as OrderRow['state'],
        walletPaidFen,
        gatewayPaidFen: 0,
        escrowFen,
        paidAt,
        deliverBy,
        updatedAt: paidAt,
      },
    );
    return row ? [row] : [];
  }
  const { name, text } = markPaid;
  const column = <T>(pick: (row: PaidFromWallet) => T) => paid.map(pick);
  const rows = await preparedRows<Record<string, unknown>>(tx, name, text, [
    column((row) => row.id),
    column((row) => row.from),
    column((row) => row.walletPaidFen),
    column((row) => row.escrowFen),
    column((row) => row.paidAt),
    column((row) => row.deliverBy),
    to,
  ]);
  return orderRows(rows);
}

const unpaidCounts = {
  name: 'orders_unpaid_of_buyers',
  text: `select buyer_id, count(*) as value from orders
  where buyer_id = any($1::bigint[]) and state = 'pending_payment' group by buyer_id`,
};

/** How many orders each of the buyers has not paid yet (a buyer with none: 0). */
export async function unpaidOrdersOfMany(
  executor: Executor,
  buyerIds: readonly number[],
): Promise<(buyerId: number) => number> {
  const only = onlyOf(buyerIds);
  if (only !== undefined) {
    const unpaid = await unpaidOrdersOf(executor, only);
    return (buyerId) => (buyerId === only ? unpaid : 0);
  }
  const { name, text } = unpaidCounts;
  const rows = await preparedRows<{ buyer_id: number | string; value: number | string }>(
    executor,
    name,
    text,
    [paddedForPlan(buyerIds, 0)],
  );
  const counts = new Map(rows.map((row) => [Number(row.buyer_id), Number(row.value)]));
  return (buyerId) => counts.get(buyerId) ?? 0;
}

const insertMany = {
  name: 'orders_insert_many',
  text: `insert into orders (order_no, goods_id, buyer_id, seller_id, state, guarantee_code, price_fen,
    guarantee_fee_fen, discount_fen, trade_fee_fen, payable_fen, seller_income_fen, coupon_id, goods_card,
    pay_by, created_at, updated_at)
  select order_no, goods_id, buyer_id, seller_id, state, guarantee_code, price_fen, guarantee_fee_fen,
    discount_fen, trade_fee_fen, payable_fen, seller_income_fen, coupon_id, goods_card, pay_by, created_at,
    updated_at
  from unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::bigint[],
    $8::bigint[], $9::bigint[], $10::bigint[], $11::bigint[], $12::bigint[], $13::bigint[], $14::jsonb[],
    $15::timestamptz[], $16::timestamptz[], $17::timestamptz[])
    with ordinality as placed (order_no, goods_id, buyer_id, seller_id, state, guarantee_code, price_fen,
      guarantee_fee_fen, discount_fen, trade_fee_fen, payable_fen, seller_income_fen, coupon_id, goods_card,
      pay_by, created_at, updated_at, ord)
  order by ord
  on conflict (order_no) do nothing
  returning *`,
};

/**
 * Inserts many orders by one prepared statement; an order whose number another order has already is
 * left out (not an error). Answers the rows inserted.
 */
export async function insertOrdersWithFreeNumbers(
  tx: Executor,
  values: readonly NewOrder[],
): Promise<OrderRow[]> {
  if (values.length === 0) return [];
  const column = <T>(pick: (order: NewOrder) => T) => values.map(pick);
  const rows = await preparedRows<Record<string, unknown>>(tx, insertMany.name, insertMany.text, [
    column((order) => order.orderNo),
    column((order) => order.goodsId),
    column((order) => order.buyerId),
    column((order) => order.sellerId),
    column((order) => order.state),
    column((order) => order.guaranteeCode ?? null),
    column((order) => order.priceFen),
    column((order) => order.guaranteeFeeFen),
    column((order) => order.discountFen),
    column((order) => order.tradeFeeFen),
    column((order) => order.payableFen),
    column((order) => order.sellerIncomeFen),
    column((order) => order.couponId ?? null),
    column((order) => JSON.stringify(order.goodsCard)),
    column((order) => order.payBy),
    column((order) => order.createdAt),
    column((order) => order.updatedAt),
  ]);
  return orderRows(rows);
}

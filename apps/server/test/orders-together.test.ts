import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ErrorCodes, orderQuote } from '@haoshi/contracts';
import { AppError } from '../src/lib/errors.ts';
import { queryRows } from '../src/lib/sql-rows.ts';
import { checkLedger, ledger } from '../src/modules/ledger/index.ts';
import { notifications } from '../src/modules/notifications/tables.ts';
import { orders } from '../src/modules/orders/index.ts';
import { processTransitions } from '../src/modules/process/tables.ts';
import { createListingsApp } from './helpers/listings.ts';
import { escrowAgainstOrders, goodsStatus, insertListing, insertUsers } from './helpers/orders.ts';
import { beginsIn, recordSentStatements } from './helpers/sent-statements.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';
import { postMoney } from './helpers/wallet.ts';

/**
 * Places and wallet pays asked for together are written by one transaction each (group commit):
 * every caller still gets the answer the ordinary path gives, refusals included, and what is
 * written is what the ordinary path writes.
 */
let t: TestApp;
let recording: ReturnType<typeof recordSentStatements>;

beforeAll(async () => {
  t = await createListingsApp();
  recording = recordSentStatements();
});
afterAll(async () => {
  recording.stop();
  await t.close();
});

/** The transactions opened since the last call (on real PostgreSQL; PGlite has no pg client). */
const transactionsSince = () => {
  const opened = beginsIn(recording.sent);
  recording.sent.length = 0;
  return opened;
};

const outcomeOf = (result: PromiseSettledResult<unknown>) =>
  result.status === 'fulfilled'
    ? 'ok'
    : result.reason instanceof AppError
      ? result.reason.errCode
      : String(result.reason);

/** The orders' rows as they are now. */
const ordersNow = (some: readonly { id: number }[]) =>
  t.app.db
    .select()
    .from(orders)
    .where(
      inArray(
        orders.id,
        some.map((order) => order.id),
      ),
    );

async function timersOf(orderIds: number[], action: string) {
  const rows = await queryRows<{ subject: string }>(
    t.app.db,
    sql`select data->>'subjectId' as subject from pgboss.job
        where name = 'process.timer' and data->>'action' = ${action}`,
  );
  const armed = new Set(rows.map((row) => Number(row.subject)));
  return orderIds.filter((id) => armed.has(id));
}

describe(`orders placed and paid together (${databaseKind})`, () => {
  it('places asked together: the plain ones by one transaction, every other with its ordinary answer', async () => {
    const [seller = 0, ...buyers] = await insertUsers(t.app.db, 9, '3960');
    const listings = await Promise.all(
      Array.from({ length: 6 }, (_, index) => insertListing(t.app.db, seller, { priceFen: 10_000 + index })),
    );
    const basicOnly = await insertListing(t.app.db, seller, { guarantees: ['basic'] });
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0] = buyers;
    const [l1 = 0, l2 = 0, l3 = 0, l4 = 0, l5 = 0, l6 = 0] = listings;
    transactionsSince();
    const asked = [
      { buyer: a, goods: l1, expect: 'ok' },
      { buyer: b, goods: l2, guarantee: 'basic' as const, expect: 'ok' },
      { buyer: c, goods: l3, expect: 'ok' },
      // The same buyer twice: the second place goes the ordinary way after the batch.
      { buyer: c, goods: l4, expect: 'ok' },
      // Two buyers on one listing: one order, the other told at once.
      { buyer: d, goods: l5, expect: 'ok' },
      { buyer: e, goods: l5, expect: ErrorCodes.ORDER_GOODS_UNAVAILABLE },
      { buyer: seller, goods: l6, expect: ErrorCodes.ORDER_OWN_GOODS },
      {
        buyer: f,
        goods: basicOnly,
        guarantee: 'extended' as const,
        expect: ErrorCodes.ORDER_GUARANTEE_UNAVAILABLE,
      },
      { buyer: g, goods: 987_654_321, expect: ErrorCodes.GOODS_NOT_FOUND },
    ];
    const results = await Promise.allSettled(
      asked.map(({ buyer, goods, guarantee }) =>
        t.app.orders.place(buyer, { goods_id: goods, ...(guarantee ? { guarantee } : {}) }),
      ),
    );
    expect(results.map(outcomeOf)).toEqual(asked.map((place) => place.expect));

    const placed = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    for (const { order, timeline } of placed) {
      const listing = asked.find((place) => place.goods === order.goodsId && place.buyer === order.buyerId);
      const quote = orderQuote({ priceFen: order.priceFen, guaranteeCode: listing?.guarantee });
      expect(order).toMatchObject({
        state: 'pending_payment',
        payableFen: quote.payableFen,
        guaranteeCode: listing?.guarantee ?? null,
      });
      expect(timeline?.map((entry) => entry.to)).toEqual(['pending_payment']);
      expect(await goodsStatus(t.app.db, order.goodsId)).toBe('locked');
    }
    expect(await goodsStatus(t.app.db, l6)).toBe('on_sale');
    expect(await goodsStatus(t.app.db, basicOnly)).toBe('on_sale');
    const ids = placed.map(({ order }) => order.id);
    expect(await timersOf(ids, 'expire')).toEqual(ids);
    const locks = await t.app.db
      .select({ subjectId: processTransitions.subjectId, metadata: processTransitions.metadata })
      .from(processTransitions)
      .where(and(eq(processTransitions.process, 'listing'), eq(processTransitions.action, 'lock')));
    for (const { order } of placed)
      expect(locks).toContainEqual({ subjectId: order.goodsId, metadata: { order_no: order.orderNo } });
    // One transaction for the batch, one for each place it left to the ordinary way (c's second,
    // the seller's own listing, the option not offered). e waits for d's place on the same listing
    // and is told without a transaction; so is the card read's refusal.
    if (databaseKind === 'postgres') expect(transactionsSince()).toBe(4);
  });

  it('wallet pays asked together: one transaction for the payable ones, every other refused as alone', async () => {
    const [seller = 0, ...buyers] = await insertUsers(t.app.db, 7, '3961');
    const [a = 0, b = 0, c = 0, poor = 0, other = 0, twice = 0] = buyers;
    for (const buyer of [a, b, c, other, twice]) await postMoney(t.app.db, { userId: buyer, fen: 100_000 });
    await postMoney(t.app.db, { userId: poor, fen: 50 });
    const orderOf = async (buyer: number) =>
      (await t.app.orders.place(buyer, { goods_id: await insertListing(t.app.db, seller) })).order;
    const [oa, ob, oc, oPoor, oOther, oTwice] = await Promise.all(
      [a, b, c, poor, other, twice].map((buyer) => orderOf(buyer)),
    );
    if (!oa || !ob || !oc || !oPoor || !oOther || !oTwice) throw new Error('orders not placed');
    const before = await ledger.availableOf(t.app.db, [a, b, c]);
    transactionsSince();
    const asked = [
      { buyer: a, order: oa, expect: 'ok' },
      { buyer: b, order: ob, expect: 'ok' },
      { buyer: c, order: oc, expect: 'ok' },
      { buyer: poor, order: oPoor, expect: ErrorCodes.ORDER_BALANCE_SHORT },
      // Somebody else's order: not found, as alone.
      { buyer: a, order: oOther, expect: ErrorCodes.ORDER_NOT_FOUND },
      { buyer: twice, order: oTwice, expect: 'ok' },
      { buyer: twice, order: oTwice, expect: ErrorCodes.ORDER_STATE_INVALID },
    ];
    const results = await Promise.allSettled(
      asked.map(({ buyer, order }) => t.app.orders.pay(buyer, order.orderNo, 'wallet')),
    );
    expect(results.map(outcomeOf)).toEqual(asked.map((pay) => pay.expect));
    if (databaseKind === 'postgres') expect(transactionsSince()).toBe(4);

    const paid = [oa, ob, oc, oTwice];
    const rows = await ordersNow(paid);
    for (const row of rows) {
      expect(row).toMatchObject({
        state: 'paid',
        walletPaidFen: row.payableFen,
        gatewayPaidFen: 0,
        escrowFen: row.payableFen + row.discountFen,
      });
      expect(row.deliverBy && row.paidAt && row.deliverBy > row.paidAt).toBe(true);
    }
    const after = await ledger.availableOf(t.app.db, [a, b, c]);
    for (const [buyer, order] of [
      [a, oa],
      [b, ob],
      [c, oc],
    ] as const)
      expect(after.get(buyer)).toBe((before.get(buyer) ?? 0) - order.payableFen);
    const payResults = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    for (const { timeline } of payResults)
      expect(timeline?.map((entry) => entry.to)).toEqual(['pending_payment', 'paid']);
    const told = await t.app.db
      .select({ link: notifications.link })
      .from(notifications)
      .where(
        inArray(
          notifications.link,
          paid.map((order) => `/order_detail?order_no=${order.orderNo}`),
        ),
      );
    expect(told).toHaveLength(paid.length * 2);
    const ids = paid.map((order) => order.id);
    expect((await timersOf(ids, 'delivery_timeout')).length + (await timersOf(ids, 'expire')).length).toBe(
      ids.length * 2,
    );
    expect((await checkLedger(t.app.db)).ok).toBe(true);
    const held = await escrowAgainstOrders(t.app.db);
    expect(held.differingShards).toEqual([]);
    expect(await t.app.db.select().from(orders).where(eq(orders.id, oPoor.id))).toMatchObject([
      { state: 'pending_payment', escrowFen: 0 },
    ]);
  });
});

describe(`a crowd placing, paying and cancelling at once (${databaseKind})`, () => {
  it('every buyer gets an answer, each order is whole, the ledger holds and escrow is the paid orders', async () => {
    const [seller = 0, ...crowd] = await insertUsers(t.app.db, 41, '3963');
    // Some buyers cannot pay at all, the others can pay a few orders.
    for (const [index, buyer] of crowd.entries())
      await postMoney(t.app.db, { userId: buyer, fen: index % 7 === 0 ? 10 : 60_000 });
    const shared = await Promise.all(Array.from({ length: 5 }, () => insertListing(t.app.db, seller)));
    for (let round = 0; round < 4; round += 1) {
      const own = await Promise.all(
        crowd.map(() => insertListing(t.app.db, seller, { priceFen: 5_000 + round * 1_000 })),
      );
      // Everyone places at once: on a listing of their own, or on one of five shared ones.
      const places = await Promise.allSettled(
        crowd.map((buyer, index) =>
          t.app.orders.place(buyer, { goods_id: (index % 4 === 0 ? shared[index % 5] : own[index]) ?? 0 }),
        ),
      );
      for (const result of places)
        if (result.status === 'rejected')
          expect([ErrorCodes.ORDER_GOODS_UNAVAILABLE, ErrorCodes.ORDER_UNPAID_LIMIT]).toContain(
            outcomeOf(result),
          );
      const placed = places.flatMap((result) => (result.status === 'fulfilled' ? [result.value.order] : []));
      // Then at once: most pay (some twice), every fifth cancels.
      const steps = await Promise.allSettled(
        placed.flatMap((order, index) => {
          const pay = () => t.app.orders.pay(order.buyerId, order.orderNo, 'wallet').then(() => 'paid');
          if (index % 5 === 0)
            return [t.app.orders.cancel(order.buyerId, order.orderNo).then(() => 'cancelled')];
          return index % 6 === 0 ? [pay(), pay()] : [pay()];
        }),
      );
      for (const result of steps)
        if (result.status === 'rejected')
          expect([ErrorCodes.ORDER_BALANCE_SHORT, ErrorCodes.ORDER_STATE_INVALID]).toContain(
            outcomeOf(result),
          );
      const rows = await ordersNow(placed);
      for (const row of rows) {
        expect(['paid', 'pending_payment', 'cancelled']).toContain(row.state);
        expect(row.escrowFen).toBe(row.state === 'paid' ? row.payableFen : 0);
        expect(await goodsStatus(t.app.db, row.goodsId)).toBe(
          row.state === 'cancelled' ? 'on_sale' : 'locked',
        );
      }
      // A pay that failed leaves its order unpaid; the next round's places may then hit the limit.
      expect(rows.filter((row) => row.state === 'paid').length).toBeGreaterThan(placed.length / 2);
    }
    expect((await checkLedger(t.app.db)).ok).toBe(true);
    const held = await escrowAgainstOrders(t.app.db);
    expect(held.differingShards).toEqual([]);
    expect(held.escrow).toBe(held.orders);
  }, 120_000);
});

describe.skipIf(databaseKind === 'pglite')('a batch never waits for a lock', () => {
  it('an order another transaction holds is paid alone once released; the others are paid at once', async () => {
    const [seller = 0, a = 0, b = 0] = await insertUsers(t.app.db, 3, '3962');
    for (const buyer of [a, b]) await postMoney(t.app.db, { userId: buyer, fen: 100_000 });
    const oa = (await t.app.orders.place(a, { goods_id: await insertListing(t.app.db, seller) })).order;
    const ob = (await t.app.orders.place(b, { goods_id: await insertListing(t.app.db, seller) })).order;
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked = () => undefined as void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another transaction holds a's order (a hand-over step, a timer) until released.
    const holder = t.app.db.transaction(async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, oa.id)).for('update');
      locked();
      await released;
    });
    await isLocked;
    const heldPay = t.app.orders.pay(a, oa.orderNo, 'wallet');
    const freePay = await t.app.orders.pay(b, ob.orderNo, 'wallet');
    expect(freePay.order.state).toBe('paid');
    const [row] = await t.app.db.select({ state: orders.state }).from(orders).where(eq(orders.id, oa.id));
    expect(row?.state).toBe('pending_payment');
    release();
    await holder;
    expect((await heldPay).order.state).toBe('paid');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCodes } from '@haoshi/contracts';
import { login } from './helpers/identity.ts';
import { createListingsApp } from './helpers/listings.ts';
import { insertListing, payOrder, placeOrder } from './helpers/orders.ts';
import { beginsIn, recordSentStatements } from './helpers/sent-statements.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';
import { postMoney } from './helpers/wallet.ts';
import { orders } from '../src/modules/orders/tables.ts';

/**
 * What one order costs the database, counted on real PostgreSQL at the driver (every statement a
 * pg client sends, BEGIN and COMMIT included): the order flow's per-request CPU is mostly one
 * round trip and one query build per statement (docs/benchmarks.md, Orders).
 */
describe.skipIf(databaseKind === 'pglite')('statements per order', () => {
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

  const counted = async <T>(work: () => Promise<T>) => {
    const { sent } = recording;
    sent.length = 0;
    const result = await work();
    // The idempotency record is written after the answer is sent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { result, statements: [...sent] };
  };

  it('place + pay from the wallet, and a refusal of a listing already taken', async () => {
    const buyer = await login(t.app, '13800000031');
    const seller = await login(t.app, '13800000032');
    const other = await login(t.app, '13800000033');
    await postMoney(t.app.db, { userId: buyer.user.id, fen: 1_000_000 });
    const goodsId = await insertListing(t.app.db, seller.user.id);
    const warmId = await insertListing(t.app.db, seller.user.id);
    const warm = await placeOrder(t, buyer.token, { goods_id: warmId });
    await payOrder(t, buyer.token, warm.body.data?.order_no ?? '');

    const place = await counted(() => placeOrder(t, buyer.token, { goods_id: goodsId }));
    const pay = await counted(() => payOrder(t, buyer.token, place.result.body.data?.order_no ?? ''));
    const refusal = await counted(() => placeOrder(t, other.token, { goods_id: goodsId }));
    expect(pay.result.body.data?.order.state).toBe('paid');
    expect(refusal.result.body.err_code).toBe(ErrorCodes.ORDER_GOODS_UNAVAILABLE);
    // 2026-11-26: place 13 (was 14), pay 12 (was 19), the refusal 2 (was 7, with BEGIN … ROLLBACK).
    // 2026-11-27: pay 13, the seller's deposit locked to back the order (sincerity holds).
    expect(place.statements.length).toBeLessThanOrEqual(13);
    expect(pay.statements.length).toBeLessThanOrEqual(13);
    expect(refusal.statements).toHaveLength(2);
    expect(refusal.statements.map((text) => text.trim().toLowerCase())).not.toContain('begin');
  });

  it("a paid order's pay timer goes stale with one read: no transaction, no lock", async () => {
    const buyer = await login(t.app, '13800000061');
    const seller = await login(t.app, '13800000062');
    await postMoney(t.app.db, { userId: buyer.user.id, fen: 1_000_000 });
    const placed = await placeOrder(t, buyer.token, {
      goods_id: await insertListing(t.app.db, seller.user.id),
    });
    const orderNo = placed.body.data?.order_no ?? '';
    const paid = await payOrder(t, buyer.token, orderNo);
    expect(paid.body.data?.order.state).toBe('paid');
    const [order] = await t.app.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
    const timer = {
      process: 'order',
      subjectId: order?.id ?? 0,
      action: 'expire',
      fromState: 'pending_payment',
    };
    const stale = await counted(() => t.app.processes.fireTimer(t.app.db, timer));
    expect(stale.result).toBe('stale');
    expect(stale.statements).toHaveLength(1);
    // A timer whose order is still in its state goes through the locked transaction (the delivery
    // timer refunds the paid order).
    const due = await counted(() =>
      t.app.processes.fireTimer(t.app.db, { ...timer, action: 'delivery_timeout', fromState: 'paid' }),
    );
    expect(due.result).toBe('fired');
    expect(due.statements.map((text) => text.trim().toLowerCase())).toContain('begin');
  });

  it('a burst of buyers on one listing opens one transaction: the others wait for it and are refused', async () => {
    const seller = await login(t.app, '13800000040');
    const goodsId = await insertListing(t.app.db, seller.user.id);
    const buyers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        login(t.app, `13800001${String(index).padStart(3, '0')}`, `10.0.2.${index + 1}`),
      ),
    );
    const burst = await counted(() =>
      Promise.all(buyers.map((buyer) => placeOrder(t, buyer.token, { goods_id: goodsId }))),
    );
    const codes = burst.result.map((answer) => answer.body.err_code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ErrorCodes.ORDER_GOODS_UNAVAILABLE)).toHaveLength(19);
    const begins = burst.statements.filter((text) => text.trim().toLowerCase() === 'begin');
    expect(begins).toHaveLength(1);
    // The 20 sessions are read together (one lookup per turn of the event loop), not one by one.
    const sessionReads = burst.statements.filter((text) => text.includes('from "sessions"'));
    expect(sessionReads.length).toBeGreaterThanOrEqual(1);
    expect(sessionReads.length).toBeLessThanOrEqual(2);
  });

  it('sixteen buyers placing and then paying together: one transaction for the places, one for the pays', async () => {
    const seller = await login(t.app, '13800000050');
    const buyers = await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        login(t.app, `13800002${String(index).padStart(3, '0')}`, `10.0.3.${index + 1}`),
      ),
    );
    for (const buyer of buyers) await postMoney(t.app.db, { userId: buyer.user.id, fen: 1_000_000 });
    const listings: number[] = [];
    for (let index = 0; index < buyers.length; index += 1)
      listings.push(await insertListing(t.app.db, seller.user.id));
    const places = await counted(() =>
      Promise.all(
        buyers.map((buyer, index) => placeOrder(t, buyer.token, { goods_id: listings[index] ?? 0 })),
      ),
    );
    expect(places.result.map((answer) => answer.body.err_code)).toEqual(buyers.map(() => 0));
    const pays = await counted(() =>
      Promise.all(
        buyers.map((buyer, index) =>
          payOrder(t, buyer.token, places.result[index]?.body.data?.order_no ?? ''),
        ),
      ),
    );
    expect(pays.result.map((answer) => answer.body.data?.order.state)).toEqual(buyers.map(() => 'paid'));
    expect(beginsIn(places.statements)).toBe(1);
    expect(beginsIn(pays.statements)).toBe(1);
    // 2026-11-26: the 16 places took 15 statements and the 16 pays 13, against 13 each alone.
    expect(places.statements.length).toBeLessThanOrEqual(20);
    expect(pays.statements.length).toBeLessThanOrEqual(20);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Comment, ReceivedEvaluations } from '@haoshi/contracts';
import { seedDemoData } from '../src/db/seed.ts';
import { DEMO_TRADES, seedDemoTrades } from '../src/db/seed-demo-trades.ts';
import { demoTradeCandidates } from '../src/modules/goods/index.ts';
import { goods, goodsComments } from '../src/modules/goods/tables.ts';
import { checkLedger } from '../src/modules/ledger/index.ts';
import { createStorage } from '../src/modules/storage/index.ts';
import { call } from './helpers/identity.ts';
import { createListingsApp } from './helpers/listings.ts';
import { expectMoneyConsistent } from './helpers/aftersales.ts';
import { databaseKind, testConfig, type TestApp } from './helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createListingsApp();
  const storage = (await createStorage(testConfig({ DATA_DIR: t.app.config.DATA_DIR }))).provider;
  await seedDemoData(t.app.db, pino({ level: 'silent' }), { goods: 200, storage });
}, 120_000);
afterAll(() => t.close());

describe(`demo trades (${databaseKind})`, () => {
  it('seeds completed orders through the order process; the ledger balances; the sellers’ listings show the evaluations', async () => {
    // The listings each demo trade will buy, and the seller's other listings that stay on sale.
    const candidates = await demoTradeCandidates(t.app.db, DEMO_TRADES);
    expect(candidates.length).toBeGreaterThanOrEqual(3);
    expect(await seedDemoTrades(t.app)).toEqual({ created: candidates.length });

    const report = await checkLedger(t.app.db);
    expect(report.ok).toBe(true);
    // Every seeded order is completed: escrow holds nothing for them.
    const money = await expectMoneyConsistent(t);
    expect(money.escrow).toBe(money.openOrders);

    for (const candidate of candidates) {
      // The seller's evaluations (/userEvaluate) hold the buyer's, of a completed order.
      const received = await call<ReceivedEvaluations>(
        t.app,
        'GET',
        `/app/evaluation/received?user_id=${candidate.sellerId}&role=buyer&page=1&page_size=20`,
      );
      expect(received.body.err_code).toBe(0);
      expect(received.body.data?.list).toHaveLength(1);
      // …and it is a comment of the seller's listings, tied to its order.
      const fromOrders = await t.app.db
        .select()
        .from(goodsComments)
        .where(and(eq(goodsComments.sellerId, candidate.sellerId), isNotNull(goodsComments.orderId)));
      expect(fromOrders).toHaveLength(1);
      expect(fromOrders[0]?.userId).toBe(candidate.buyerId);
    }
    // Through a listing of the first seller that is still on sale (what the detail page asks).
    const [first] = candidates;
    const [stillOnSale] = await t.app.db
      .select({ goodsId: goods.id })
      .from(goods)
      .where(and(eq(goods.sellerId, first?.sellerId ?? 0), eq(goods.status, 'on_sale')))
      .limit(1);
    expect(stillOnSale).toBeDefined();
    const listed = await call<{ list: Comment[] }>(
      t.app,
      'GET',
      `/app/goods/comment/list?goods_id=${stillOnSale?.goodsId}&page=1&page_size=50`,
    );
    const [seeded] = await t.app.db
      .select()
      .from(goodsComments)
      .where(and(eq(goodsComments.sellerId, first?.sellerId ?? 0), isNotNull(goodsComments.orderId)));
    expect(listed.body.data?.list.map((comment) => comment.id)).toContain(seeded?.id);

    // Only completed orders' evaluations are reviews: a row without an order (as older demo data
    // wrote) is neither listed nor counted, and the demo seed writes none.
    expect(await t.app.db.select().from(goodsComments).where(isNull(goodsComments.orderId))).toEqual([]);
    const [orderless] = await t.app.db
      .insert(goodsComments)
      .values({
        sellerId: first?.sellerId ?? 0,
        userId: first?.buyerId ?? 0,
        goodsId: stillOnSale?.goodsId ?? null,
        rating: 1,
        content: '没有订单的评价',
        tags: ['slow'],
      })
      .returning();
    const again = await call<{ list: Comment[] }>(
      t.app,
      'GET',
      `/app/goods/comment/list?goods_id=${stillOnSale?.goodsId}&page=1&page_size=50`,
    );
    expect(again.body.data?.list.map((comment) => comment.id)).not.toContain(orderless?.id);
    const summary = await call<{ total: number; stars: number[] }>(
      t.app,
      'GET',
      `/app/goods/comment/main/v2?goods_id=${stillOnSale?.goodsId}`,
    );
    expect(summary.body.data?.total).toBe(1);
    expect(summary.body.data?.stars[0]).toBe(0);

    // A second start seeds nothing more and the ledger still balances.
    expect(await seedDemoTrades(t.app)).toEqual({ created: 0 });
    expect((await checkLedger(t.app.db)).ok).toBe(true);
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCodes, orderStaffSteps } from '@haoshi/contracts';
import { AppError } from '../src/lib/errors.ts';
import { userRoles } from '../src/modules/identity/tables.ts';
import { checkLedger } from '../src/modules/ledger/index.ts';
import { orders } from '../src/modules/orders/index.ts';
import { warnIfNoPostgres } from './helpers/ledger-db.ts';
import { createListingsApp } from './helpers/listings.ts';
import {
  confirmRebinding,
  escrowAgainstOrders,
  goodsStatus,
  insertListing,
  insertUsers,
} from './helpers/orders.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';
import { postMoney } from './helpers/wallet.ts';

let t: TestApp;
let seller: number;
let staff: number;
let buyers: number[];

beforeAll(async () => {
  warnIfNoPostgres('orders-concurrency');
  t = await createListingsApp();
  [seller = 0, staff = 0] = await insertUsers(t.app.db, 2, '3900');
  await t.app.db.insert(userRoles).values({ userId: staff, role: 'customer_service' });
  buyers = await insertUsers(t.app.db, 200, '3901');
  for (const buyer of buyers) await postMoney(t.app.db, { userId: buyer, fen: 1_000_000 });
});
afterAll(() => t.close());

const errCodeOf = (error: unknown) => (error instanceof AppError ? error.errCode : error);

/** A small deterministic generator, so a failing run can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe(`orders under concurrency (${databaseKind})`, () => {
  it('200 buyers racing for one listing: exactly one order, the others are told at once', async () => {
    const goodsId = await insertListing(t.app.db, seller);
    const results = await Promise.allSettled(
      buyers.map((buyer) => t.app.orders.place(buyer, { goods_id: goodsId })),
    );
    const placed = results.filter((result) => result.status === 'fulfilled');
    expect(placed).toHaveLength(1);
    const refusals = results.flatMap((result) =>
      result.status === 'rejected' ? [errCodeOf(result.reason)] : [],
    );
    expect(new Set(refusals)).toEqual(new Set([ErrorCodes.ORDER_GOODS_UNAVAILABLE]));
    const rows = await t.app.db.select().from(orders).where(eq(orders.goodsId, goodsId));
    expect(rows).toHaveLength(1);
    expect(await goodsStatus(t.app.db, goodsId)).toBe('locked');
  });

  it('after a randomised run of orders, the ledger holds and escrow is the sum of open orders', async () => {
    const next = random(11);
    const outcomes = { completed: 0, held: 0, cancelled: 0, expired: 0 };
    const runs = Array.from({ length: 240 }, (_, index) => index);
    const placedIds = new Set<number>();
    for (const index of runs) {
      const buyer = buyers[index % buyers.length] ?? 0;
      const goodsId = await insertListing(t.app.db, seller, {
        priceFen: 100 + Math.floor(next() * 500_000),
      });
      const guarantee = next() < 0.5 ? 'basic' : undefined;
      const { order } = await t.app.orders.place(buyer, {
        goods_id: goodsId,
        ...(guarantee ? { guarantee } : {}),
      });
      placedIds.add(order.id);
      const roll = next();
      if (roll < 0.2) {
        await t.app.orders.cancel(buyer, order.orderNo);
        outcomes.cancelled++;
      } else if (roll < 0.35) {
        outcomes.expired++;
      } else {
        await t.app.orders.pay(buyer, order.orderNo, 'wallet');
        if (roll < 0.75) {
          for (const action of orderStaffSteps) {
            if (action === 'finish_rebinding') await confirmRebinding(t.app.db, order.id, buyer);
            await t.app.orders.staffStep(staff, order.orderNo, action);
          }
          // Nobody signs for the parties: completed as if both had (test/protocols.test.ts signs).
          await t.app.orders.devCompleteSigning(order.orderNo);
          await t.app.orders.confirm(buyer, order.orderNo);
          outcomes.completed++;
        } else if (roll < 0.85) {
          outcomes.held++;
        } else {
          await t.app.orders.staffStep(staff, order.orderNo, 'deliver');
          outcomes.held++;
        }
      }
    }
    t.clock.advance(15 * 60);
    await t.app.jobs.runDue();
    const states = (await t.app.db.select({ id: orders.id, state: orders.state }).from(orders)).filter(
      (row) => placedIds.has(row.id),
    );
    expect(states.filter((row) => row.state === 'pending_payment')).toHaveLength(0);
    expect(states.filter((row) => row.state === 'expired').length).toBe(outcomes.expired);
    expect(states.filter((row) => row.state === 'completed').length).toBe(outcomes.completed);

    const report = await checkLedger(t.app.db);
    expect(report.ok).toBe(true);
    const held = await escrowAgainstOrders(t.app.db);
    expect(held.differingShards).toEqual([]);
    expect(held.escrow).toBe(held.orders);
    expect(held.escrow).toBeGreaterThan(0);

    // The held orders then time out without a hand-over: every fen in escrow goes back.
    t.clock.advance(24 * 3600);
    await t.app.jobs.runDue();
    const after = await escrowAgainstOrders(t.app.db);
    expect(after.differingShards).toEqual([]);
    expect(after.escrow).toBe(after.orders);
    expect((await checkLedger(t.app.db)).ok).toBe(true);
    expect(outcomes.completed + outcomes.held + outcomes.cancelled + outcomes.expired).toBe(runs.length);
  }, 600_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { ClaimDetail } from '@haoshi/contracts';
import { notifications } from '../src/modules/notifications/tables.ts';
import { orders } from '../src/modules/orders/tables.ts';
import type { ProcessTimer } from '../src/modules/process/timer-scheduler.ts';
import { queryRows } from '../src/lib/sql-rows.ts';
import { paidOrder, party, type Party } from './helpers/aftersales.ts';
import { call } from './helpers/identity.ts';
import { createListingsApp, disputeEvidence } from './helpers/listings.ts';
import { orderCall } from './helpers/orders.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let buyer: Party;
let seller: Party;
let staff: Party;
beforeAll(async () => {
  t = await createListingsApp();
  buyer = await party(t, '13870000001');
  seller = await party(t, '13870000002');
  staff = await party(t, '13870000003', true);
});
afterAll(() => t.close());

const DAY = 24 * 3600;
const stateOf = async (orderNo: string) =>
  (await t.app.db.select({ state: orders.state }).from(orders).where(eq(orders.orderNo, orderNo)))[0]?.state;
const failedTimers = async () =>
  (
    await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from pgboss.job where name = 'process.timer' and state = 'failed'`,
    )
  )[0]?.n ?? 0;

describe(`a timer whose retries ran out (${databaseKind})`, () => {
  it('is tried again later and fires: the escrow is released after all', async () => {
    const order = await paidOrder(t, { buyer, seller, staff }, { steps: 5 });
    expect(order.state).toBe('protection');
    const { processes } = t.app;
    const fire = processes.fireTimer.bind(processes);
    processes.fireTimer = async () => {
      throw new Error('a fault of some minutes');
    };
    try {
      t.clock.advance(3 * DAY);
      for (let attempt = 0; attempt < 10; attempt += 1) {
        await t.app.jobs.runDue();
        t.clock.advance(300);
      }
      expect(await failedTimers()).toBeGreaterThan(0);
      expect(await stateOf(order.order_no)).toBe('protection');
    } finally {
      processes.fireTimer = fire;
    }
    t.clock.advance(600);
    await t.app.jobs.runDue();
    expect(await stateOf(order.order_no)).toBe('completed');
    expect(await failedTimers()).toBe(0);
  });
});

describe(`a reminder (a timer that keeps the state) run twice (${databaseKind})`, () => {
  it('reminds once', async () => {
    const order = await paidOrder(t, { buyer, seller, staff }, { steps: 5, guarantee: 'basic' });
    await orderCall(t, buyer.token, '/app/order/confirm', { order_no: order.order_no });
    const filed = await call<ClaimDetail>(t.app, 'POST', '/app/dog/claims/apply', {
      token: buyer.token,
      body: {
        order_no: order.order_no,
        description: '账号在成交后被原卖家通过申诉找回，登录提示密码错误',
        images: [await disputeEvidence(t, buyer.token)],
      },
    });
    const claimNo = filed.body.data?.claim_no ?? '';
    const asked = await call<ClaimDetail>(t.app, 'POST', '/app/dog/claims/review', {
      token: staff.token,
      body: { claim_no: claimNo, action: 'request_info', reason: '请补充账号被找回时的官方邮件截图' },
    });
    expect(asked.body.data?.state).toBe('info_requested');
    const [job] = await queryRows<{ data: ProcessTimer }>(
      t.app.db,
      sql`select data from pgboss.job where name = 'process.timer' and data->>'action' = 'remind_supplement'
          order by created_on desc limit 1`,
    );
    if (!job) throw new Error('no reminder armed');
    const reminders = () =>
      t.app.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, buyer.id),
            eq(notifications.link, `/offlineRetrievalDetails?claim_no=${claimNo}`),
          ),
        );
    const before = (await reminders()).length;
    // The job run twice: an instance died between its commit and the job's completion.
    expect(await t.app.processes.fireTimer(t.app.db, job.data)).toBe('fired');
    expect(await t.app.processes.fireTimer(t.app.db, job.data)).toBe('stale');
    expect((await reminders()).length).toBe(before + 1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CLAIM_SUPPLEMENT_DAYS, CLAIM_SUPPLEMENT_SECONDS, type ClaimDetail } from '@haoshi/contracts';
import { notifications } from '../src/modules/notifications/tables.ts';
import { paidOrder, party, type Party } from './helpers/aftersales.ts';
import { call, login } from './helpers/identity.ts';
import { createListingsApp, disputeEvidence } from './helpers/listings.ts';
import { orderCall } from './helpers/orders.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let buyer: Party;
let seller: Party;
let staff: Party;

beforeAll(async () => {
  t = await createListingsApp();
  buyer = await party(t, '13821000001');
  seller = await party(t, '13821000002');
  staff = await party(t, '13821000003', true);
});
afterAll(() => t.close());

const DAY = 24 * 3600;

/** Moves the clock and runs the due jobs; sessions do not last days, so everyone signs in again. */
async function later(seconds: number) {
  t.clock.advance(seconds);
  await t.app.jobs.runDue();
  if (seconds < 3600) return;
  buyer = { ...buyer, token: (await login(t.app, '13821000001')).token };
  seller = { ...seller, token: (await login(t.app, '13821000002')).token };
  staff = { ...staff, token: (await login(t.app, '13821000003')).token };
}
const REMINDER_TITLE = '找回申请即将关闭，请补充材料';
const CLOSED_TITLE = '找回申请已关闭';

const post = (who: Party, path: string, body: Record<string, unknown>) =>
  call<ClaimDetail>(t.app, 'POST', path, { token: who.token, body });
const detail = async (who: Party, claimNo: string) => {
  const answer = await call<ClaimDetail>(t.app, 'GET', `/app/dog/claims/v3?claim_no=${claimNo}`, {
    token: who.token,
  });
  if (!answer.body.data) throw new Error(`no claim: ${JSON.stringify(answer.body)}`);
  return answer.body.data;
};

/** A completed guaranteed order of the buyer's. */
async function completedOrder(): Promise<string> {
  const order = await paidOrder(t, { buyer, seller, staff }, { steps: 5, guarantee: 'basic' });
  const confirmed = await orderCall(t, buyer.token, '/app/order/confirm', { order_no: order.order_no });
  expect(confirmed.body.data?.state).toBe('completed');
  return order.order_no;
}

async function file(orderNo: string) {
  const filed = await post(buyer, '/app/dog/claims/apply', {
    order_no: orderNo,
    description: '账号在成交后被原卖家通过申诉找回，登录提示密码错误',
    images: [await disputeEvidence(t, buyer.token)],
  });
  expect(filed.body.err_code).toBe(0);
  return filed.body.data?.claim_no ?? '';
}

async function askForMore(claimNo: string) {
  const asked = await post(staff, '/app/dog/claims/review', {
    claim_no: claimNo,
    action: 'request_info',
    reason: '请补充账号被找回时的官方邮件截图',
  });
  expect(asked.body.data?.state).toBe('info_requested');
}

/** The buyer's notices about this claim with `title`. */
const noticesOf = (claimNo: string, title: string) =>
  t.app.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, buyer.id),
        eq(notifications.title, title),
        eq(notifications.link, `/offlineRetrievalDetails?claim_no=${claimNo}`),
      ),
    );

describe(`a claim waiting for material (${databaseKind})`, () => {
  it(`reminds the buyer a day before and closes the claim ${CLAIM_SUPPLEMENT_DAYS} days after the request`, async () => {
    const orderNo = await completedOrder();
    const claimNo = await file(orderNo);
    expect((await detail(buyer, claimNo)).supplement_deadline).toBeNull();
    const askedAt = t.clock.now().getTime();
    await askForMore(claimNo);
    const waiting = await detail(buyer, claimNo);
    expect(waiting.supplement_deadline).toBe(
      new Date(askedAt + CLAIM_SUPPLEMENT_SECONDS * 1000).toISOString(),
    );
    // The buyer sees no button for the system's steps.
    expect(waiting.actions).toEqual(['supplement', 'withdraw']);

    await later(CLAIM_SUPPLEMENT_SECONDS - DAY - 1);
    expect(await noticesOf(claimNo, REMINDER_TITLE)).toHaveLength(0);
    await later(1);
    const [reminder] = await noticesOf(claimNo, REMINDER_TITLE);
    expect(reminder?.body).toContain(claimNo);
    expect(reminder?.body).toContain('逾期申请将自动关闭');
    const reminded = await detail(buyer, claimNo);
    expect(reminded.state).toBe('info_requested');
    expect(reminded.timeline.at(-1)).toMatchObject({ action: 'remind_supplement', actor_role: 'system' });
    // Running the due jobs again does not remind twice.
    await t.app.jobs.runDue();
    expect(await noticesOf(claimNo, REMINDER_TITLE)).toHaveLength(1);

    await later(DAY - 1);
    expect((await detail(buyer, claimNo)).state).toBe('info_requested');
    await later(1);
    const closed = await detail(buyer, claimNo);
    expect(closed).toMatchObject({ state: 'closed', state_label: '已关闭（逾期未补充材料）', actions: [] });
    expect(closed.supplement_deadline).toBeNull();
    expect(closed.timeline.at(-1)).toMatchObject({
      action: 'close_unsupplemented',
      from: 'info_requested',
      to: 'closed',
      actor_role: 'system',
    });
    expect(await noticesOf(claimNo, CLOSED_TITLE)).toHaveLength(1);
    // Closed is final: the buyer cannot supplement any more, and may file again while covered.
    const late = await post(buyer, '/app/dog/claims/supplement', { claim_no: claimNo, description: '补充' });
    expect(late.body.err_code).not.toBe(0);
    expect(await file(orderNo)).toMatch(/^C\d+/);
  });

  it('counts the deadline from the latest request: an earlier request’s timers are stale', async () => {
    const claimNo = await file(await completedOrder());
    await askForMore(claimNo);
    await later(2 * DAY);
    const supplemented = await post(buyer, '/app/dog/claims/supplement', {
      claim_no: claimNo,
      description: '已补充官方找回邮件截图',
      images: [await disputeEvidence(t, buyer.token)],
    });
    expect(supplemented.body.data?.state).toBe('submitted');
    await later(DAY);
    const askedAgainAt = t.clock.now().getTime();
    await askForMore(claimNo);
    expect((await detail(buyer, claimNo)).supplement_deadline).toBe(
      new Date(askedAgainAt + CLAIM_SUPPLEMENT_SECONDS * 1000).toISOString(),
    );
    // The first request's deadline passes: nothing happens.
    await later(CLAIM_SUPPLEMENT_SECONDS - 3 * DAY);
    expect((await detail(buyer, claimNo)).state).toBe('info_requested');
    expect(await noticesOf(claimNo, CLOSED_TITLE)).toHaveLength(0);
    // The second request's reminder, then its deadline closes the claim.
    await later(2 * DAY);
    expect(await noticesOf(claimNo, REMINDER_TITLE)).toHaveLength(1);
    await later(DAY);
    expect((await detail(buyer, claimNo)).state).toBe('closed');
    expect(await noticesOf(claimNo, REMINDER_TITLE)).toHaveLength(1);
    expect(await noticesOf(claimNo, CLOSED_TITLE)).toHaveLength(1);
  });
});

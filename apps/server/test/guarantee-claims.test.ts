import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  ErrorCodes,
  errorMessages,
  type ClaimData,
  type AccountCancelStatus,
  type ClaimDetail,
  type ClaimList,
  type GuaranteePlans,
  type OrderPlan,
  type ResellList,
} from '@haoshi/contracts';
import { fundCompensationPoolDemo, guaranteeClaims } from '../src/modules/claims/index.ts';
import { checkLedger, ledger } from '../src/modules/ledger/index.ts';
import { ledgerTransfers } from '../src/modules/ledger/tables.ts';
import { orders } from '../src/modules/orders/tables.ts';
import { paidOrder, party, type Party } from './helpers/aftersales.ts';
import { call } from './helpers/identity.ts';
import { createListingsApp, disputeEvidence } from './helpers/listings.ts';
import { orderCall } from './helpers/orders.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';
import { postMoney } from './helpers/wallet.ts';

let t: TestApp;
let buyer: Party;
let seller: Party;
let staff: Party;
let stranger: Party;
/** Customer service who also sells. */
let staffSeller: Party;

beforeAll(async () => {
  t = await createListingsApp();
  buyer = await party(t, '13820000001');
  seller = await party(t, '13820000002');
  staff = await party(t, '13820000003', true);
  stranger = await party(t, '13820000004');
  staffSeller = await party(t, '13820000005', true);
});
afterAll(() => t.close());

const DAY = 24 * 3600;

const get = <T>(who: Party | null, url: string) =>
  call<T>(t.app, 'GET', url, who ? { token: who.token } : {});
const post = <T = ClaimDetail>(who: Party, path: string, body: Record<string, unknown>, key?: string) =>
  call<T>(t.app, 'POST', path, {
    token: who.token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

/** A guaranteed order (基础包赔, price 100.00) taken to protection, then confirmed by the buyer. */
async function completedOrder(
  people: { buyer: Party; seller: Party } = { buyer, seller },
  options: { guarantee?: boolean; confirm?: boolean } = {},
): Promise<string> {
  const order = await paidOrder(
    t,
    { ...people, staff },
    { steps: 5, ...(options.guarantee === false ? {} : { guarantee: 'basic' }) },
  );
  if (options.confirm === false) return order.order_no;
  const confirmed = await orderCall(t, people.buyer.token, '/app/order/confirm', {
    order_no: order.order_no,
  });
  expect(confirmed.body.data?.state).toBe('completed');
  return order.order_no;
}

const file = async (who: Party, orderNo: string, images?: string[]) =>
  post(who, '/app/dog/claims/apply', {
    order_no: orderNo,
    description: '账号在成交后被原卖家通过申诉找回，登录提示密码错误',
    images: images ?? [await disputeEvidence(t, who.token)],
  });

const review = (who: Party, claimNo: string, action: string, extra: Record<string, unknown> = {}) =>
  post(who, '/app/dog/claims/review', { claim_no: claimNo, action, reason: '核实找回情况', ...extra });

/** A claim filed by the buyer; answers its number. */
async function filedClaim(people: { buyer: Party; seller: Party } = { buyer, seller }): Promise<string> {
  const orderNo = await completedOrder(people);
  const filed = await file(people.buyer, orderNo);
  expect(filed.body.err_code).toBe(0);
  return filed.body.data?.claim_no ?? '';
}

describe(`guarantee plans (${databaseKind})`, () => {
  it('lists the plans of the fee schedule, priced for a deal price, to anyone', async () => {
    const plans = await get<GuaranteePlans>(null, '/app/official_guarantee?price=100');
    expect(plans.body.err_code).toBe(0);
    expect(plans.body.data?.plans.map((plan) => [plan.code, plan.fee, plan.max_compensation])).toEqual([
      ['basic', '3.00', '100.00'],
      ['extended', '5.00', '100.00'],
      ['lifetime', '8.00', '100.00'],
    ]);
    expect(plans.body.data?.plans[0]).toMatchObject({
      rate: '3%',
      compensation_ratio: '100%',
      protection_days: 90,
    });
    const unpriced = await get<GuaranteePlans>(null, '/app/official_guarantee');
    expect(unpriced.body.data?.plans[2]).toMatchObject({ fee: null, protection_days: null });
  });

  it("answers an order's plan to its parties and staff, with the time left once completed", async () => {
    const orderNo = await completedOrder({ buyer, seller }, { confirm: false });
    const pending = await get<OrderPlan>(buyer, `/app/official_guarantee/v2?order_no=${orderNo}`);
    expect(pending.body.data).toMatchObject({ status: 'pending', can_claim: false, covered_until: null });
    await orderCall(t, buyer.token, '/app/order/confirm', { order_no: orderNo });
    const inForce = await get<OrderPlan>(buyer, `/app/official_guarantee/v2?order_no=${orderNo}`);
    expect(inForce.body.data).toMatchObject({ status: 'in_force', can_claim: true, reason: '' });
    expect(inForce.body.data?.plan?.code).toBe('basic');
    expect(inForce.body.data?.remaining_seconds).toBe(90 * DAY);
    const seen = await get<OrderPlan>(seller, `/app/official_guarantee/v2?order_no=${orderNo}`);
    expect(seen.body.data).toMatchObject({ viewer_role: 'seller', can_claim: false });
    expect((await get(staff, `/app/official_guarantee/v2?order_no=${orderNo}`)).body.err_code).toBe(0);
    expect((await get(stranger, `/app/official_guarantee/v2?order_no=${orderNo}`)).body.err_code).toBe(
      ErrorCodes.ORDER_NOT_FOUND,
    );
    const none = await completedOrder({ buyer, seller }, { guarantee: false });
    const without = await get<OrderPlan>(buyer, `/app/official_guarantee/v2?order_no=${none}`);
    expect(without.body.data).toMatchObject({ status: 'none', plan: null, can_claim: false });
  });
});

describe(`filing a claim (${databaseKind})`, () => {
  it('is refused before completion, without a plan, after the plan lapsed, and to anyone but the buyer', async () => {
    const inProtection = await completedOrder({ buyer, seller }, { confirm: false });
    expect((await file(buyer, inProtection)).body.err_code).toBe(ErrorCodes.CLAIM_ORDER_NOT_COMPLETED);
    const unguaranteed = await completedOrder({ buyer, seller }, { guarantee: false });
    expect((await file(buyer, unguaranteed)).body.err_code).toBe(ErrorCodes.CLAIM_NO_GUARANTEE);

    const orderNo = await completedOrder();
    expect((await file(stranger, orderNo)).body.err_code).toBe(ErrorCodes.ORDER_NOT_FOUND);
    expect((await file(seller, orderNo)).body.err_code).toBe(ErrorCodes.ORDER_NOT_FOUND);
    expect((await file(staff, orderNo)).body.err_code).toBe(ErrorCodes.ORDER_NOT_FOUND);
    const foreign = await disputeEvidence(t, stranger.token);
    expect((await file(buyer, orderNo, [foreign])).body.err_code).toBe(ErrorCodes.CLAIM_EVIDENCE_INVALID);
    expect((await file(buyer, orderNo, [])).body.err_code).toBe(ErrorCodes.VALIDATION_FAILED);

    const filed = await file(buyer, orderNo);
    expect(filed.body.err_code).toBe(0);
    expect(filed.body.data).toMatchObject({
      state: 'submitted',
      viewer_role: 'buyer',
      max_compensation: '100.00',
      compensation: null,
      actions: ['withdraw'],
    });
    expect(filed.body.data?.timeline.map((entry) => [entry.action, entry.to])).toEqual([
      ['create', 'submitted'],
    ]);
    expect((await file(buyer, orderNo)).body.err_code).toBe(ErrorCodes.CLAIM_ALREADY_OPEN);

    // 基础包赔 covers 90 days after completion.
    const lapsing = await completedOrder();
    // Completed 90 days and a second ago (the clock is left alone: sessions would lapse too).
    await t.app.db
      .update(orders)
      .set({ completedAt: new Date(t.clock.now().getTime() - (90 * DAY + 1) * 1000) })
      .where(eq(orders.orderNo, lapsing));
    expect((await file(buyer, lapsing)).body.err_code).toBe(ErrorCodes.CLAIM_PLAN_LAPSED);
    const plan = await get<OrderPlan>(buyer, `/app/official_guarantee/v2?order_no=${lapsing}`);
    expect(plan.body.data).toMatchObject({ status: 'lapsed', can_claim: false, remaining_seconds: null });
  });
});

describe(`claim transitions per role (${databaseKind})`, () => {
  it('lets each role take only its own actions', async () => {
    const claimNo = await filedClaim();
    const staffOnly = ['request_info', 'accept', 'reject'];
    for (const action of staffOnly)
      expect(
        (await review(buyer, claimNo, action, action === 'accept' ? { amount: '10' } : {})).body.err_code,
      ).toBe(ErrorCodes.CLAIM_STATE_INVALID);
    expect((await post(buyer, '/app/dog/claims/compensate', { claim_no: claimNo })).body.err_code).toBe(
      ErrorCodes.CLAIM_STATE_INVALID,
    );
    // Staff cannot supplement or withdraw the buyer's claim.
    expect(
      (await post(staff, '/app/dog/claims/supplement', { claim_no: claimNo, description: '补充' })).body
        .err_code,
    ).toBe(ErrorCodes.CLAIM_STATE_INVALID);
    expect((await post(staff, '/app/dog/claims/withdraw', { claim_no: claimNo })).body.err_code).toBe(
      ErrorCodes.CLAIM_STATE_INVALID,
    );
    // Supplement only once asked.
    expect(
      (await post(buyer, '/app/dog/claims/supplement', { claim_no: claimNo, description: '补充' })).body
        .err_code,
    ).toBe(ErrorCodes.CLAIM_STATE_INVALID);

    const asked = await review(staff, claimNo, 'request_info', {
      reason: '请补充账号被找回时的官方邮件截图',
    });
    expect(asked.body.data).toMatchObject({ state: 'info_requested', viewer_role: 'customer_service' });
    expect(asked.body.data?.actions).toEqual(['reject']);
    expect((await review(staff, claimNo, 'accept', { amount: '50' })).body.err_code).toBe(
      ErrorCodes.CLAIM_STATE_INVALID,
    );
    const key = await disputeEvidence(t, buyer.token);
    const supplemented = await post(buyer, '/app/dog/claims/supplement', {
      claim_no: claimNo,
      description: '已补充官方找回邮件截图',
      images: [key],
    });
    expect(supplemented.body.data).toMatchObject({ state: 'submitted' });
    expect(supplemented.body.data?.images).toHaveLength(2);

    expect((await review(staff, claimNo, 'accept', { amount: '100.01' })).body.err_code).toBe(
      ErrorCodes.CLAIM_AMOUNT_TOO_HIGH,
    );
    expect((await review(staff, claimNo, 'accept')).body.err_code).toBe(ErrorCodes.VALIDATION_FAILED);
    const accepted = await review(staff, claimNo, 'accept', { amount: '80' });
    expect(accepted.body.data).toMatchObject({ state: 'accepted', compensation: '80.00' });
    expect((await post(buyer, '/app/dog/claims/withdraw', { claim_no: claimNo })).body.err_code).toBe(
      ErrorCodes.CLAIM_STATE_INVALID,
    );
    expect((await review(staff, claimNo, 'reject')).body.err_code).toBe(ErrorCodes.CLAIM_STATE_INVALID);

    const detail = await get<ClaimDetail>(buyer, `/app/dog/claims/v3?claim_no=${claimNo}`);
    expect(detail.body.data?.timeline.map((entry) => [entry.action, entry.actor_role])).toEqual([
      ['create', 'owner'],
      ['request_info', 'customer_service'],
      ['supplement', 'owner'],
      ['accept', 'customer_service'],
    ]);
    expect(detail.body.data?.timeline[1]?.reason).toBe('请补充账号被找回时的官方邮件截图');
  });

  it('the buyer withdraws and may file again; staff reject with a reason', async () => {
    const claimant = await party(t, '13820000006');
    const openClaims = async () =>
      (await get<AccountCancelStatus>(claimant, '/app/user/destroy/status')).body.data?.conditions.find(
        (condition) => condition.key === 'open_claims',
      );
    const orderNo = await completedOrder({ buyer: claimant, seller });
    const first = await file(claimant, orderNo);
    // An open claim holds the account: it cannot be cancelled while the claim may still pay.
    expect(await openClaims()).toMatchObject({ met: false, action_route: '/offlineRetrievalList' });
    const withdrawn = await post(claimant, '/app/dog/claims/withdraw', {
      claim_no: first.body.data?.claim_no,
    });
    expect(withdrawn.body.data).toMatchObject({ state: 'withdrawn', actions: [] });
    expect(await openClaims()).toMatchObject({ met: true });
  });

  it('a withdrawn claim may be filed again; staff reject with a reason', async () => {
    const orderNo = await completedOrder();
    const first = await file(buyer, orderNo);
    const withdrawn = await post(buyer, '/app/dog/claims/withdraw', {
      claim_no: first.body.data?.claim_no,
    });
    expect(withdrawn.body.data).toMatchObject({ state: 'withdrawn', actions: [] });
    const second = await file(buyer, orderNo);
    expect(second.body.err_code).toBe(0);
    const claimNo = second.body.data?.claim_no ?? '';
    expect((await review(staff, claimNo, 'reject', { reason: '' })).body.err_code).toBe(
      ErrorCodes.VALIDATION_FAILED,
    );
    const rejected = await review(staff, claimNo, 'reject', { reason: '买家自行泄露登录信息，不在保障范围' });
    expect(rejected.body.data).toMatchObject({ state: 'rejected' });
    expect(rejected.body.data?.timeline.at(-1)?.reason).toBe('买家自行泄露登录信息，不在保障范围');
    for (const action of ['request_info', 'accept', 'reject'])
      expect(
        (await review(staff, claimNo, action, action === 'accept' ? { amount: '1' } : {})).body.err_code,
      ).toBe(ErrorCodes.CLAIM_STATE_INVALID);
    // A rejected claim does not hold the order: the buyer may file once more.
    expect((await file(buyer, orderNo)).body.err_code).toBe(0);
  });

  it('staff never handle a claim against their own sale', async () => {
    const claimNo = await filedClaim({ buyer, seller: staffSeller });
    expect((await review(staffSeller, claimNo, 'accept', { amount: '1' })).body.err_code).toBe(
      ErrorCodes.CLAIM_STAFF_OWN,
    );
    expect((await get(staffSeller, `/app/dog/claims/v3?claim_no=${claimNo}`)).body.err_code).toBe(
      ErrorCodes.CLAIM_STAFF_OWN,
    );
    expect((await review(staff, claimNo, 'accept', { amount: '1' })).body.err_code).toBe(0);
  });
});

describe(`another user's claim (${databaseKind})`, () => {
  it('does not exist for them on any call', async () => {
    const claimNo = await filedClaim();
    const refusals = [
      await get(stranger, `/app/dog/claims/v3?claim_no=${claimNo}`),
      await get(seller, `/app/dog/claims/v3?claim_no=${claimNo}`),
      await post(stranger, '/app/dog/claims/supplement', { claim_no: claimNo, description: '补充' }),
      await post(stranger, '/app/dog/claims/withdraw', { claim_no: claimNo }),
      await post(seller, '/app/dog/claims/withdraw', { claim_no: claimNo }),
      await review(stranger, claimNo, 'reject'),
      await review(seller, claimNo, 'accept', { amount: '1' }),
      await post(stranger, '/app/dog/claims/compensate', { claim_no: claimNo }),
    ];
    for (const refusal of refusals) expect(refusal.body.err_code).toBe(ErrorCodes.CLAIM_NOT_FOUND);
    const theirs = await get<ClaimList>(stranger, '/app/dog/claims');
    expect(theirs.body.data?.list).toEqual([]);
    expect((await get(stranger, '/app/dog/claims/v4')).body.err_code).toBe(ErrorCodes.FORBIDDEN);
    expect((await get(buyer, '/app/dog/main')).body.err_code).toBe(ErrorCodes.FORBIDDEN);
    const mine = await get<ClaimList>(buyer, '/app/dog/claims');
    expect(mine.body.data?.list.map((item) => item.claim_no)).toContain(claimNo);
  });
});

describe(`compensation (${databaseKind})`, () => {
  it('is refused while the pool is short, then paid once from the pool with the seller charged back', async () => {
    await postMoney(t.app.db, { userId: seller.id, fen: 100_00 });
    expect(
      (await call(t.app, 'POST', '/app/order/sincerity', { token: seller.token, body: { level: 'basic' } }))
        .body.err_code,
    ).toBe(0);
    const claimNo = await filedClaim();
    expect((await review(staff, claimNo, 'accept', { amount: '100' })).body.err_code).toBe(0);

    const pool = () => ledger.accountBalance(t.app.db, { kind: 'compensation_pool' });
    // The pool holds only the 包赔 fees of the orders completed so far (3.00 each).
    expect(await pool()).toBeLessThan(100_00);
    const short = await post(staff, '/app/dog/claims/compensate', { claim_no: claimNo }, 'short-1');
    expect(short.body.err_code).toBe(ErrorCodes.CLAIM_POOL_SHORT);
    const still = await get<ClaimDetail>(buyer, `/app/dog/claims/v3?claim_no=${claimNo}`);
    expect(still.body.data?.state).toBe('accepted');

    await fundCompensationPoolDemo(t.app.db);
    await fundCompensationPoolDemo(t.app.db);
    const poolBefore = await pool();
    const buyerBefore = (await ledger.balances(t.app.db, buyer.id)).available;
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++)
      answers.push(await post(staff, '/app/dog/claims/compensate', { claim_no: claimNo }, 'pay-claim-1'));
    for (const answer of answers) expect(answer.body.err_code).toBe(0);
    expect(answers[0]?.body.data).toMatchObject({
      state: 'compensated',
      compensation: '100.00',
      seller_charged: '100.00',
    });
    // Another key: the table refuses, nothing moves.
    expect(
      (await post(staff, '/app/dog/claims/compensate', { claim_no: claimNo }, 'pay-claim-2')).body.err_code,
    ).toBe(ErrorCodes.CLAIM_STATE_INVALID);
    expect((await ledger.balances(t.app.db, buyer.id)).available).toBe(buyerBefore + 100_00);
    // Pool: −100.00 to the buyer, +100.00 charged back from the seller's deposit.
    expect(await pool()).toBe(poolBefore);
    const paid = await t.app.db
      .select()
      .from(ledgerTransfers)
      .where(
        and(
          eq(ledgerTransfers.kind, 'compensation.claim'),
          eq(ledgerTransfers.referenceType, 'guarantee_claim'),
        ),
      );
    expect(paid).toHaveLength(1);
    expect((await checkLedger(t.app.db)).ok).toBe(true);

    const detail = await get<ClaimDetail>(buyer, `/app/dog/claims/v3?claim_no=${claimNo}`);
    expect(detail.body.data?.timeline.at(-1)).toMatchObject({ action: 'compensate', to: 'compensated' });
    const plan = await get<OrderPlan>(
      buyer,
      `/app/official_guarantee/v2?order_no=${detail.body.data?.order_no}`,
    );
    expect(plan.body.data).toMatchObject({ status: 'claimed', can_claim: false });
    // The bill shows where it came from.
    const bills = await get<{ list: { title: string; type: string; amount: string }[] }>(
      buyer,
      '/app/user/bill',
    );
    expect(bills.body.data?.list[0]).toMatchObject({
      type: 'compensation',
      title: '包赔赔付到账',
      amount: '100.00',
    });
  });

  it('staff see the figures by plan and the pool; the buyer resells only what they kept', async () => {
    const data = await get<ClaimData>(staff, '/app/dog/main');
    expect(data.body.err_code).toBe(0);
    const total = data.body.data?.rows.at(-1);
    expect(total).toMatchObject({ key: 'all', label: '合计', compensated: 1, compensation: '100.00' });
    expect(total?.filed).toBeGreaterThanOrEqual(total?.open ?? 0);
    expect(data.body.data?.rows.map((row) => row.key)).toEqual(['basic', 'extended', 'lifetime', 'all']);
    expect(Number(data.body.data?.pool_balance)).toBeGreaterThan(0);

    const queue = await get<ClaimList>(staff, '/app/dog/claims/v4?tab=done');
    expect(queue.body.data?.list.some((item) => item.state === 'compensated')).toBe(true);

    const resell = await get<ResellList>(buyer, '/app/recovery/resell/list');
    expect(resell.body.err_code).toBe(0);
    const compensated = queue.body.data?.list.find((item) => item.state === 'compensated');
    const listed = resell.body.data?.list.map((item) => item.order_no) ?? [];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed).not.toContain(compensated?.order_no);
    // 转卖 opens the publish wizard filled from that order's listing.
    const first = resell.body.data?.list[0];
    expect(first?.publish_path).toBe(`/publishGoods?resell=${first?.order_no ?? ''}`);
    expect((await get<ResellList>(stranger, '/app/recovery/resell/list')).body.data?.total).toBe(0);
  });
});

/**
 * A 基础包赔 order (price 100.00; the buyer pays 103.00 with the 包赔 fee) whose dispute staff split:
 * `buyerAmount` back to the buyer, the rest of escrow to the seller.
 */
async function splitOrder(people: { buyer: Party; seller: Party }, buyerAmount: string): Promise<string> {
  const order = await paidOrder(t, { ...people, staff }, { steps: 5, guarantee: 'basic' });
  const opened = await post(
    people.buyer,
    '/app/order/refund/apply',
    { order_no: order.order_no, reason: 'retrieved', description: '账号成交后被找回过一次' },
    randomUUID(),
  );
  expect(opened.body.err_code).toBe(0);
  const split = await post(
    staff,
    '/app/order/refund/resolve',
    {
      order_no: order.order_no,
      outcome: 'split',
      buyer_amount: buyerAmount,
      seller_amount: (103 - Number(buyerAmount)).toFixed(2),
      reason: '双方各担部分责任，部分退款',
    },
    randomUUID(),
  );
  expect(split.body.err_code).toBe(0);
  return order.order_no;
}

describe(`a claim after a split dispute (${databaseKind})`, () => {
  it('covers only the part of the price the split did not refund, and charges the seller on that', async () => {
    await fundCompensationPoolDemo(t.app.db);
    const splitBuyer = await party(t, '13820000011');
    const splitSeller = await party(t, '13820000012');
    await postMoney(t.app.db, { userId: splitSeller.id, fen: 100_00 });
    const deposit = await call(t.app, 'POST', '/app/order/sincerity', {
      token: splitSeller.token,
      body: { level: 'basic' },
    });
    expect(deposit.body.err_code).toBe(0);
    const orderNo = await splitOrder({ buyer: splitBuyer, seller: splitSeller }, '90.00');

    const filed = await file(splitBuyer, orderNo);
    expect(filed.body.data).toMatchObject({ state: 'submitted', max_compensation: '10.00', price: '100.00' });
    expect(filed.body.data?.plan.max_compensation).toBe('10.00');
    const plan = await get<OrderPlan>(splitBuyer, `/app/official_guarantee/v2?order_no=${orderNo}`);
    expect(plan.body.data).toMatchObject({ status: 'in_force', refunded: '90.00' });
    expect(plan.body.data?.plan?.max_compensation).toBe('10.00');
    const claimNo = filed.body.data?.claim_no ?? '';
    expect((await review(staff, claimNo, 'accept', { amount: '100' })).body.err_code).toBe(
      ErrorCodes.CLAIM_AMOUNT_TOO_HIGH,
    );
    expect((await review(staff, claimNo, 'accept', { amount: '10.01' })).body.err_code).toBe(
      ErrorCodes.CLAIM_AMOUNT_TOO_HIGH,
    );
    expect((await review(staff, claimNo, 'accept', { amount: '10' })).body.data?.state).toBe('accepted');
    const paid = await post(staff, '/app/dog/claims/compensate', { claim_no: claimNo }, randomUUID());
    expect(paid.body.data).toMatchObject({
      state: 'compensated',
      compensation: '10.00',
      seller_charged: '10.00',
    });
    // Credited 500.00, paid 103.00 (the price and the 包赔 fee), got back 90.00 from the split and
    // 10.00 from the pool: the whole price and no more.
    expect((await ledger.balances(t.app.db, splitBuyer.id)).available).toBe(500_00 - 103_00 + 100_00);
    expect((await checkLedger(t.app.db)).ok).toBe(true);
  });

  it('is refused at filing, with nothing written, when the split refunded the whole price', async () => {
    const splitBuyer = await party(t, '13820000013');
    const orderNo = await splitOrder({ buyer: splitBuyer, seller }, '101.00');
    expect((await file(splitBuyer, orderNo)).body.err_code).toBe(ErrorCodes.CLAIM_NOTHING_COVERED);
    const plan = await get<OrderPlan>(splitBuyer, `/app/official_guarantee/v2?order_no=${orderNo}`);
    expect(plan.body.data).toMatchObject({
      status: 'in_force',
      refunded: '101.00',
      can_claim: false,
      reason: errorMessages[ErrorCodes.CLAIM_NOTHING_COVERED],
    });
    expect(plan.body.data?.plan?.max_compensation).toBe('0.00');
    const [order] = await t.app.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
    expect(
      await t.app.db
        .select()
        .from(guaranteeClaims)
        .where(eq(guaranteeClaims.orderId, order?.id ?? 0)),
    ).toEqual([]);
  });

  it('a release leaves the whole price covered', async () => {
    const order = await paidOrder(t, { buyer, seller, staff }, { steps: 5, guarantee: 'basic' });
    expect(
      (
        await post(
          buyer,
          '/app/order/refund/apply',
          { order_no: order.order_no, reason: 'retrieved', description: '账号成交后被找回过一次' },
          randomUUID(),
        )
      ).body.err_code,
    ).toBe(0);
    const released = await post(
      staff,
      '/app/order/refund/resolve',
      { order_no: order.order_no, outcome: 'release', reason: '核实后放款' },
      randomUUID(),
    );
    expect(released.body.err_code).toBe(0);
    const plan = await get<OrderPlan>(buyer, `/app/official_guarantee/v2?order_no=${order.order_no}`);
    expect(plan.body.data).toMatchObject({ can_claim: true, refunded: '0.00' });
    expect(plan.body.data?.plan?.max_compensation).toBe('100.00');
  });
});

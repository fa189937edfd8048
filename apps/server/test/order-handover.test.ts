import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  ErrorCodes,
  URGE_DAILY_LIMIT,
  walletPaths,
  type AccountCredentials,
  type BillList,
  type DisputeDetail,
  type OrderDetail,
  type OrderHandover,
  type UrgePage,
} from '@haoshi/contracts';
import { checkLedger, ledger } from '../src/modules/ledger/index.ts';
import { createCredentialsVault } from '../src/modules/orders/handover-crypto.ts';
import { createAdminService } from '../src/modules/admin/index.ts';
import { orderCredentialReveals, orderCredentials } from '../src/modules/orders/handover-tables.ts';
import { orders } from '../src/modules/orders/tables.ts';
import { sincerityHoldings } from '../src/modules/sincerity/tables.ts';
import { userRoles } from '../src/modules/identity/tables.ts';
import { DEFAULT_CREDENTIALS_KEYS } from '../src/config.ts';
import { queryRows } from '../src/lib/sql-rows.ts';
import { handedOver, handover, moneyCall, paidOrder, type Party } from './helpers/handover.ts';
import { call, login } from './helpers/identity.ts';
import { createListingsApp, put } from './helpers/listings.ts';
import { goodsStatus, orderCall } from './helpers/orders.ts';
import type { TestApp } from './helpers/test-app.ts';
import { postMoney } from './helpers/wallet.ts';

let t: TestApp;
let buyer: Party;
let seller: Party;
let staff: Party;
let stranger: Party;

beforeAll(async () => {
  t = await createListingsApp();
  const logged = async (phone: string) => {
    const { token, user } = await login(t.app, phone);
    return { token, id: user.id };
  };
  buyer = await logged('13900000001');
  seller = await logged('13900000002');
  staff = await logged('13900000003');
  stranger = await logged('13900000004');
  await t.app.db.insert(userRoles).values({ userId: staff.id, role: 'customer_service' });
});
afterAll(() => t.close());

const reveal = (token: string, orderNo: string) =>
  call<AccountCredentials>(t.app, 'GET', `/app/order/account/main?order_no=${orderNo}`, { token });
const revealCount = async (orderNo: string) => {
  const [order] = await t.app.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
  return (
    await t.app.db
      .select()
      .from(orderCredentialReveals)
      .where(eq(orderCredentialReveals.orderId, order?.id ?? 0))
  ).length;
};
const orderState = async (orderNo: string) =>
  (await t.app.db.select({ state: orders.state }).from(orders).where(eq(orders.orderNo, orderNo)))[0]?.state;
const sellerHeld = async (userId: number) =>
  (await t.app.db.select().from(sincerityHoldings).where(eq(sincerityHoldings.userId, userId)))
    .filter((row) => row.kind === 'seller')
    .reduce((sum, row) => sum + row.held, 0);
const expectLedgerHolds = async () => {
  const report = await checkLedger(t.app.db);
  expect(report, JSON.stringify(report.findings)).toMatchObject({
    ok: true,
    negativeCount: 0,
    sumOfBalances: 0,
  });
};

describe('credentials hand-over', () => {
  it('seals the login details at rest: the row holds no plaintext, a wrong key or a changed byte fails', async () => {
    const { orderNo } = await paidOrder(t, { buyer, seller });
    const view = await handedOver(t, staff, seller, orderNo);
    expect(view.state).toBe('verifying');
    expect(view.credentials).toMatchObject({ submitted: true, account_masked: 'pla****345' });

    const [row] = await queryRows<Record<string, unknown>>(
      t.app.db,
      sql`select c.* from order_credentials c join orders o on o.id = c.order_id where o.order_no = ${orderNo}`,
    );
    const stored = JSON.stringify(row);
    for (const secret of ['player_8812345', 'S3cret-pass!', '王芳']) expect(stored).not.toContain(secret);
    expect(row?.key_id).toBe('dev1');

    const [sealed] = await t.app.db.select().from(orderCredentials);
    if (!sealed) throw new Error('no credentials row');
    const context = `order:${sealed.orderId}`;
    const vault = createCredentialsVault(DEFAULT_CREDENTIALS_KEYS);
    expect(JSON.parse(vault.open(sealed, context))).toMatchObject({ account: 'player_8812345' });
    const otherKey = createCredentialsVault(`dev1:${Buffer.alloc(32, 7).toString('base64')}`);
    expect(() => otherKey.open(sealed, context)).toThrow();
    expect(() => vault.open(sealed, 'order:999999')).toThrow();
    const flipped = Buffer.from(sealed.ciphertext, 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => vault.open({ ...sealed, ciphertext: flipped.toString('base64') }, context)).toThrow();
  });

  it('rotates keys: a ring with a new first key seals with it and still opens the old records', () => {
    const old = createCredentialsVault(DEFAULT_CREDENTIALS_KEYS);
    const sealed = old.seal('{"account":"a"}', 'order:1');
    const rotated = createCredentialsVault(
      `k2:${Buffer.alloc(32, 9).toString('base64')},${DEFAULT_CREDENTIALS_KEYS}`,
    );
    expect(rotated.seal('x', 'order:1').keyId).toBe('k2');
    expect(rotated.open(sealed, 'order:1')).toBe('{"account":"a"}');
    const again = old.seal('{"account":"a"}', 'order:1');
    expect(again.iv).not.toBe(sealed.iv);
  });

  it('reveals only to the buyer after hand-over and to staff; everyone else gets a clear refusal', async () => {
    const { orderNo } = await paidOrder(t, { buyer, seller });
    // Before the seller hands over there is nothing to reveal.
    expect((await reveal(buyer.token, orderNo)).body.err_code).toBe(ErrorCodes.ORDER_ACCOUNT_NOT_SUBMITTED);
    await handedOver(t, staff, seller, orderNo);

    const seen = await reveal(buyer.token, orderNo);
    expect(seen.body.data).toMatchObject({
      account: 'player_8812345',
      password: 'S3cret-pass!',
      security: '母亲的名字：王芳',
    });
    expect(seen.response.headers['cache-control']).toBe('no-store');
    expect((await reveal(staff.token, orderNo)).body.data?.password).toBe('S3cret-pass!');

    // IDOR: a stranger sees no order at all, the seller cannot read back what was handed over.
    expect((await reveal(stranger.token, orderNo)).body.err_code).toBe(ErrorCodes.ORDER_NOT_FOUND);
    expect((await handover(t, stranger.token, orderNo)).body.err_code).toBe(ErrorCodes.ORDER_NOT_FOUND);
    expect((await reveal(seller.token, orderNo)).body.err_code).toBe(ErrorCodes.ORDER_ACCOUNT_FORBIDDEN);
    expect((await reveal('', orderNo)).body.err_code).toBe(ErrorCodes.LOGIN_REQUIRED);
    expect(
      (await moneyCall(t, stranger.token, '/app/order/verify', { order_no: orderNo, verdict: 'pass' })).body
        .err_code,
    ).toBe(ErrorCodes.ORDER_NOT_FOUND);
    expect(
      (await orderCall(t, stranger.token, '/app/order/video', { order_no: orderNo, key: 'x.mp4' })).body
        .err_code,
    ).toBe(ErrorCodes.ORDER_NOT_FOUND);
    expect(
      (await orderCall(t, stranger.token, '/app/user/urgent/v2', { order_no: orderNo })).body.err_code,
    ).toBe(ErrorCodes.ORDER_NOT_FOUND);
    const strangerUrges = await call(t.app, 'GET', `/app/user/urgent/v2?order_no=${orderNo}`, {
      token: stranger.token,
    });
    expect(strangerUrges.body.err_code).toBe(ErrorCodes.ORDER_NOT_FOUND);

    // Every reveal that answered is logged, and both parties and staff see the log.
    expect(await revealCount(orderNo)).toBe(2);
    for (const viewer of [buyer, seller, staff]) {
      const log = (await handover(t, viewer.token, orderNo)).body.data?.reveal_log ?? [];
      expect(log.map((entry) => entry.role)).toEqual(['buyer', 'customer_service']);
    }
    const sellerView = (await handover(t, seller.token, orderNo)).body.data;
    expect(sellerView?.credentials.can_reveal).toBe(false);
    expect(JSON.stringify(sellerView)).not.toContain('S3cret-pass!');
  });

  it('refuses staff on an order of their own, and the buyer once the order was refunded', async () => {
    const own = await paidOrder(t, { buyer, seller: staff });
    const delivered = await orderCall(t, staff.token, '/app/order/staff/step', {
      order_no: own.orderNo,
      action: 'deliver',
    });
    expect(delivered.body.err_code).toBe(ErrorCodes.ORDER_STAFF_OWN_ORDER);
    // The staff member is this order's seller: as a party, never entitled to reveal.
    expect((await reveal(staff.token, own.orderNo)).body.err_code).toBe(ErrorCodes.ORDER_ACCOUNT_FORBIDDEN);

    const { orderNo } = await paidOrder(t, { buyer, seller });
    await handedOver(t, staff, seller, orderNo);
    const failed = await moneyCall(t, buyer.token, '/app/order/verify', {
      order_no: orderNo,
      verdict: 'mismatch',
      reason: '英雄数量与描述不符',
    });
    expect(failed.body.err_code).toBe(0);
    expect((await reveal(buyer.token, orderNo)).body.err_code).toBe(ErrorCodes.ORDER_ACCOUNT_FORBIDDEN);
    expect(await revealCount(orderNo)).toBe(0);
  });

  it('refuses a submission outside delivering and by the buyer', async () => {
    const { orderNo } = await paidOrder(t, { buyer, seller });
    const body = { order_no: orderNo, account: 'acc', password: 'pw' };
    expect((await orderCall(t, seller.token, '/app/order/confirm/account', body)).body.err_code).toBe(
      ErrorCodes.ORDER_STATE_INVALID,
    );
    await orderCall(t, staff.token, '/app/order/staff/step', { order_no: orderNo, action: 'deliver' });
    expect((await orderCall(t, buyer.token, '/app/order/confirm/account', body)).body.err_code).toBe(
      ErrorCodes.ORDER_STATE_INVALID,
    );
    expect(
      (await orderCall(t, seller.token, '/app/order/confirm/account', { order_no: orderNo, password: 'x' }))
        .body.err_code,
    ).toBe(ErrorCodes.VALIDATION_FAILED);
  });
});

describe('verification', () => {
  it('a mismatch refunds the buyer, takes the listing off the shelf and penalises the deposit, in one go', async () => {
    await postMoney(t.app.db, { userId: seller.id, fen: 100_00 });
    const deposit = await call(t.app, 'POST', '/app/order/sincerity', {
      token: seller.token,
      body: { level: 'basic' },
    });
    expect(deposit.body.err_code).toBe(0);
    const heldBefore = await sellerHeld(seller.id);
    const { orderNo, goodsId } = await paidOrder(t, { buyer, seller }, { priceFen: 20_000 });
    const buyerBefore = (await ledger.balances(t.app.db, buyer.id)).available;
    await handedOver(t, staff, seller, orderNo);

    const short = await moneyCall(t, buyer.token, '/app/order/verify', {
      order_no: orderNo,
      verdict: 'mismatch',
    });
    expect(short.body.err_code).toBe(ErrorCodes.VALIDATION_FAILED);
    const noKey = await orderCall(t, buyer.token, '/app/order/verify', {
      order_no: orderNo,
      verdict: 'mismatch',
      reason: '账号等级与描述不符',
    });
    expect(noKey.body.err_code).toBe(ErrorCodes.VALIDATION_FAILED);

    const failed = await moneyCall(t, buyer.token, '/app/order/verify', {
      order_no: orderNo,
      verdict: 'mismatch',
      reason: '账号等级与描述不符',
    });
    expect(failed.body.data).toMatchObject({
      state: 'cancelled_refunded',
      mismatch_reason: '账号等级与描述不符',
    });
    expect((await ledger.balances(t.app.db, buyer.id)).available).toBe(buyerBefore + 20_000);
    expect(await goodsStatus(t.app.db, goodsId)).toBe('off_shelf');
    // 10% of the price, at least ¥10: ¥20 taken from the deposit into the compensation pool.
    expect(await sellerHeld(seller.id)).toBe(heldBefore - 2_000);
    const detail = await call<OrderDetail>(t.app, 'GET', `/app/order/detail?order_no=${orderNo}`, {
      token: buyer.token,
    });
    expect(detail.body.data?.escrow).toBe('0.00');
    await expectLedgerHolds();

    const again = await moneyCall(t, buyer.token, '/app/order/verify', {
      order_no: orderNo,
      verdict: 'pass',
    });
    expect(again.body.err_code).toBe(ErrorCodes.ORDER_STATE_INVALID);
  });

  it('a mismatch still refunds when the seller holds no deposit', async () => {
    const { orderNo, goodsId } = await paidOrder(t, { buyer, seller: stranger });
    await handedOver(t, staff, stranger, orderNo);
    const failed = await moneyCall(t, staff.token, '/app/order/verify', {
      order_no: orderNo,
      verdict: 'mismatch',
      reason: '客服核验：皮肤数量不符',
    });
    expect(failed.body.data?.state).toBe('cancelled_refunded');
    expect(await goodsStatus(t.app.db, goodsId)).toBe('off_shelf');
    await expectLedgerHolds();
  });

  it('a buyer who has seen the login reports a mismatch to after-sales: no refund until staff decide', async () => {
    const { orderNo, goodsId } = await paidOrder(t, { buyer, seller: stranger });
    await handedOver(t, staff, stranger, orderNo);
    expect((await reveal(buyer.token, orderNo)).body.data?.password).toBe('S3cret-pass!');
    const before = (await ledger.balances(t.app.db, buyer.id)).available;
    const reported = await moneyCall(t, buyer.token, '/app/order/verify', {
      order_no: orderNo,
      verdict: 'mismatch',
      reason: '登录后发现皮肤数量不符',
    });
    expect(reported.body.err_code).toBe(0);
    expect(await orderState(orderNo)).toBe('disputed');
    expect((await ledger.balances(t.app.db, buyer.id)).available).toBe(before);
    expect(await goodsStatus(t.app.db, goodsId)).toBe('locked');
    const dispute = await call<DisputeDetail>(t.app, 'GET', `/app/order/refund/detail?order_no=${orderNo}`, {
      token: staff.token,
    });
    expect(dispute.body.data).toMatchObject({
      reason: 'not_as_described',
      description: '登录后发现皮肤数量不符',
      state: 'open',
    });
    // Staff refund it after checking: the money comes back then.
    const resolved = await moneyCall(t, staff.token, '/app/order/refund/resolve', {
      order_no: orderNo,
      outcome: 'refund',
      reason: '核实账号与描述不符',
    });
    expect(resolved.body.err_code).toBe(0);
    expect((await ledger.balances(t.app.db, buyer.id)).available - before).toBeGreaterThan(0);
    await expectLedgerHolds();
  });

  it('attaches a verification video uploaded through the uploads module', async () => {
    const { orderNo } = await paidOrder(t, { buyer, seller });
    await handedOver(t, staff, seller, orderNo);
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64, 1)]);
    const image = await call(t.app, 'POST', '/app/upload/ticket', {
      token: buyer.token,
      body: { purpose: 'order_video', files: [{ content_type: 'image/png', size: 100 }] },
    });
    expect(image.body.err_code).toBe(ErrorCodes.VALIDATION_FAILED);
    const tooBig = await call(t.app, 'POST', '/app/upload/ticket', {
      token: buyer.token,
      body: { purpose: 'order_video', files: [{ content_type: 'video/mp4', size: 200 * 1024 * 1024 }] },
    });
    expect(tooBig.body.err_code).toBe(ErrorCodes.VALIDATION_FAILED);
    const issued = await call<{
      tickets: Array<{
        key: string;
        upload_url: string;
        headers: Record<string, string>;
        url: string;
        method: 'PUT';
        expires_at: string;
      }>;
    }>(t.app, 'POST', '/app/upload/ticket', {
      token: buyer.token,
      body: { purpose: 'order_video', files: [{ content_type: 'video/mp4', size: mp4.length }] },
    });
    const ticket = issued.body.data?.tickets[0];
    if (!ticket) throw new Error(JSON.stringify(issued.body));
    expect(ticket.key).toMatch(/^order-video\/.+\.mp4$/);
    const fake = await put(t, ticket, Buffer.from('not a video at all, just text'), 'video/mp4');
    expect(fake.body.err_code).toBe(ErrorCodes.UPLOAD_TYPE_UNSUPPORTED);
    // The refused PUT did not use the ticket; a real video goes through.
    expect((await put(t, ticket, mp4, 'video/mp4')).body.err_code).toBe(0);
    const stored = await t.app.inject({ method: 'GET', url: new URL(ticket.url, 'http://x').pathname });
    expect(stored.headers['content-type']).toBe('video/mp4');

    expect(
      (await orderCall(t, seller.token, '/app/order/video', { order_no: orderNo, key: ticket.key })).body
        .err_code,
    ).toBe(ErrorCodes.UPLOAD_NOT_FOUND);
    const attached = await orderCall(t, buyer.token, '/app/order/video', {
      order_no: orderNo,
      key: ticket.key,
    });
    expect(attached.body.err_code).toBe(0);
    expect((await handover(t, seller.token, orderNo)).body.data?.videos).toMatchObject([
      { key: ticket.key, role: 'buyer' },
    ]);
  });
});

describe('rebinding', () => {
  it('derives the checklist from the bindings and refuses finish_rebinding while a required step is open', async () => {
    const { orderNo } = await paidOrder(
      t,
      { buyer, seller },
      {
        bindings: {
          phone: 'verify',
          email: 'none',
          real_name: 'second_ok',
          qq: 'bound',
          can_rebind: true,
          rebind_cooldown_days: 7,
        },
      },
    );
    await handedOver(t, staff, seller, orderNo);
    const passed = await moneyCall(t, buyer.token, '/app/order/verify', {
      order_no: orderNo,
      verdict: 'pass',
    });
    expect(passed.body.data?.state).toBe('rebinding');
    const steps = passed.body.data?.rebinding ?? [];
    expect(steps.map((step) => [step.key, step.required])).toEqual([
      ['password', true],
      ['phone', true],
      ['real_name', true],
      ['link_qq', true],
      ['security', false],
    ]);
    expect(steps[1]?.hint).toContain('换绑冷却期7天');

    const finish = () =>
      orderCall(t, staff.token, '/app/order/staff/step', { order_no: orderNo, action: 'finish_rebinding' });
    expect((await finish()).body.err_code).toBe(ErrorCodes.ORDER_REBINDING_OPEN);

    const done = await orderCall<OrderHandover>(t, seller.token, '/app/order/rebinding/done', {
      order_no: orderNo,
      step: 'phone',
      note: '原手机验证码已发给买家',
    });
    expect(done.body.data?.rebinding[1]).toMatchObject({ seller_note: '原手机验证码已发给买家' });
    expect(
      (await orderCall(t, seller.token, '/app/order/rebinding/confirm', { order_no: orderNo, step: 'phone' }))
        .body.err_code,
    ).toBe(ErrorCodes.FORBIDDEN);
    expect(
      (await orderCall(t, buyer.token, '/app/order/rebinding/confirm', { order_no: orderNo, step: 'nope' }))
        .body.err_code,
    ).toBe(ErrorCodes.ORDER_REBINDING_STEP_NOT_FOUND);
    for (const step of ['password', 'phone', 'real_name'])
      expect(
        (await orderCall(t, buyer.token, '/app/order/rebinding/confirm', { order_no: orderNo, step })).body
          .err_code,
      ).toBe(0);
    expect((await finish()).body.err_code).toBe(ErrorCodes.ORDER_REBINDING_OPEN);
    await orderCall(t, buyer.token, '/app/order/rebinding/confirm', { order_no: orderNo, step: 'link_qq' });
    // The optional step may stay open.
    expect((await finish()).body.err_code).toBe(0);
    expect(await orderState(orderNo)).toBe('signing');
    expect(
      (
        await orderCall(t, buyer.token, '/app/order/rebinding/confirm', {
          order_no: orderNo,
          step: 'security',
        })
      ).body.err_code,
    ).toBe(ErrorCodes.ORDER_STATE_INVALID);
  });
});

describe('urging', () => {
  it('lets a party urge the other at a stalled step, a few times a day, recorded for both and staff', async () => {
    const { orderNo } = await paidOrder(t, { buyer, seller });
    const urge = (party: Party, note?: string) =>
      orderCall<{ left_today: number }>(t, party.token, '/app/user/urgent/v2', {
        order_no: orderNo,
        ...(note ? { note } : {}),
      });
    // Paid: the seller is the one to act; the seller has nothing to urge.
    expect((await urge(seller)).body.err_code).toBe(ErrorCodes.ORDER_URGE_NOT_NEEDED);
    expect((await urge(staff)).body.err_code).toBe(ErrorCodes.FORBIDDEN);
    for (let sent = 1; sent <= URGE_DAILY_LIMIT; sent += 1) {
      const answer = await urge(buyer, '请尽快发货');
      expect(answer.body.data).toMatchObject({
        left_today: URGE_DAILY_LIMIT - sent,
        urge: { to_role: 'seller' },
      });
    }
    expect((await urge(buyer)).body.err_code).toBe(ErrorCodes.ORDER_URGE_LIMIT);

    const sellerList = await call<UrgePage>(t.app, 'GET', '/app/user/urgent/v2', { token: seller.token });
    expect(sellerList.body.data?.list.filter((item) => item.order_no === orderNo)).toHaveLength(
      URGE_DAILY_LIMIT,
    );
    expect(sellerList.body.data?.list[0]).toMatchObject({
      mine: false,
      from_role: 'buyer',
      note: '请尽快发货',
    });
    const staffList = await call<UrgePage>(t.app, 'GET', `/app/user/urgent/v2?order_no=${orderNo}`, {
      token: staff.token,
    });
    expect(staffList.body.data?.total).toBe(URGE_DAILY_LIMIT);
    expect((await handover(t, buyer.token, orderNo)).body.data?.urges_left_today).toBe(0);

    t.clock.advance(24 * 3600);
    expect((await urge(buyer)).body.err_code).toBe(0);
  });
});

describe('liquidated damages', () => {
  it('staff decide once: a seller at fault pays the buyer from the deposit, a buyer at fault pays the seller', async () => {
    await postMoney(t.app.db, { userId: seller.id, fen: 500_00 });
    await call(t.app, 'POST', '/app/order/sincerity', { token: seller.token, body: { level: 'quality' } });
    const { orderNo } = await paidOrder(t, { buyer, seller }, { priceFen: 30_000 });
    await handedOver(t, staff, seller, orderNo);
    const damages = (token: string, body: Record<string, unknown>) =>
      moneyCall(t, token, '/app/order/orderLiquidatedDamages', { order_no: orderNo, ...body });
    const sellerFault = { party: 'seller', amount: '30.00', reason: '卖家拖延交付超过约定时间' };

    expect((await damages(buyer.token, sellerFault)).body.err_code).toBe(ErrorCodes.FORBIDDEN);
    expect((await damages(staff.token, { ...sellerFault, amount: '90.01' })).body.err_code).toBe(
      ErrorCodes.ORDER_DAMAGES_TOO_HIGH,
    );
    const buyerBefore = (await ledger.balances(t.app.db, buyer.id)).available;
    const heldBefore = await sellerHeld(seller.id);
    const decided = await damages(staff.token, sellerFault);
    expect(decided.body.data?.damages).toMatchObject({ party: 'seller', amount: '30.00' });
    expect((await ledger.balances(t.app.db, buyer.id)).available).toBe(buyerBefore + 3_000);
    expect(await sellerHeld(seller.id)).toBe(heldBefore - 3_000);
    expect((await damages(staff.token, sellerFault)).body.err_code).toBe(ErrorCodes.ORDER_DAMAGES_DECIDED);
    const buyerBills = await call<BillList>(t.app, 'GET', `${walletPaths.bill}?type=damages`, {
      token: buyer.token,
    });
    expect(buyerBills.body.data?.list.map((bill) => [bill.title, bill.type_label, bill.amount])).toEqual([
      ['违约金到账', '违约金', '30.00'],
    ]);
    expect(await orderState(orderNo)).toBe('verifying');
    await expectLedgerHolds();

    const second = await paidOrder(t, { buyer, seller }, { priceFen: 10_000 });
    await handedOver(t, staff, seller, second.orderNo);
    await postMoney(t.app.db, { userId: buyer.id, fen: 1_000 });
    const sellerBefore = (await ledger.balances(t.app.db, seller.id)).available;
    const buyerFault = await moneyCall(t, staff.token, '/app/order/orderLiquidatedDamages', {
      order_no: second.orderNo,
      party: 'buyer',
      amount: '10.00',
      reason: '买家验号后恶意拒收',
    });
    expect(buyerFault.body.err_code).toBe(0);
    expect((await ledger.balances(t.app.db, seller.id)).available).toBe(sellerBefore + 1_000);
    const detail = await call<OrderDetail>(t.app, 'GET', `/app/order/detail?order_no=${second.orderNo}`, {
      token: buyer.token,
    });
    expect(detail.body.data?.timeline.at(-1)).toMatchObject({
      action: 'liquidated_damages',
      reason: '买家验号后恶意拒收',
    });
    await expectLedgerHolds();
  });
});

describe('credentials key rotation', () => {
  it('re-seals every record with the first key of the ring, all or nothing (npm run admin -- reseal-credentials)', async () => {
    const { orderNo } = await paidOrder(t, { buyer, seller });
    await handedOver(t, staff, seller, orderNo);
    const newKey = `k2:${Buffer.alloc(32, 9).toString('base64')}`;
    const keyIds = async () => (await t.app.db.select().from(orderCredentials)).map((row) => row.keyId);
    const total = (await keyIds()).length;
    expect(new Set(await keyIds())).toEqual(new Set(['dev1']));

    const rotate = (ring: string) => createAdminService(t.app.db, 'ops-rotation', { credentialsKeys: ring });
    expect(await rotate(`${newKey},${DEFAULT_CREDENTIALS_KEYS}`).run(['reseal-credentials'])).toBe(
      `已用密钥 k2 重新加密 ${total} 条订单账号资料（共 ${total} 条，现全部使用该密钥）`,
    );
    expect(new Set(await keyIds())).toEqual(new Set(['k2']));
    // The old key can leave the ring: the new one alone opens every record.
    const newOnly = createCredentialsVault(newKey);
    for (const row of await t.app.db.select().from(orderCredentials))
      expect(JSON.parse(newOnly.open(row, `order:${row.orderId}`))).toHaveProperty('account');

    // A ring without the key the records name changes nothing.
    const before = await t.app.db.select().from(orderCredentials);
    await expect(
      rotate(`k3:${Buffer.alloc(32, 3).toString('base64')}`).run(['reseal-credentials']),
    ).rejects.toThrow('重新加密失败，未做任何修改');
    expect(await t.app.db.select().from(orderCredentials)).toEqual(before);

    // And back, so the server's own ring opens them again.
    await rotate(`${DEFAULT_CREDENTIALS_KEYS},${newKey}`).run(['reseal-credentials']);
    expect(new Set(await keyIds())).toEqual(new Set(['dev1']));
    expect((await reveal(buyer.token, orderNo)).body.data).toMatchObject({ account: 'player_8812345' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  accountCancelConditionKeys,
  ACCOUNT_CANCEL_CONFIRM_SECONDS,
  ACCOUNT_CANCEL_COOLING_OFF_SECONDS,
  CANCELLED_USER_NICKNAME,
  ErrorCodes,
  type AccountCancelCondition,
  type AccountCancelConditionKey,
  type AccountCancelResult,
  type AccountCancelStatus,
  type LoginResponse,
  type User,
} from '@haoshi/contracts';
import { checkLedger, ledger } from '../src/modules/ledger/index.ts';
import { accountCancellations } from '../src/modules/account-cancellation/tables.ts';
import { bargains } from '../src/modules/bargains/tables.ts';
import { stores } from '../src/modules/goods/tables.ts';
import { devices, sessions, users } from '../src/modules/identity/tables.ts';
import { payoutMethods } from '../src/modules/payout-methods/tables.ts';
import { realNameVerifications } from '../src/modules/real-name/tables.ts';
import { profileChanges, userProfiles } from '../src/modules/personal/tables.ts';
import { privacySettings } from '../src/modules/privacy/tables.ts';
import { sincerityHoldings } from '../src/modules/sincerity/tables.ts';
import { orders } from '../src/modules/orders/tables.ts';
import { paidOrder, party } from './helpers/aftersales.ts';
import { call, latestCode, login } from './helpers/identity.ts';
import { insertListing, placeOrder } from './helpers/orders.ts';
import { createListingsApp } from './helpers/listings.ts';
import type { TestApp } from './helpers/test-app.ts';
import { addAlipay, credit, readyPerson, verifyRealName } from './helpers/withdrawal-fixtures.ts';

const STATUS = '/app/user/destroy/status';
const DESTROY = '/app/user/destroy';

let t: TestApp;
let phoneSeq = 0;
/** A fresh phone per account: SMS codes are rate limited per phone. */
const nextPhone = () => `1370000${String(++phoneSeq).padStart(4, '0')}`;

beforeAll(async () => {
  t = await createListingsApp();
});
afterAll(async () => t.close());

const status = async (token: string) =>
  (await call<AccountCancelStatus>(t.app, 'GET', STATUS, { token })).body;
const destroy = async (token: string, body: Record<string, unknown>) =>
  (await call<AccountCancelResult>(t.app, 'POST', DESTROY, { token, body })).body;

/** The SMS resend cooldown is per phone and counts the login's code: wait it out on the test clock. */
const passSmsCooldown = () => t.clock.advance(61);

/** Asks to cancel and confirms with the code the outbox received. */
async function cancel(token: string, phone: string) {
  passSmsCooldown();
  const asked = await destroy(token, { action: 'request' });
  expect(asked.err_code, JSON.stringify(asked)).toBe(0);
  expect(asked.data?.state).toBe('requested');
  const confirmed = await destroy(token, { action: 'confirm', code: await latestCode(t.app, phone) });
  expect(confirmed.err_code, JSON.stringify(confirmed)).toBe(0);
  return confirmed.data;
}

async function expectRefusedFor(token: string, key: AccountCancelConditionKey) {
  const before = await t.app.db.select().from(accountCancellations);
  const refused = await destroy(token, { action: 'request' });
  expect(refused.err_code).toBe(ErrorCodes.ACCOUNT_CANCEL_CONDITIONS_UNMET);
  const conditions = (refused.data as unknown as { conditions: AccountCancelCondition[] }).conditions;
  const unmet = conditions.filter((item) => !item.met);
  expect(unmet.map((item) => item.key)).toEqual([key]);
  expect(unmet[0]?.action_route).toMatch(/^\//);
  expect(refused.message).toContain(unmet[0]?.detail);
  // The status shows the same condition with what to do; nothing was written.
  const shown = await status(token);
  expect(shown.data?.all_met).toBe(false);
  expect(shown.data?.conditions.find((item) => item.key === key)?.met).toBe(false);
  expect(await t.app.db.select().from(accountCancellations)).toHaveLength(before.length);
}

describe('the conditions', () => {
  it('a new account meets every condition', async () => {
    const { token } = await login(t.app, nextPhone());
    const shown = await status(token);
    expect(shown.err_code).toBe(0);
    expect(shown.data?.state).toBe('none');
    expect(shown.data?.all_met).toBe(true);
    expect(shown.data?.conditions).toHaveLength(accountCancelConditionKeys.length);
    expect(shown.data?.cooling_off_days).toBe(15);
  });

  it('refuses with a balance left, and points at the withdrawal', async () => {
    const who = await party(t, nextPhone());
    await credit(t.app, who.id, 1234);
    await expectRefusedFor(who.token, 'wallet_balance');
    const shown = await status(who.token);
    const balance = shown.data?.conditions.find((item) => item.key === 'wallet_balance');
    expect(balance).toMatchObject({ action_text: '去提现', action_route: '/withdrawDeposit' });
    expect(balance?.detail).toContain('12.34');
  });

  it('refuses with frozen funds', async () => {
    const who = await party(t, nextPhone());
    await ledger.post(t.app.db, {
      debit: { kind: 'adjustments' },
      credit: { kind: 'user_frozen', userId: who.id },
      amount: 500,
      kind: 'manual.credit',
      reference: { type: 'test', id: who.id },
      idempotencyKey: `test:frozen:${who.id}`,
    });
    await expectRefusedFor(who.token, 'frozen_funds');
  });

  it('refuses with an open order (the buyer of an unpaid order)', async () => {
    const buyer = await party(t, nextPhone());
    const seller = await party(t, nextPhone());
    const goodsId = await insertListing(t.app.db, seller.id);
    expect((await placeOrder(t, buyer.token, { goods_id: goodsId })).body.err_code).toBe(0);
    await expectRefusedFor(buyer.token, 'open_orders');
  });

  it('refuses with an open dispute', async () => {
    const buyer = await party(t, nextPhone());
    const seller = await party(t, nextPhone());
    const staff = await party(t, nextPhone(), true);
    const order = await paidOrder(t, { buyer, seller, staff });
    const opened = await call(t.app, 'POST', '/app/order/refund/apply', {
      token: buyer.token,
      body: { order_no: order.order_no, reason: 'cannot_login', description: '账号无法登录', images: [] },
    });
    expect(opened.body.err_code, JSON.stringify(opened.body)).toBe(0);
    // The buyer's rest of the wallet top-up is a balance too: take it out of the picture.
    const left = (await ledger.balances(t.app.db, buyer.id)).available;
    await ledger.post(t.app.db, {
      debit: { kind: 'user_available', userId: buyer.id },
      credit: { kind: 'adjustments' },
      amount: left,
      kind: 'manual.debit',
      reference: { type: 'test', id: buyer.id },
      idempotencyKey: `test:drain:${buyer.id}`,
    });
    await expectRefusedFor(buyer.token, 'open_disputes');
  });

  it('refuses with an open bargain', async () => {
    const buyer = await party(t, nextPhone());
    const seller = await party(t, nextPhone());
    const goodsId = await insertListing(t.app.db, seller.id, { priceFen: 10_000 });
    await t.app.db.insert(bargains).values({
      goodsId,
      buyerId: buyer.id,
      sellerId: seller.id,
      status: 'offered',
      listPriceFen: 10_000,
      offerFen: 9_000,
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    await expectRefusedFor(buyer.token, 'open_bargains');
  });

  it('refuses with a listing on sale', async () => {
    const seller = await party(t, nextPhone());
    await insertListing(t.app.db, seller.id);
    await expectRefusedFor(seller.token, 'listings_on_shelf');
  });

  it('refuses with a pending withdrawal', async () => {
    const phone = nextPhone();
    const who = await readyPerson(t.app, phone, 10_000);
    const withdrawn = await call(t.app, 'POST', '/app/user/withdraw', {
      token: who.token,
      body: { amount: '100.00', method_id: who.methodId },
      headers: { 'idempotency-key': `w-${phone}` },
    });
    expect(withdrawn.body.err_code, JSON.stringify(withdrawn.body)).toBe(0);
    const refused = await destroy(who.token, { action: 'request' });
    expect(refused.err_code).toBe(ErrorCodes.ACCOUNT_CANCEL_CONDITIONS_UNMET);
    const unmet = (refused.data as unknown as { conditions: AccountCancelCondition[] }).conditions
      .filter((item) => !item.met)
      .map((item) => item.key);
    // The amount is frozen while the withdrawal is processed.
    expect(unmet).toEqual(['frozen_funds', 'pending_withdrawals']);
  });

  it('refuses with a sincerity deposit held', async () => {
    const who = await party(t, nextPhone());
    await t.app.db.insert(sincerityHoldings).values({ userId: who.id, kind: 'seller', held: 10_000 });
    await expectRefusedFor(who.token, 'sincerity_deposit');
  });
});

describe('the request', () => {
  it('needs the right SMS code, and refuses another user nothing of theirs (IDOR)', async () => {
    const phone = nextPhone();
    const owner = await party(t, phone);
    const other = await party(t, nextPhone());
    passSmsCooldown();
    expect((await destroy(owner.token, { action: 'request' })).err_code).toBe(0);
    const wrong = await destroy(owner.token, { action: 'confirm', code: '000000' });
    const code = await latestCode(t.app, phone);
    if (code !== '000000') expect(wrong.err_code).toBe(ErrorCodes.SMS_CODE_WRONG);
    // The other user has no request: their confirm and withdraw touch nothing of the owner's.
    expect((await destroy(other.token, { action: 'confirm', code })).err_code).toBe(
      ErrorCodes.ACCOUNT_CANCEL_NOT_REQUESTED,
    );
    expect((await destroy(other.token, { action: 'withdraw' })).err_code).toBe(
      ErrorCodes.ACCOUNT_CANCEL_NOT_REQUESTED,
    );
    expect((await status(other.token)).data?.state).toBe('none');
    expect((await status(owner.token)).data?.state).toBe('requested');
    // Without a session nothing is answered.
    expect((await call(t.app, 'GET', STATUS)).body.err_code).toBe(ErrorCodes.LOGIN_REQUIRED);
    expect((await call(t.app, 'POST', DESTROY, { body: { action: 'withdraw' } })).body.err_code).toBe(
      ErrorCodes.LOGIN_REQUIRED,
    );
    // The owner withdraws it.
    const withdrawn = await destroy(owner.token, { action: 'withdraw' });
    expect(withdrawn.data?.state).toBe('withdrawn');
    expect(withdrawn.data?.timeline.map((entry) => entry.to)).toEqual(['requested', 'withdrawn']);
  });

  it('an unconfirmed request lapses after 30 minutes (an engine timer)', async () => {
    const phone = nextPhone();
    const who = await party(t, phone);
    passSmsCooldown();
    expect((await destroy(who.token, { action: 'request' })).data?.state).toBe('requested');
    t.clock.advance(ACCOUNT_CANCEL_CONFIRM_SECONDS + 1);
    await t.app.jobs.runDue();
    const shown = await status(who.token);
    expect(shown.data?.state).toBe('withdrawn');
    expect(shown.data?.withdraw_reason).toContain('30分钟');
  });

  it('logging in during the cooling-off withdraws the request and says so', async () => {
    const phone = nextPhone();
    const who = await party(t, phone);
    const confirmed = await cancel(who.token, phone);
    expect(confirmed?.state).toBe('cooling_off');
    expect(confirmed?.seconds_left).toBe(ACCOUNT_CANCEL_COOLING_OFF_SECONDS);
    t.clock.advance(3 * 86_400);
    const again: LoginResponse = await login(t.app, phone);
    expect(again.user.id).toBe(who.id);
    expect(again.notice).toContain('注销申请已自动撤销');
    const shown = await status(again.token);
    expect(shown.data?.state).toBe('withdrawn');
    expect(shown.data?.timeline.at(-1)?.reason).toContain('冷静期内登录');
    // The cooling-off's end finds nothing to do.
    t.clock.advance(ACCOUNT_CANCEL_COOLING_OFF_SECONDS);
    await t.app.jobs.runDue();
    const [user] = await t.app.db.select().from(users).where(eq(users.id, who.id));
    expect(user?.phone).toBe(phone);
    expect(user?.status).toBe('active');
  });
});

describe('the cooling-off ends', () => {
  it('erases the personal data, keeps orders and the ledger, and frees the phone', async () => {
    const phone = nextPhone();
    const who = await readyPerson(t.app, phone, 0);
    passSmsCooldown();
    const otherSession = await login(t.app, phone, '10.0.0.7');
    // Sold and bought earlier: the orders and the money stay as records.
    const seller = await party(t, nextPhone());
    const staff = await party(t, nextPhone(), true);
    const bought = await paidOrder(t, { buyer: who, seller, staff });
    await t.app.db.update(orders).set({ state: 'completed' }).where(eq(orders.orderNo, bought.order_no));
    const left = (await ledger.balances(t.app.db, who.id)).available;
    await ledger.post(t.app.db, {
      debit: { kind: 'user_available', userId: who.id },
      credit: { kind: 'adjustments' },
      amount: left,
      kind: 'manual.debit',
      reference: { type: 'test', id: who.id },
      idempotencyKey: `test:drain:${who.id}`,
    });
    await t.app.db
      .insert(stores)
      .values({ userId: who.id, name: '小张的店', avatar: 'a.png', intro: '诚信' });
    await t.app.db.insert(devices).values({ id: `dev-${who.id}`, package: 'main', userId: who.id });
    const profiled = await call(t.app, 'POST', '/app/user/profile', {
      token: who.token,
      body: { gender: 'female', birthday: '2000-02-29' },
    });
    expect(profiled.body.err_code).toBe(0);
    const privacy = await call(t.app, 'POST', '/app/user/privacy', {
      token: who.token,
      body: { visitor_traces: false },
    });
    expect(privacy.body.err_code).toBe(0);

    const confirmed = await cancel(who.token, phone);
    expect(confirmed?.state).toBe('cooling_off');
    // Every other session ended at the confirmation; this one stays to show the countdown.
    expect((await call(t.app, 'GET', STATUS, { token: otherSession.token })).body.err_code).toBe(
      ErrorCodes.SESSION_INVALID,
    );
    expect((await status(who.token)).data?.state).toBe('cooling_off');

    t.clock.advance(ACCOUNT_CANCEL_COOLING_OFF_SECONDS - 60);
    await t.app.jobs.runDue();
    expect((await status(who.token)).data?.state).toBe('cooling_off');
    t.clock.advance(61);
    const ran = await t.app.jobs.runDue();
    expect(ran.failed).toBe(0);

    const [user] = await t.app.db.select().from(users).where(eq(users.id, who.id));
    expect(user).toMatchObject({ nickname: CANCELLED_USER_NICKNAME, avatar: '', status: 'cancelled' });
    expect(user?.phone).not.toContain(phone);
    expect(
      await t.app.db.select().from(realNameVerifications).where(eq(realNameVerifications.userId, who.id)),
    ).toEqual([]);
    const [method] = await t.app.db.select().from(payoutMethods).where(eq(payoutMethods.userId, who.id));
    expect(method?.account).not.toBe(phone);
    expect(method?.holderName).toBe('');
    expect(method?.deletedAt).not.toBeNull();
    const [store] = await t.app.db.select().from(stores).where(eq(stores.userId, who.id));
    expect(store).toMatchObject({ name: CANCELLED_USER_NICKNAME, avatar: '', intro: '' });
    const [device] = await t.app.db
      .select()
      .from(devices)
      .where(eq(devices.id, `dev-${who.id}`));
    expect(device?.userId).toBeNull();
    for (const table of [userProfiles, profileChanges, privacySettings])
      expect(await t.app.db.select().from(table).where(eq(table.userId, who.id))).toEqual([]);
    const open = await t.app.db.select().from(sessions).where(eq(sessions.userId, who.id));
    expect(open.every((session) => session.revokedAt !== null)).toBe(true);
    // The order and the ledger are kept.
    const [order] = await t.app.db.select().from(orders).where(eq(orders.orderNo, bought.order_no));
    expect(order?.buyerId).toBe(who.id);
    const report = await checkLedger(t.app.db);
    expect(report.ok, JSON.stringify(report)).toBe(true);

    // The old session is refused; the phone registers as a new, empty account.
    expect((await call(t.app, 'GET', STATUS, { token: who.token })).body.err_code).toBe(
      ErrorCodes.SESSION_INVALID,
    );
    passSmsCooldown();
    const fresh = await login(t.app, phone);
    expect(fresh.is_new_user).toBe(true);
    expect(fresh.user.id).not.toBe(who.id);
    const me = await call<User>(t.app, 'GET', '/app/user/info', { token: fresh.token });
    expect(me.body.data?.id).toBe(fresh.user.id);
    expect((await ledger.balances(t.app.db, fresh.user.id)).available).toBe(0);
    expect((await status(fresh.token)).data?.state).toBe('none');
  });

  it('run early (the database clock ahead of the app’s), it is due again at its time, not forgotten', async () => {
    const phone = nextPhone();
    const who = await party(t, phone);
    await cancel(who.token, phone);
    await t.app.db.execute(
      sql`update pgboss.job set start_after = start_after - interval '2 seconds'
          where name = 'account-cancellation-complete' and state = 'created'`,
    );
    t.clock.advance(ACCOUNT_CANCEL_COOLING_OFF_SECONDS - 1);
    await t.app.jobs.runDue();
    const [early] = await t.app.db.select().from(users).where(eq(users.id, who.id));
    expect(early?.phone).toBe(phone);
    t.clock.advance(2);
    await t.app.jobs.runDue();
    const [erased] = await t.app.db.select().from(users).where(eq(users.id, who.id));
    expect(erased?.phone).not.toBe(phone);
  });

  it('withdraws instead of erasing when a condition holds again at the end', async () => {
    const phone = nextPhone();
    const who = await party(t, phone);
    await verifyRealName(t.app, who.id);
    await addAlipay(t.app, who.id, phone);
    await cancel(who.token, phone);
    // Money arrives during the cooling-off (a refund, say).
    await credit(t.app, who.id, 800);
    t.clock.advance(ACCOUNT_CANCEL_COOLING_OFF_SECONDS + 1);
    await t.app.jobs.runDue();
    const shown = await status(who.token);
    expect(shown.data?.state).toBe('withdrawn');
    expect(shown.data?.withdraw_reason).toContain('注销未执行');
    const [user] = await t.app.db.select().from(users).where(eq(users.id, who.id));
    expect(user?.status).toBe('active');
    expect(user?.phone).toBe(phone);
    expect((await checkLedger(t.app.db)).ok).toBe(true);
  });
});

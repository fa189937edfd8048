import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq } from 'drizzle-orm';
import {
  bargainPaths as paths,
  bargainProcess,
  bargainRules,
  bargainStatuses,
  canTake,
  ErrorCodes,
  finalBargainStatuses,
  ORDER_PAY_SECONDS,
  type Bargain,
  type BargainAction,
  type BargainDetail,
  type BargainInfo,
  type BargainRole,
  type BargainStatus,
  type GoodsData,
  type OrderDetail,
  type Page,
  type PublishRequest,
} from '@haoshi/contracts';
import { agreedBargainFor, consumeBargain, restoreBargain } from '../src/modules/bargains/index.ts';
import { openCount } from '../src/modules/bargains/bargain-store.ts';
import { notificationsOf } from '../src/modules/notifications/index.ts';
import { notifications } from '../src/modules/notifications/tables.ts';
import { processTransitions } from '../src/modules/process/tables.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import { countChanges, rowCounts } from './helpers/row-counts.ts';
import { createListingsApp, gameNamed, publish, publishBody, uploadScreenshots } from './helpers/listings.ts';

let t: TestApp;
let wz: Awaited<ReturnType<typeof gameNamed>>;
let shots: string[] = [];
let seller = { id: 0, token: '' };
let phoneSeq = 0;

async function person() {
  phoneSeq += 1;
  // One address per person: the SMS limit per address would otherwise stop the sign-ups.
  const { user, token } = await login(
    t.app,
    `1396666${String(phoneSeq).padStart(4, '0')}`,
    `10.9.${phoneSeq >> 8}.${phoneSeq & 255}`,
  );
  return { id: user.id, token };
}

beforeAll(async () => {
  // The clock moves by days here: sessions must neither rotate nor lapse meanwhile.
  t = await createListingsApp({
    SESSION_ROTATE_AFTER_SECONDS: String(365 * 86_400),
    SESSION_TTL_DAYS: '365',
  });
  wz = await gameNamed(t, '王者荣耀');
  seller = await person();
  shots = await uploadScreenshots(t, seller.token, 3);
});
afterAll(() => t.close());

let listingSeq = 0;

/** A listing on sale (publishing is rate limited per address: each comes from its own). */
async function listing(overrides: Partial<PublishRequest> = {}, owner = seller): Promise<GoodsData> {
  listingSeq += 1;
  const body = publishBody(wz, {
    screenshots: shots,
    price: '300',
    bargain: true,
    bargain_floor: '200',
    ...overrides,
    submit: true,
  });
  const ip = `10.8.${listingSeq >> 8}.${listingSeq & 255}`;
  const { body: answer } = await call<GoodsData>(t.app, 'POST', '/app/goods/publish', {
    token: owner.token,
    body,
    ip,
  });
  if (answer.data?.status !== 'on_sale') throw new Error(`not on sale: ${JSON.stringify(answer)}`);
  return answer.data;
}

const offer = (token: string, goodsId: number, price: string) =>
  call<BargainDetail>(t.app, 'POST', paths.offer, { token, body: { goods_id: goodsId, price } });
const counter = (token: string, id: number, price: string) =>
  call<BargainDetail>(t.app, 'POST', paths.counter, { token, body: { bargain_id: id, price } });
const answer = (path: string, token: string, id: number) =>
  call<BargainDetail>(t.app, 'POST', path, { token, body: { bargain_id: id } });
const info = (token: string, query: string) =>
  call<BargainInfo>(t.app, 'GET', `${paths.info}?${query}`, { token });
const list = (token: string, role: BargainRole, tab = 'all') =>
  call<Page<Bargain>>(t.app, 'GET', `${role === 'buyer' ? paths.buyerList : paths.sellerList}?tab=${tab}`, {
    token,
  });

async function ok<T>(
  pending: Promise<{ body: { err_code: number; data?: T; message?: string } }>,
): Promise<T> {
  const { body } = await pending;
  if (body.err_code !== 0 || body.data === undefined) throw new Error(`refused: ${JSON.stringify(body)}`);
  return body.data;
}

const history = (id: number) =>
  t.app.db
    .select()
    .from(processTransitions)
    .where(and(eq(processTransitions.process, 'bargain'), eq(processTransitions.subjectId, id)))
    .orderBy(asc(processTransitions.id));

/** A fresh listing and buyer, and a bargain driven into `state`. */
async function bargainIn(state: BargainStatus) {
  const goods = await listing();
  const buyer = await person();
  let bargain = await ok(offer(buyer.token, goods.id, '220'));
  if (state === 'countered' || state === 'expired')
    bargain = await ok(counter(seller.token, bargain.id, '260'));
  if (state === 'agreed' || state === 'ordered')
    bargain = await ok(answer(paths.agree, seller.token, bargain.id));
  if (state === 'rejected') bargain = await ok(answer(paths.reject, seller.token, bargain.id));
  if (state === 'cancelled') bargain = await ok(answer(paths.cancel, buyer.token, bargain.id));
  if (state === 'expired') {
    t.clock.advance(bargainRules.counterAnswerSeconds);
    expect(await t.app.jobs.runDue()).toMatchObject({ failed: 0 });
  }
  if (state === 'ordered')
    await t.app.db.transaction((tx) =>
      consumeBargain(tx, t.app.processes, {
        bargainId: bargain.id,
        buyerId: buyer.id,
        goodsId: goods.id,
        now: t.clock.now(),
        orderRef: `order:test:${bargain.id}`,
      }),
    );
  const current = await ok(info(buyer.token, `bargain_id=${bargain.id}`));
  expect(current.bargain?.status).toBe(state);
  return { goods, buyer, id: bargain.id };
}

/**
 * What was written to any inbox about one bargain since the last call, as [party, title, channel]:
 * `party` is 'buyer', 'seller' or, for anyone else, their user id.
 */
function newsOf(buyer: { id: number }, bargainId: () => number) {
  let seen = 0;
  return async () => {
    const rows = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/goodsBargainList?bargain_id=${bargainId()}`))
      .orderBy(asc(notifications.id));
    const fresh = rows.slice(seen);
    seen = rows.length;
    return fresh.map((row) => [
      row.userId === buyer.id ? 'buyer' : row.userId === seller.id ? 'seller' : row.userId,
      row.title,
      row.channel,
    ]);
  };
}

/** The body of the seller's latest notice about a bargain. */
async function sellerToldOf(bargainId: number): Promise<string | undefined> {
  const [row] = await t.app.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, seller.id),
        eq(notifications.link, `/goodsBargainList?bargain_id=${bargainId}`),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(1);
  return row?.body;
}

const place = (token: string, goodsId: number, bargainId: number) =>
  call<OrderDetail>(t.app, 'POST', '/app/order/build/business', {
    token,
    body: { goods_id: goodsId, bargain_id: bargainId },
  });
const cancelOrder = (token: string, orderNo: string) =>
  call<OrderDetail>(t.app, 'POST', '/app/order/cancel', { token, body: { order_no: orderNo } });

describe(`bargains on ${databaseKind}`, () => {
  it('keeps the floor on the listing for its seller only, and refuses a floor at or above the price', async () => {
    const goods = await listing({ bargain_floor: '180.50' });
    expect(goods.bargain_floor).toBe('180.50');
    const buyer = await person();
    const detail = await call(t.app, 'GET', `/app/goods/detail?goods_id=${goods.id}`, { token: buyer.token });
    expect(JSON.stringify(detail.body)).not.toContain('180.5');
    const bargainInfo = await ok(info(buyer.token, `goods_id=${goods.id}`));
    expect(bargainInfo).toMatchObject({ has_floor: true, can_offer: true, bargain: null });
    expect(JSON.stringify(bargainInfo)).not.toContain('180.5');

    const { body } = await publish(
      t,
      seller.token,
      publishBody(wz, { bargain: true, price: '100', bargain_floor: '100' }),
    );
    expect(body.err_code).toBe(ErrorCodes.VALIDATION_FAILED);
    expect(body.message).toContain('最低可议价');
    // 改价 cannot go down to the floor.
    const { body: repriced } = await call(t.app, 'POST', '/app/user/goods/price', {
      token: seller.token,
      body: { goods_id: goods.id, price: '180.50' },
    });
    expect(repriced.err_code).toBe(ErrorCodes.VALIDATION_FAILED);
    expect(repriced.message).toContain('最低可议价');
    // Without 议价 the floor is not kept.
    const plain = await listing({ bargain: false, bargain_floor: '50' });
    expect(plain.bargain_floor).toBeNull();
  });

  it('refuses offers outside the rules with a clear err_code, writing nothing', async () => {
    const goods = await listing();
    const buyer = await person();
    const fixed = await listing({ bargain: false });
    const off = await listing();
    await ok(
      call(t.app, 'POST', '/app/user/goods/shelf', {
        token: seller.token,
        body: { goods_id: off.id, action: 'off' },
      }),
    );
    const before = await rowCounts(t.app.db);
    const cases: [Promise<{ body: { err_code: number } }>, number][] = [
      [offer(seller.token, goods.id, '250'), ErrorCodes.BARGAIN_OWN_GOODS],
      [offer(buyer.token, fixed.id, '250'), ErrorCodes.BARGAIN_NOT_ACCEPTED],
      [offer(buyer.token, off.id, '250'), ErrorCodes.BARGAIN_GOODS_UNAVAILABLE],
      [offer(buyer.token, 987_654, '250'), ErrorCodes.GOODS_NOT_FOUND],
      [offer(buyer.token, goods.id, '199.99'), ErrorCodes.BARGAIN_BELOW_FLOOR],
      [offer(buyer.token, goods.id, '300'), ErrorCodes.BARGAIN_NOT_BELOW_PRICE],
      [offer(buyer.token, goods.id, '301'), ErrorCodes.BARGAIN_NOT_BELOW_PRICE],
      [offer(buyer.token, goods.id, '0'), ErrorCodes.VALIDATION_FAILED],
      [offer(buyer.token, goods.id, '1.001'), ErrorCodes.VALIDATION_FAILED],
    ];
    for (const [pending, code] of cases) expect((await pending).body.err_code).toBe(code);
    const cheap = await listing({ price: '5', bargain_floor: undefined });
    expect((await offer(buyer.token, cheap.id, '0.5')).body.err_code).toBe(ErrorCodes.BARGAIN_OFFER_TOO_LOW);
    const after = await rowCounts(t.app.db);
    const changes = countChanges(before, after);
    expect(changes.bargains ?? 0).toBe(0);
    expect(changes.bargain_rounds ?? 0).toBe(0);
    expect(changes.notifications ?? 0).toBe(0);
  });

  it('runs offer → counter → accept, recording every step and telling the other party', async () => {
    const goods = await listing();
    const buyer = await person();
    const offered = await ok(offer(buyer.token, goods.id, '210'));
    expect(offered).toMatchObject({
      role: 'buyer',
      status: 'offered',
      offer_price: '210.00',
      list_price: '300.00',
      counter_price: null,
      rounds_left: bargainRules.maxBuyerRounds - 1,
    });
    expect(new Date(offered.deadline ?? '').getTime() - t.clock.now().getTime()).toBe(
      bargainRules.offerAnswerSeconds * 1000,
    );
    expect((await notificationsOf(t.app.db, seller.id, 'bargain'))[0]).toMatchObject({
      title: '收到新的议价',
      link: `/goodsBargainList?bargain_id=${offered.id}`,
    });
    // A second offer while one waits is refused; the seller sees it in 收到的议价.
    expect((await offer(buyer.token, goods.id, '220')).body.err_code).toBe(ErrorCodes.BARGAIN_ALREADY_OPEN);
    const incoming = await ok(list(seller.token, 'seller', 'open'));
    expect(incoming.list.find((item) => item.id === offered.id)).toMatchObject({
      role: 'seller',
      status: 'offered',
    });

    // The counter must lie between the offer and the price.
    expect((await counter(seller.token, offered.id, '210')).body.err_code).toBe(
      ErrorCodes.BARGAIN_COUNTER_INVALID,
    );
    expect((await counter(seller.token, offered.id, '300')).body.err_code).toBe(
      ErrorCodes.BARGAIN_COUNTER_INVALID,
    );
    const countered = await ok(counter(seller.token, offered.id, '270'));
    expect(countered).toMatchObject({ role: 'seller', status: 'countered', counter_price: '270.00' });
    expect((await notificationsOf(t.app.db, buyer.id, 'bargain'))[0]?.title).toBe('卖家还价了');

    // The buyer offers again, the seller counters again, the buyer accepts.
    const again = await ok(offer(buyer.token, goods.id, '240'));
    expect(again).toMatchObject({ id: offered.id, status: 'offered', offer_price: '240.00', rounds_left: 1 });
    await ok(counter(seller.token, offered.id, '255'));
    const agreed = await ok(answer(paths.agree, buyer.token, offered.id));
    expect(agreed).toMatchObject({ status: 'agreed', agreed_price: '255.00' });
    expect((await notificationsOf(t.app.db, seller.id, 'bargain'))[0]?.title).toBe('买家接受了你的还价');
    expect(agreed.rounds.map((round) => [round.by, round.price])).toEqual([
      ['buyer', '210.00'],
      ['seller', '270.00'],
      ['buyer', '240.00'],
      ['seller', '255.00'],
    ]);
    expect(agreed.timeline.map((entry) => [entry.action, entry.actor_role, entry.to])).toEqual([
      ['create', 'buyer', 'offered'],
      ['counter', 'seller', 'countered'],
      ['reoffer', 'buyer', 'offered'],
      ['counter', 'seller', 'countered'],
      ['accept', 'buyer', 'agreed'],
    ]);
    const rows = await history(offered.id);
    expect(rows.map((row) => row.actorUserId)).toEqual([buyer.id, seller.id, buyer.id, seller.id, buyer.id]);

    const mine = await ok(info(buyer.token, `goods_id=${goods.id}`));
    expect(mine).toMatchObject({ can_offer: false, bargain: { id: offered.id, status: 'agreed' } });
    expect((await ok(list(buyer.token, 'buyer', 'agreed'))).list.map((item) => item.id)).toContain(
      offered.id,
    );
    expect((await ok(list(buyer.token, 'buyer', 'open'))).list.map((item) => item.id)).not.toContain(
      offered.id,
    );
  });

  it('takes each action only for the role and state the table allows', async () => {
    const routeActions: { path: string; action: (role: BargainRole) => BargainAction }[] = [
      { path: paths.counter, action: () => 'counter' },
      { path: paths.agree, action: (role) => (role === 'seller' ? 'agree' : 'accept') },
      { path: paths.reject, action: () => 'reject' },
      { path: paths.cancel, action: () => 'cancel' },
      { path: paths.offer, action: () => 'reoffer' },
    ];
    for (const state of bargainStatuses) {
      for (const role of ['buyer', 'seller'] as const) {
        for (const route of routeActions) {
          const subject = await bargainIn(state);
          const token = role === 'buyer' ? subject.buyer.token : seller.token;
          const before = await history(subject.id);
          const { body } =
            route.path === paths.offer
              ? await offer(token, subject.goods.id, '250')
              : route.path === paths.counter
                ? await counter(token, subject.id, '265')
                : await answer(route.path, token, subject.id);
          const allowed = canTake(bargainProcess, state, route.action(role), [role]);
          const label = `${role} ${route.path} in ${state}`;
          if (allowed) {
            expect(body.err_code, label).toBe(0);
            expect((await history(subject.id)).length, label).toBe(before.length + 1);
          } else {
            // A new offer on a listing whose bargain has ended is a new bargain, not a refusal.
            const newThread =
              route.path === paths.offer && role === 'buyer' && finalBargainStatuses.includes(state);
            if (newThread) expect(body.err_code, label).toBe(0);
            else expect(body.err_code, label).not.toBe(0);
            expect((await history(subject.id)).length, label).toBe(before.length);
          }
        }
      }
    }
  }, 240_000);

  it('hides a bargain from a third user and refuses their every action', async () => {
    const { id, goods } = await bargainIn('offered');
    const stranger = await person();
    for (const path of [paths.agree, paths.reject, paths.cancel, paths.remove])
      expect((await answer(path, stranger.token, id)).body.err_code).toBe(ErrorCodes.BARGAIN_NOT_FOUND);
    expect((await counter(stranger.token, id, '250')).body.err_code).toBe(ErrorCodes.BARGAIN_NOT_FOUND);
    expect((await info(stranger.token, `bargain_id=${id}`)).body.err_code).toBe(ErrorCodes.BARGAIN_NOT_FOUND);
    const theirs = await ok(info(stranger.token, `goods_id=${goods.id}`));
    expect(theirs.bargain).toBeNull();
    for (const role of ['buyer', 'seller'] as const)
      expect((await ok(list(stranger.token, role))).list).toEqual([]);
    await expect(
      agreedBargainFor(t.app.db, {
        bargainId: id,
        buyerId: stranger.id,
        goodsId: goods.id,
        now: t.clock.now(),
      }),
    ).rejects.toMatchObject({ errCode: ErrorCodes.BARGAIN_NOT_FOUND });
  });

  it('limits open bargains per buyer, offers per day and offers per bargain', async () => {
    const buyer = await person();
    const ids: number[] = [];
    for (let index = 0; index < bargainRules.maxOpenPerBuyer; index += 1) {
      const goods = await listing();
      ids.push((await ok(offer(buyer.token, goods.id, '230'))).id);
    }
    const extra = await listing();
    expect((await offer(buyer.token, extra.id, '230')).body.err_code).toBe(ErrorCodes.BARGAIN_OPEN_LIMIT);
    expect((await ok(info(buyer.token, `goods_id=${extra.id}`))).can_offer).toBe(false);
    for (const id of ids) await ok(answer(paths.cancel, buyer.token, id));

    // Cancelled offers still count toward the day's offers.
    const used = bargainRules.maxOpenPerBuyer;
    for (let index = used; index < bargainRules.dailyOffersPerBuyer; index += 1) {
      const made = await ok(offer(buyer.token, extra.id, '230'));
      await ok(answer(paths.cancel, buyer.token, made.id));
    }
    const refused = await offer(buyer.token, extra.id, '230');
    expect(refused.body).toMatchObject({ err_code: ErrorCodes.BARGAIN_DAILY_LIMIT });
    t.clock.advance(86_400);
    await ok(offer(buyer.token, extra.id, '230'));

    // At most maxBuyerRounds offers in one bargain.
    const { id, buyer: other, goods } = await bargainIn('countered');
    for (let round = 2; round <= bargainRules.maxBuyerRounds; round += 1) {
      await ok(offer(other.token, goods.id, String(230 + round)));
      await ok(counter(seller.token, id, '280'));
    }
    expect((await offer(other.token, goods.id, '240')).body.err_code).toBe(
      ErrorCodes.BARGAIN_ROUNDS_EXCEEDED,
    );
  });

  it('expires an unanswered offer and an unused agreed price on the process timers', async () => {
    const { id, buyer } = await bargainIn('offered');
    t.clock.advance(bargainRules.offerAnswerSeconds - 1);
    expect(await t.app.jobs.runDue()).toMatchObject({ failed: 0 });
    expect((await ok(info(buyer.token, `bargain_id=${id}`))).bargain?.status).toBe('offered');
    t.clock.advance(1);
    expect(await t.app.jobs.runDue()).toMatchObject({ failed: 0 });
    const lapsed = await ok(info(buyer.token, `bargain_id=${id}`));
    expect(lapsed.bargain).toMatchObject({ status: 'expired', deadline: null });
    expect(lapsed.bargain?.timeline.at(-1)).toMatchObject({ action: 'expire_offer', actor_role: 'system' });
    expect((await notificationsOf(t.app.db, buyer.id, 'bargain'))[0]?.title).toBe('议价已失效');

    // An offer made again restarts the seller's 24 hours: the first offer's timer does not end it.
    const again = await bargainIn('offered');
    t.clock.advance(12 * 3600);
    await ok(counter(seller.token, again.id, '280'));
    await ok(offer(again.buyer.token, again.goods.id, '250'));
    t.clock.advance(12 * 3600);
    expect(await t.app.jobs.runDue()).toMatchObject({ failed: 0 });
    expect((await ok(info(again.buyer.token, `bargain_id=${again.id}`))).bargain?.status).toBe('offered');
    t.clock.advance(12 * 3600);
    expect(await t.app.jobs.runDue()).toMatchObject({ failed: 0 });
    expect((await ok(info(again.buyer.token, `bargain_id=${again.id}`))).bargain?.status).toBe('expired');

    const agreed = await bargainIn('agreed');
    const query = { bargainId: agreed.id, buyerId: agreed.buyer.id, goodsId: agreed.goods.id };
    expect(await agreedBargainFor(t.app.db, { ...query, now: t.clock.now() })).toEqual({
      bargainId: agreed.id,
      priceFen: 22_000,
    });
    t.clock.advance(bargainRules.agreedValidSeconds);
    // Past its deadline the price is refused even before the timer has run.
    await expect(agreedBargainFor(t.app.db, { ...query, now: t.clock.now() })).rejects.toMatchObject({
      errCode: ErrorCodes.BARGAIN_EXPIRED,
    });
    expect(await t.app.jobs.runDue()).toMatchObject({ failed: 0 });
    const expired = await ok(info(agreed.buyer.token, `bargain_id=${agreed.id}`));
    expect(expired.bargain?.status).toBe('expired');
    expect(expired.can_offer).toBe(true);
  });

  it('agrees once when two agrees race, and an agreed price buys once', async () => {
    const { id, buyer, goods } = await bargainIn('offered');
    const results = await Promise.all([
      answer(paths.agree, seller.token, id),
      answer(paths.agree, seller.token, id),
    ]);
    const codes = results.map((result) => result.body.err_code).sort((x, y) => x - y);
    expect(codes).toEqual([0, ErrorCodes.BARGAIN_STATE_INVALID]);
    expect((await history(id)).filter((row) => row.action === 'agree')).toHaveLength(1);

    const query = { bargainId: id, buyerId: buyer.id, goodsId: goods.id, now: t.clock.now() };
    // The seller has since lowered the price below the agreed one: the lower price applies.
    await ok(
      call(t.app, 'POST', '/app/user/goods/price', {
        token: seller.token,
        body: { goods_id: goods.id, price: '210' },
      }),
    );
    const uses = await Promise.allSettled(
      [1, 2].map((n) =>
        t.app.db.transaction((tx) =>
          consumeBargain(tx, t.app.processes, { ...query, orderRef: `order:${n}` }),
        ),
      ),
    );
    expect(uses.filter((use) => use.status === 'fulfilled').map((use) => use.value)).toEqual([
      { bargainId: id, priceFen: 21_000 },
    ]);
    expect(uses.find((use) => use.status === 'rejected')).toMatchObject({
      reason: { errCode: ErrorCodes.BARGAIN_STATE_INVALID },
    });
    const used = await ok(info(buyer.token, `bargain_id=${id}`));
    expect(used.bargain).toMatchObject({ status: 'ordered', deadline: null });
    expect(used.bargain?.timeline.at(-1)).toMatchObject({ action: 'use', actor_role: 'buyer' });
    await expect(agreedBargainFor(t.app.db, query)).rejects.toMatchObject({
      errCode: ErrorCodes.BARGAIN_STATE_INVALID,
    });
    await expect(agreedBargainFor(t.app.db, { ...query, goodsId: goods.id + 1 })).rejects.toMatchObject({
      errCode: ErrorCodes.BARGAIN_NOT_FOUND,
    });
  });

  it('gives an agreed price back when the order placed at it lapses unpaid', async () => {
    const { id, buyer, goods } = await bargainIn('agreed');
    const first = await ok(place(buyer.token, goods.id, id));
    expect((await ok(info(buyer.token, `bargain_id=${id}`))).bargain?.status).toBe('ordered');

    t.clock.advance(ORDER_PAY_SECONDS);
    expect(await t.app.jobs.runDue()).toMatchObject({ failed: 0 });
    const restored = await ok(info(buyer.token, `bargain_id=${id}`));
    expect(restored.bargain).toMatchObject({ status: 'agreed', agreed_price: '220.00' });
    expect(restored.bargain?.timeline.at(-1)).toMatchObject({ action: 'restore', actor_role: 'system' });
    const notices = await notificationsOf(t.app.db, buyer.id, 'bargain');
    expect(notices.at(0)).toMatchObject({ title: '议价价格已恢复' });
    expect(notices.at(0)?.body).toContain(first.order_no);

    const second = await ok(place(buyer.token, goods.id, id));
    expect(second.order_no).not.toBe(first.order_no);
    expect(second.quote.price).toBe('220.00');
  });

  it('refuses steps toward a sale once the listing is off the shelf', async () => {
    const { id, goods } = await bargainIn('offered');
    await ok(
      call(t.app, 'POST', '/app/user/goods/shelf', {
        token: seller.token,
        body: { goods_id: goods.id, action: 'off' },
      }),
    );
    expect((await answer(paths.agree, seller.token, id)).body.err_code).toBe(
      ErrorCodes.BARGAIN_GOODS_UNAVAILABLE,
    );
    expect((await counter(seller.token, id, '250')).body.err_code).toBe(ErrorCodes.BARGAIN_GOODS_UNAVAILABLE);
    await ok(answer(paths.reject, seller.token, id));
  });

  it('deletes a finished bargain from one party’s list only', async () => {
    const open = await bargainIn('offered');
    expect((await answer(paths.remove, open.buyer.token, open.id)).body.err_code).toBe(
      ErrorCodes.BARGAIN_DELETE_OPEN,
    );
    const done = await bargainIn('rejected');
    expect((await answer(paths.remove, done.buyer.token, done.id)).body.err_code).toBe(0);
    expect((await ok(list(done.buyer.token, 'buyer'))).list.map((item) => item.id)).not.toContain(done.id);
    expect((await ok(list(seller.token, 'seller', 'closed'))).list.map((item) => item.id)).toContain(done.id);
  });

  it('gives an agreed price back with its own deadline only, never a new 24 hours', async () => {
    const { id, buyer, goods } = await bargainIn('agreed');
    const agreedUntil = new Date(t.clock.now().getTime() + bargainRules.agreedValidSeconds * 1000);
    // Placed and cancelled an hour before the deadline: the price comes back for that hour.
    t.clock.advance(bargainRules.agreedValidSeconds - 3600);
    const order = await ok(place(buyer.token, goods.id, id));
    await ok(cancelOrder(buyer.token, order.order_no));
    const restored = await ok(info(buyer.token, `bargain_id=${id}`));
    expect(restored.bargain).toMatchObject({ status: 'agreed', deadline: agreedUntil.toISOString() });
    expect((await notificationsOf(t.app.db, buyer.id, 'bargain'))[0]).toMatchObject({
      title: '议价价格已恢复',
    });
    // Its timer runs at that deadline.
    t.clock.advance(3600);
    expect(await t.app.jobs.runDue()).toMatchObject({ failed: 0 });
    const expired = await ok(info(buyer.token, `bargain_id=${id}`));
    expect(expired.bargain).toMatchObject({ status: 'expired', deadline: null });
    expect(expired.bargain?.timeline.at(-1)).toMatchObject({ action: 'expire', actor_role: 'system' });

    // An order placed just before the deadline and left unpaid past it: the price is not restored.
    const late = await bargainIn('agreed');
    t.clock.advance(bargainRules.agreedValidSeconds - 60);
    const lateOrder = await ok(place(late.buyer.token, late.goods.id, late.id));
    t.clock.advance(ORDER_PAY_SECONDS);
    expect(await t.app.jobs.runDue()).toMatchObject({ failed: 0 });
    const lapsed = await ok(info(late.buyer.token, `bargain_id=${late.id}`));
    expect(lapsed.bargain).toMatchObject({ status: 'expired', deadline: null });
    expect(lapsed.bargain?.timeline.at(-1)).toMatchObject({
      action: 'lapse',
      actor_role: 'system',
      reason: '已过议价有效期',
    });
    const notice = (await notificationsOf(t.app.db, late.buyer.id, 'bargain'))[0];
    expect(notice).toMatchObject({
      title: '议价价格已过期',
      link: `/goodsBargainList?bargain_id=${late.id}`,
    });
    expect(notice?.body).toContain(lateOrder.order_no);
    expect((await place(late.buyer.token, late.goods.id, late.id)).body.err_code).toBe(
      ErrorCodes.BARGAIN_EXPIRED,
    );
    expect((await ok(info(late.buyer.token, `goods_id=${late.goods.id}`))).can_offer).toBe(true);
  });

  it('shows a bargain deleted while ordered again, to both parties, once its price is restored', async () => {
    const { id, buyer, goods } = await bargainIn('agreed');
    const order = await ok(place(buyer.token, goods.id, id));
    for (const token of [buyer.token, seller.token])
      expect((await answer(paths.remove, token, id)).body.err_code).toBe(0);
    await ok(cancelOrder(buyer.token, order.order_no));
    const ids = (page: Page<Bargain>) => page.list.map((item) => item.id);
    expect(ids(await ok(list(buyer.token, 'buyer', 'agreed')))).toContain(id);
    expect(ids(await ok(list(seller.token, 'seller', 'agreed')))).toContain(id);
    const mine = await ok(info(buyer.token, `goods_id=${goods.id}`));
    expect(mine).toMatchObject({ can_offer: false, bargain: { id, status: 'agreed' } });
    const again = await offer(buyer.token, goods.id, '250');
    expect(again.body).toMatchObject({
      err_code: ErrorCodes.BARGAIN_ALREADY_OPEN,
      message: mine.offer_refusal,
    });
  });

  it('lets an agreed price lapse rather than restore it past the open-bargain limit', async () => {
    const buyer = await person();
    const first = await listing();
    const agreed = await ok(offer(buyer.token, first.id, '230'));
    await ok(answer(paths.agree, seller.token, agreed.id));
    const order = await ok(place(buyer.token, first.id, agreed.id));
    for (let index = 0; index < bargainRules.maxOpenPerBuyer; index += 1)
      await ok(offer(buyer.token, (await listing()).id, '230'));
    await ok(cancelOrder(buyer.token, order.order_no));
    expect(await openCount(t.app.db, buyer.id)).toBe(bargainRules.maxOpenPerBuyer);
    const lapsed = await ok(info(buyer.token, `bargain_id=${agreed.id}`));
    expect(lapsed.bargain).toMatchObject({ status: 'expired', deadline: null });
    expect(lapsed.bargain?.timeline.at(-1)).toMatchObject({
      action: 'lapse',
      reason: `进行中的议价已达上限（${bargainRules.maxOpenPerBuyer}个）`,
    });
    expect((await notificationsOf(t.app.db, buyer.id, 'bargain'))[0]).toMatchObject({
      title: '议价价格未恢复',
      link: `/goodsBargainList?bargain_id=${agreed.id}`,
    });
    expect(await sellerToldOf(agreed.id)).toContain('买家进行中的议价已达上限');
  });

  it('lets an agreed price lapse beside another open bargain of the buyer on the listing', async () => {
    // bargainIn('ordered') places no real order: the listing stays on sale and takes another offer.
    const beside = await bargainIn('ordered');
    const other = await ok(offer(beside.buyer.token, beside.goods.id, '250'));
    await t.app.db.transaction((tx) =>
      restoreBargain(tx, t.app.processes, { orderRef: `order:test:${beside.id}`, at: t.clock.now() }),
    );
    const lapsed = await ok(info(beside.buyer.token, `bargain_id=${beside.id}`));
    expect(lapsed.bargain).toMatchObject({ status: 'expired' });
    expect(lapsed.bargain?.timeline.at(-1)).toMatchObject({
      action: 'lapse',
      reason: '你对该商品已有进行中的议价',
    });
    expect((await ok(info(beside.buyer.token, `bargain_id=${other.id}`))).bargain?.status).toBe('offered');
  });

  it('makes an offer racing a restore on the listing wait for it, then refuses it (never a 500)', async () => {
    // The restore holds the buyer's lock until it commits: the offer then sees the price restored.
    const raced = await bargainIn('ordered');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let markRestored = () => {};
    const restored = new Promise<void>((resolve) => {
      markRestored = resolve;
    });
    const restoring = t.app.db.transaction(async (tx) => {
      await restoreBargain(tx, t.app.processes, { orderRef: `order:test:${raced.id}`, at: t.clock.now() });
      markRestored();
      await held;
    });
    // The offer starts only once the restore holds the lock, else it may finish first (seen on PostgreSQL).
    await restored;
    const racing = offer(raced.buyer.token, raced.goods.id, '250');
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await restoring;
    expect((await racing).body.err_code).toBe(ErrorCodes.BARGAIN_ALREADY_OPEN);
    expect((await ok(info(raced.buyer.token, `bargain_id=${raced.id}`))).bargain?.status).toBe('agreed');
  });

  it('tells the other party of every step exactly once, and the party who acted nothing', async () => {
    const goods = await listing();
    const buyer = await person();
    let id = 0;
    const news = newsOf(buyer, () => id);
    id = (await ok(offer(buyer.token, goods.id, '210'))).id;
    expect(await news()).toEqual([['seller', '收到新的议价', 'seller_helper']]);
    await ok(counter(seller.token, id, '270'));
    expect(await news()).toEqual([['buyer', '卖家还价了', 'system']]);
    await ok(offer(buyer.token, goods.id, '240'));
    expect(await news()).toEqual([['seller', '买家重新出价', 'seller_helper']]);
    await ok(counter(seller.token, id, '255'));
    expect(await news()).toEqual([['buyer', '卖家还价了', 'system']]);
    await ok(answer(paths.agree, buyer.token, id));
    expect(await news()).toEqual([['seller', '买家接受了你的还价', 'seller_helper']]);
    await ok(answer(paths.cancel, buyer.token, id));
    expect(await news()).toEqual([['seller', '买家取消了议价', 'seller_helper']]);
    // Hiding a finished bargain from one's own list is no step: nobody is told.
    for (const token of [buyer.token, seller.token]) await ok(answer(paths.remove, token, id));
    expect(await news()).toEqual([]);

    const agreed = await bargainIn('offered');
    const agreedNews = newsOf(agreed.buyer, () => agreed.id);
    expect(await agreedNews()).toEqual([['seller', '收到新的议价', 'seller_helper']]);
    await ok(answer(paths.agree, seller.token, agreed.id));
    expect(await agreedNews()).toEqual([['buyer', '卖家同意了你的出价', 'system']]);

    const rejected = await bargainIn('offered');
    const rejectedNews = newsOf(rejected.buyer, () => rejected.id);
    await rejectedNews();
    await ok(answer(paths.reject, seller.token, rejected.id));
    expect(await rejectedNews()).toEqual([['buyer', '卖家拒绝了你的出价', 'system']]);

    // The timers: whoever was waiting is told; an agreed price left unused, both parties.
    const unanswered = await bargainIn('offered');
    const unansweredNews = newsOf(unanswered.buyer, () => unanswered.id);
    const countered = await bargainIn('countered');
    const counteredNews = newsOf(countered.buyer, () => countered.id);
    await Promise.all([unansweredNews(), counteredNews(), agreedNews()]);
    t.clock.advance(bargainRules.agreedValidSeconds);
    expect(await t.app.jobs.runDue()).toMatchObject({ failed: 0 });
    expect(await unansweredNews()).toEqual([['buyer', '议价已失效', 'system']]);
    expect(await counteredNews()).toEqual([['seller', '议价已失效', 'seller_helper']]);
    expect(await agreedNews()).toEqual([
      ['buyer', '议价价格已过期', 'system'],
      ['seller', '议价已失效', 'seller_helper'],
    ]);
    expect(await sellerToldOf(agreed.id)).toContain('买家未在有效期内按议价购买');
  });

  it('tells the seller too when an unpaid order gives the agreed price back, or lets it lapse', async () => {
    const restored = await bargainIn('agreed');
    const restoredNews = newsOf(restored.buyer, () => restored.id);
    await restoredNews();
    const order = await ok(place(restored.buyer.token, restored.goods.id, restored.id));
    expect(await restoredNews()).toEqual([]);
    await ok(cancelOrder(restored.buyer.token, order.order_no));
    expect(await restoredNews()).toEqual([
      ['buyer', '议价价格已恢复', 'system'],
      ['seller', '议价价格已恢复', 'seller_helper'],
    ]);
    const restoreNotice = await sellerToldOf(restored.id);
    expect(restoreNotice).toContain(order.order_no);
    expect(restoreNotice).toContain('¥220.00');

    const late = await bargainIn('agreed');
    const lateNews = newsOf(late.buyer, () => late.id);
    await lateNews();
    t.clock.advance(bargainRules.agreedValidSeconds - 60);
    const lateOrder = await ok(place(late.buyer.token, late.goods.id, late.id));
    t.clock.advance(ORDER_PAY_SECONDS);
    expect(await t.app.jobs.runDue()).toMatchObject({ failed: 0 });
    expect(await lateNews()).toEqual([
      ['buyer', '议价价格已过期', 'system'],
      ['seller', '议价已失效', 'seller_helper'],
    ]);
    const lapseNotice = await sellerToldOf(late.id);
    expect(lapseNotice).toContain(lateOrder.order_no);
    expect(lapseNotice).toContain('已过议价有效期');

    // The buyer's reason names the buyer as 你; the seller's names them as 买家.
    const beside = await bargainIn('ordered');
    const besideNews = newsOf(beside.buyer, () => beside.id);
    await ok(offer(beside.buyer.token, beside.goods.id, '250'));
    await besideNews();
    await t.app.db.transaction((tx) =>
      restoreBargain(tx, t.app.processes, { orderRef: `order:test:${beside.id}`, at: t.clock.now() }),
    );
    expect(await besideNews()).toEqual([
      ['buyer', '议价价格未恢复', 'system'],
      ['seller', '议价已失效', 'seller_helper'],
    ]);
    expect(await sellerToldOf(beside.id)).toContain('买家已对该商品发起新的议价');
  });
});

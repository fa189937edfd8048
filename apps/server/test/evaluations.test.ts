import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  ErrorCodes,
  EVALUATION_CASHBACK_FEN,
  EVALUATION_WINDOW_DAYS,
  ERASED_REVIEW_TEXT,
  type Comment,
  type EvaluationMain,
  type Page,
  type MyEvaluations,
  type ReceivedEvaluations,
  type SubmitEvaluationResult,
} from '@haoshi/contracts';
import { eraseEvaluationTexts } from '../src/modules/evaluations/index.ts';
import { evaluationCashbacks, evaluations } from '../src/modules/evaluations/tables.ts';
import { eraseReviewTexts } from '../src/modules/goods/index.ts';
import { ledger } from '../src/modules/ledger/index.ts';
import { ledgerTransfers } from '../src/modules/ledger/tables.ts';
import { orders } from '../src/modules/orders/tables.ts';
import { expectMoneyConsistent, paidOrder, party, type Party } from './helpers/aftersales.ts';
import { call } from './helpers/identity.ts';
import { createListingsApp } from './helpers/listings.ts';
import { orderCall } from './helpers/orders.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let buyer: Party;
let seller: Party;
let staff: Party;
let stranger: Party;

beforeAll(async () => {
  t = await createListingsApp();
  buyer = await party(t, '13820000001');
  seller = await party(t, '13820000002');
  staff = await party(t, '13820000003', true);
  stranger = await party(t, '13820000004');
});
afterAll(() => t.close());

const longText = '账号和描述完全一致，卖家换绑很配合，推荐购买';

async function completedOrderOf(who: Party) {
  const order = await paidOrder(t, { buyer: who, seller, staff }, { steps: 5 });
  const done = await orderCall(t, who.token, '/app/order/confirm', { order_no: order.order_no });
  expect(done.body.data?.state).toBe('completed');
  return order.order_no;
}

const completedOrder = () => completedOrderOf(buyer);

const submit = (who: Party, orderNo: string, body: Record<string, unknown> = {}) =>
  call<SubmitEvaluationResult>(t.app, 'POST', '/app/favourable_comment/submit', {
    token: who.token,
    body: { order_no: orderNo, stars: 5, service_stars: 4, tags: [], content: longText, ...body },
  });

/** Evaluation `id` in `subject`'s received evaluations, as the holder of `token` (none: anonymous) reads it. */
async function receivedItem(subject: Party, id: number | undefined, token?: string) {
  const { body } = await call<ReceivedEvaluations>(
    t.app,
    'GET',
    `/app/evaluation/received?user_id=${subject.id}&page_size=50`,
    token === undefined ? {} : { token },
  );
  const item = body.data?.list.find((candidate) => candidate.id === id);
  expect(item, JSON.stringify(body)).toBeDefined();
  return item;
}

describe(`evaluations (${databaseKind})`, () => {
  it('each party evaluates a completed order once; the buyer earns the cash back once', async () => {
    const orderNo = await completedOrder();
    const main = await call<EvaluationMain>(
      t.app,
      'GET',
      `/app/favourable_comment/main?order_no=${orderNo}`,
      {
        token: buyer.token,
      },
    );
    expect(main.body.data?.order).toMatchObject({ can_evaluate: true, role: 'buyer', mine: null });
    expect(main.body.data?.todo.map((item) => item.order_no)).toContain(orderNo);
    expect(main.body.data?.offer).toEqual({
      amount: '2.00',
      min_chars: 15,
      window_days: EVALUATION_WINDOW_DAYS,
    });

    const before = (await ledger.balances(t.app.db, buyer.id)).available;
    const first = await submit(buyer, orderNo, { tags: ['accurate', 'fast'] });
    expect(first.body.err_code).toBe(0);
    expect(first.body.data?.cashback_paid).toBe(true);
    expect(first.body.data?.order).toMatchObject({
      can_evaluate: false,
      mine: { stars: 5, tags: ['accurate', 'fast'], author_role: 'buyer' },
      cashback: { status: 'paid', amount: '2.00' },
    });
    expect((await ledger.balances(t.app.db, buyer.id)).available - before).toBe(EVALUATION_CASHBACK_FEN);
    expect((await submit(buyer, orderNo)).body.err_code).toBe(ErrorCodes.EVALUATION_EXISTS);

    // the seller evaluates the buyer with the buyer's tags, and sees the buyer's evaluation
    expect((await submit(seller, orderNo, { tags: ['accurate'] })).body.err_code).toBe(
      ErrorCodes.VALIDATION_FAILED,
    );
    const sellers = await submit(seller, orderNo, { tags: ['pay_fast'], stars: 4 });
    expect(sellers.body.data).toMatchObject({
      cashback_paid: false,
      order: { role: 'seller', cashback: null, theirs: { author_role: 'buyer' } },
    });
    // the buyer's evaluation is what the listing pages show; the seller's is not
    const comments = await call<Page<Comment>>(
      t.app,
      'GET',
      `/app/goods/comment/list?seller_id=${seller.id}`,
    );
    expect(comments.body.data?.list.map((comment) => comment.content)).toEqual([longText]);
    const received = await call<ReceivedEvaluations>(
      t.app,
      'GET',
      `/app/evaluation/received?user_id=${seller.id}`,
    );
    expect(received.body.data?.list.map((item) => item.content)).toContain(longText);
    expect(received.body.data?.stars[4]).toBeGreaterThanOrEqual(1);
    const done = await call<MyEvaluations>(t.app, 'GET', '/app/evaluation/mine?tab=done', {
      token: buyer.token,
    });
    expect(done.body.data?.list.map((item) => item.order_no)).toContain(orderNo);
    const money = await expectMoneyConsistent(t);
    expect(money.escrow).toBe(money.openOrders);
  });

  it("answers a received evaluation's order number only to the parties of its order", async () => {
    const author = await party(t, '13820000008');
    const orderNo = await completedOrderOf(author);
    const written = await submit(author, orderNo);
    const id = written.body.data?.order.mine?.id;
    expect(id).toBeGreaterThan(0);
    const orderNoAs = async (token?: string) => (await receivedItem(seller, id, token))?.order_no;
    // Anyone may read a seller's page: an order number there would tell a phisher what to quote.
    expect(await orderNoAs()).toBeNull();
    expect(await orderNoAs('not-a-session')).toBeNull();
    expect(await orderNoAs(stranger.token)).toBeNull();
    expect(await orderNoAs(staff.token)).toBeNull();
    expect(await orderNoAs(buyer.token)).toBeNull();
    expect(await orderNoAs(author.token)).toBe(orderNo);
    expect(await orderNoAs(seller.token)).toBe(orderNo);
  });

  it("shows what a buyer bought on the buyer's received evaluations only to the order's parties", async () => {
    const owner = await party(t, '13820000009');
    const orderNo = await completedOrderOf(owner);
    const written = await submit(seller, orderNo);
    const id = written.body.data?.order.mine?.id;
    expect(id).toBeGreaterThan(0);
    const [order] = await t.app.db
      .select({ card: orders.goodsCard })
      .from(orders)
      .where(eq(orders.orderNo, orderNo));
    const titleAs = async (token?: string) => (await receivedItem(owner, id, token))?.goods_title;
    // The page names its owner: the title beside a seller's evaluation would say who owns that account now.
    expect(await titleAs()).toBe('');
    expect(await titleAs(stranger.token)).toBe('');
    expect(await titleAs(staff.token)).toBe('');
    expect(await titleAs(owner.token)).toBe(order?.card.title);
    expect(await titleAs(seller.token)).toBe(order?.card.title);
    // A seller's received evaluations keep the title: the listing was on sale in public.
    const sold = await call<ReceivedEvaluations>(
      t.app,
      'GET',
      `/app/evaluation/received?user_id=${seller.id}&page_size=50`,
    );
    expect(sold.body.data?.list.some((item) => item.goods_title !== '')).toBe(true);
  });

  it('is refused to anyone not a party, before completion and after the window', async () => {
    const orderNo = await completedOrder();
    for (const who of [stranger, staff])
      expect((await submit(who, orderNo)).body.err_code).toBe(ErrorCodes.ORDER_NOT_FOUND);
    expect(
      (
        await call(t.app, 'GET', `/app/favourable_comment/main?order_no=${orderNo}`, {
          token: stranger.token,
        })
      ).body.err_code,
    ).toBe(ErrorCodes.ORDER_NOT_FOUND);
    const open = await paidOrder(t, { buyer, seller, staff }, { steps: 2 });
    expect((await submit(buyer, open.order_no)).body.err_code).toBe(ErrorCodes.EVALUATION_NOT_ALLOWED);
    expect(
      (await submit(buyer, orderNo, { content: '卖家人很好 加微信 wx_abc123 联系' })).body.err_code,
    ).toBe(ErrorCodes.VALIDATION_FAILED);
    expect((await submit(buyer, orderNo, { stars: 0 })).body.err_code).toBe(ErrorCodes.VALIDATION_FAILED);

    t.clock.advance(EVALUATION_WINDOW_DAYS * 24 * 3600 + 1);
    expect((await submit(buyer, orderNo)).body.err_code).toBe(ErrorCodes.EVALUATION_WINDOW_CLOSED);
    const todo = await call<MyEvaluations>(t.app, 'GET', '/app/evaluation/mine?tab=todo', {
      token: buyer.token,
    });
    expect(todo.body.data?.list.map((item) => item.order_no)).not.toContain(orderNo);
    const [written] = await t.app.db
      .select({ value: count() })
      .from(evaluations)
      .where(eq(evaluations.authorId, buyer.id));
    expect(written?.value).toBe(1);
  });

  it('a short evaluation earns no cash back, whatever its stars', async () => {
    const orderNo = await completedOrder();
    const result = await submit(buyer, orderNo, { content: '好', stars: 5 });
    expect(result.body.data?.cashback_paid).toBe(false);
    expect(result.body.data?.order.cashback?.status).toBe('none');
  });

  it('50 concurrent submits of one evaluation: one evaluation, one cash back', async () => {
    const orderNo = await completedOrder();
    const before = (await ledger.balances(t.app.db, buyer.id)).available;
    const [transfersBefore] = await t.app.db.select({ value: count() }).from(ledgerTransfers);
    const results = await Promise.all(Array.from({ length: 50 }, () => submit(buyer, orderNo)));
    const codes = results.map((result) => result.body.err_code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ErrorCodes.EVALUATION_EXISTS)).toHaveLength(49);
    expect((await ledger.balances(t.app.db, buyer.id)).available - before).toBe(EVALUATION_CASHBACK_FEN);
    const [transfersAfter] = await t.app.db.select({ value: count() }).from(ledgerTransfers);
    expect((transfersAfter?.value ?? 0) - (transfersBefore?.value ?? 0)).toBe(1);
    const paid = await t.app.db.select().from(evaluationCashbacks);
    expect(paid.filter((row) => row.userId === buyer.id)).toHaveLength(2);
    const money = await expectMoneyConsistent(t);
    expect(money.escrow).toBe(money.openOrders);
  });

  it("an erased account's evaluations and reviews keep their stars and lose their words", async () => {
    const author = await party(t, '13820000009');
    const orderNo = await completedOrderOf(author);
    expect(
      (await submit(author, orderNo, { stars: 2, content: '账号还行，就是换绑拖了两天' })).body.err_code,
    ).toBe(0);

    await t.app.db.transaction(async (tx) => {
      await eraseEvaluationTexts(tx, author.id);
      await eraseReviewTexts(tx, author.id);
    });

    const received = await call<ReceivedEvaluations>(
      t.app,
      'GET',
      `/app/evaluation/received?user_id=${seller.id}`,
      { token: seller.token },
    );
    const erased = received.body.data?.list.find((item) => item.order_no === orderNo);
    expect(erased).toMatchObject({ stars: 2, content: ERASED_REVIEW_TEXT });
    const comments = await call<Page<Comment>>(
      t.app,
      'GET',
      `/app/goods/comment/list?seller_id=${seller.id}&page_size=50`,
    );
    expect(comments.body.data?.list.map((comment) => comment.content)).toContain(ERASED_REVIEW_TEXT);
    expect(JSON.stringify(comments.body.data)).not.toContain('换绑拖了两天');
    // Everyone else's words stay.
    expect(comments.body.data?.list.map((comment) => comment.content)).toContain(longText);
  });
});

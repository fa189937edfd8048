import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ErrorCodes,
  idChecksumChar,
  type BargainDetail,
  type BargainInfo,
  type OrderDetail,
  type OrderGuarantee,
  type ProtocolPage,
  type ProtocolSignResult,
  type ProtocolSnapshots,
  type UploadTicket,
} from '@haoshi/contracts';
import { goods } from '../src/modules/goods/tables.ts';
import { checkLedger, ledger } from '../src/modules/ledger/index.ts';
import { call, latestCode, login } from './helpers/identity.ts';
import { createListingsApp, pngBytes, put } from './helpers/listings.ts';
import { insertListing, orderCall, payOrder, placeOrder } from './helpers/orders.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';
import { postMoney } from './helpers/wallet.ts';

interface Party {
  token: string;
  id: number;
  phone: string;
}

let t: TestApp;
let buyer: Party;
let seller: Party;

async function verifiedParty(phone: string, name: string, birth: string): Promise<Party> {
  const { token, user } = await login(t.app, phone, `10.7.0.${phone.slice(-1)}`);
  const first17 = `110105${birth}123`;
  const { body } = await call(t.app, 'POST', '/app/user/auth/real_name', {
    token,
    body: { name, id_number: first17 + idChecksumChar(first17) },
  });
  expect(body.err_code, JSON.stringify(body)).toBe(0);
  return { token, id: user.id, phone };
}

beforeAll(async () => {
  t = await createListingsApp({ SESSION_ROTATE_AFTER_SECONDS: String(60 * 86_400) });
  buyer = await verifiedParty('13900000001', '张三丰', '19900101');
  seller = await verifiedParty('13900000002', '李四光', '19880202');
  await postMoney(t.app.db, { userId: buyer.id, fen: 100_000 });
});
afterAll(() => t.close());

const post = <T>(party: Party, path: string, body: Record<string, unknown>) =>
  orderCall<T>(t, party.token, path, body);

async function sign(party: Party, orderNo: string): Promise<ProtocolSignResult> {
  t.clock.advance(61);
  const bytes = await pngBytes(300, 120, '#ffffff');
  const ticket = (
    await call<{ tickets: UploadTicket[] }>(t.app, 'POST', '/app/upload/ticket', {
      token: party.token,
      body: { purpose: 'signature', files: [{ content_type: 'image/png', size: bytes.length }] },
    })
  ).body.data?.tickets[0];
  if (!ticket) throw new Error('no upload ticket');
  expect((await put(t, ticket, bytes)).body.err_code).toBe(0);
  const preview = await call<ProtocolPage>(t.app, 'GET', `/app/order/protocol/preview?order_no=${orderNo}`, {
    token: party.token,
  });
  const intent = await post(party, '/app/order/protocol/data', {
    order_no: orderNo,
    signature_image: ticket.key,
    text_sha256: preview.body.data?.text_sha256,
  });
  expect(intent.body.err_code, JSON.stringify(intent.body)).toBe(0);
  const signed = await post<ProtocolSignResult>(party, '/app/order/sign', {
    order_no: orderNo,
    code: await latestCode(t.app, party.phone),
  });
  expect(signed.body.err_code, JSON.stringify(signed.body)).toBe(0);
  if (!signed.body.data) throw new Error('not signed');
  return signed.body.data;
}

describe(`a guaranteed trade across bargaining, hand-over and signing (${databaseKind})`, () => {
  it('buys at the agreed price, hands over, rebinds, signs and pays the seller the agreed price minus the fee', async () => {
    const goodsId = await insertListing(t.app.db, seller.id, { priceFen: 20_000 });
    await t.app.db.update(goods).set({ bargain: true, bargainFloor: 15_000 }).where(eq(goods.id, goodsId));

    const offered = await post<BargainDetail>(buyer, '/app/goods/bargain', {
      goods_id: goodsId,
      price: '160',
    });
    expect(offered.body.err_code, JSON.stringify(offered.body)).toBe(0);
    const bargainId = offered.body.data?.id;
    expect(
      (await post<BargainDetail>(seller, '/app/goods/bargain/agree', { bargain_id: bargainId })).body
        .err_code,
    ).toBe(0);

    const quote = await call<OrderGuarantee>(
      t.app,
      'GET',
      `/app/order/guarantee?goods_id=${goodsId}&bargain_id=${bargainId}`,
      { token: buyer.token },
    );
    expect(quote.body.data?.quote).toMatchObject({ price: '160.00', payable: '160.00' });

    const placed = await call<OrderDetail>(t.app, 'POST', '/app/order/build/business', {
      token: buyer.token,
      body: { goods_id: goodsId, bargain_id: bargainId },
    });
    expect(placed.body.err_code, JSON.stringify(placed.body)).toBe(0);
    const orderNo = placed.body.data?.order_no ?? '';
    expect(placed.body.data?.quote).toMatchObject({
      price: '160.00',
      trade_fee: '8.00',
      seller_income: '152.00',
    });
    // The agreed price bought once: the bargain is used.
    const info = await call<BargainInfo>(t.app, 'GET', `/app/goods/bargain/info?bargain_id=${bargainId}`, {
      token: buyer.token,
    });
    expect(info.body.data?.bargain?.status).toBe('ordered');

    expect((await payOrder(t, buyer.token, orderNo)).body.err_code).toBe(0);
    // The buyer cannot start the seller's hand-over; a stranger does not see the order.
    expect((await post(buyer, '/app/order/deliver', { order_no: orderNo })).body.err_code).toBe(
      ErrorCodes.ORDER_STATE_INVALID,
    );
    expect(
      (await post<OrderDetail>(seller, '/app/order/deliver', { order_no: orderNo })).body.data?.state,
    ).toBe('delivering');
    const submitted = await post(seller, '/app/order/confirm/account', {
      order_no: orderNo,
      account: 'wzry_10086',
      password: 'S3cret-pass',
    });
    expect(submitted.body.err_code, JSON.stringify(submitted.body)).toBe(0);
    const verified = await call(t.app, 'POST', '/app/order/verify', {
      token: buyer.token,
      body: { order_no: orderNo, verdict: 'pass' },
      headers: { 'idempotency-key': `verify-${orderNo}` },
    });
    expect(verified.body.err_code, JSON.stringify(verified.body)).toBe(0);

    // Rebinding finishes only when its required steps are confirmed.
    expect((await post(buyer, '/app/order/rebinding/finish', { order_no: orderNo })).body.err_code).toBe(
      ErrorCodes.ORDER_REBINDING_OPEN,
    );
    expect(
      (await post(buyer, '/app/order/rebinding/confirm', { order_no: orderNo, step: 'password' })).body
        .err_code,
    ).toBe(0);
    const rebound = await post<OrderDetail>(buyer, '/app/order/rebinding/finish', { order_no: orderNo });
    expect(rebound.body.data?.state).toBe('signing');

    expect((await sign(buyer, orderNo)).status).toMatchObject({ buyer_signed: true, seller_signed: false });
    expect((await sign(seller, orderNo)).status).toMatchObject({ buyer_signed: true, seller_signed: true });
    const detail = await call<OrderDetail>(t.app, 'GET', `/app/order/detail?order_no=${orderNo}`, {
      token: buyer.token,
    });
    expect(detail.body.data?.state).toBe('protection');
    // Each signature is on the order's history, then the signing it completed.
    expect(detail.body.data?.timeline.slice(-3).map((entry) => [entry.action, entry.actor_role])).toEqual([
      ['party_sign', 'buyer'],
      ['party_sign', 'seller'],
      ['sign', 'system'],
    ]);
    const snapshots = await call<ProtocolSnapshots>(
      t.app,
      'GET',
      `/app/order/protocol/snapshots?order_no=${orderNo}`,
      { token: seller.token },
    );
    expect(snapshots.body.data?.valid).toBe(true);
    expect(snapshots.body.data?.list).toHaveLength(2);

    const sellerBefore = (await ledger.balances(t.app.db, seller.id)).available;
    expect(
      (await post<OrderDetail>(buyer, '/app/order/confirm', { order_no: orderNo })).body.data?.state,
    ).toBe('completed');
    expect((await ledger.balances(t.app.db, seller.id)).available - sellerBefore).toBe(15_200);
    expect((await checkLedger(t.app.db)).ok).toBe(true);
  });

  it('refuses a bargain of another buyer, and the same agreed price twice', async () => {
    const goodsId = await insertListing(t.app.db, seller.id, { priceFen: 20_000 });
    await t.app.db.update(goods).set({ bargain: true, bargainFloor: 15_000 }).where(eq(goods.id, goodsId));
    const offered = await post<BargainDetail>(buyer, '/app/goods/bargain', {
      goods_id: goodsId,
      price: '170',
    });
    const bargainId = offered.body.data?.id;
    await post(seller, '/app/goods/bargain/agree', { bargain_id: bargainId });
    const other = await login(t.app, '13900000009', '10.7.0.9');
    await postMoney(t.app.db, { userId: other.user.id, fen: 50_000 });
    const stolen = await call(t.app, 'POST', '/app/order/build/business', {
      token: other.token,
      body: { goods_id: goodsId, bargain_id: bargainId },
    });
    expect(stolen.body.err_code).toBe(ErrorCodes.BARGAIN_NOT_FOUND);
    const first = await call<OrderDetail>(t.app, 'POST', '/app/order/build/business', {
      token: buyer.token,
      body: { goods_id: goodsId, bargain_id: bargainId },
    });
    expect(first.body.data?.quote.price).toBe('170.00');
    await post(buyer, '/app/order/cancel', { order_no: first.body.data?.order_no });
    const again = await placeOrder(t, buyer.token, { goods_id: goodsId });
    expect(again.body.data?.quote.price).toBe('200.00');
  });
});

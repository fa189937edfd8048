import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ErrorCodes, type ClaimDetail } from '@haoshi/contracts';
import { checkLedger, ledger } from '../src/modules/ledger/index.ts';
import { depositedSeller, paidOrder, party, type Party } from './helpers/aftersales.ts';
import { call } from './helpers/identity.ts';
import { warnIfNoPostgres } from './helpers/ledger-db.ts';
import { createListingsApp, disputeEvidence } from './helpers/listings.ts';
import { orderCall } from './helpers/orders.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let staff: Party;
beforeAll(async () => {
  warnIfNoPostgres('claims-concurrency');
  t = await createListingsApp();
  staff = await party(t, '13840000001', true);
});
afterAll(() => t.close());

const keyed = <T = ClaimDetail>(who: Party, path: string, body: Record<string, unknown>) =>
  call<T>(t.app, 'POST', path, { token: who.token, body, headers: { 'idempotency-key': randomUUID() } });

const pool = () => ledger.accountBalance(t.app.db, { kind: 'compensation_pool' });

/** Sets the compensation pool to exactly `fen` through the ledger (adjustments on the other side). */
async function poolAt(fen: number, reference: string) {
  const change = fen - (await pool());
  if (change === 0) return;
  await t.app.db.transaction((tx) =>
    ledger.post(tx, {
      debit: change > 0 ? { kind: 'adjustments' } : { kind: 'compensation_pool' },
      credit: change > 0 ? { kind: 'compensation_pool' } : { kind: 'adjustments' },
      amount: Math.abs(change),
      kind: 'compensation.fund',
      reference: { type: 'compensation_pool', id: reference },
      idempotencyKey: `test:claims-concurrency:${reference}`,
    }),
  );
}

/**
 * `howMany` claims, each on its own completed 基础包赔 order (price 100.00) between a new buyer and
 * seller, accepted at 100.00. With `deposit`, every seller holds a basic sincerity deposit (100.00),
 * so a paid compensation is charged back to the pool.
 */
async function acceptedClaims(round: number, howMany: number, deposit: boolean): Promise<string[]> {
  const claimNos: string[] = [];
  for (let index = 0; index < howMany; index++) {
    const buyer = await party(t, `1384${round}00010${index}`);
    const phone = `1384${round}00020${index}`;
    const seller = deposit ? await depositedSeller(t, phone) : await party(t, phone);
    const order = await paidOrder(t, { buyer, seller, staff }, { steps: 5, guarantee: 'basic' });
    const confirmed = await orderCall(t, buyer.token, '/app/order/confirm', { order_no: order.order_no });
    expect(confirmed.body.data?.state).toBe('completed');
    const filed = await keyed(buyer, '/app/dog/claims/apply', {
      order_no: order.order_no,
      description: '账号在成交后被原卖家通过申诉找回，登录提示密码错误',
      images: [await disputeEvidence(t, buyer.token)],
    });
    expect(filed.body.err_code).toBe(0);
    const claimNo = filed.body.data?.claim_no ?? '';
    const accepted = await keyed(staff, '/app/dog/claims/review', {
      claim_no: claimNo,
      action: 'accept',
      reason: '核实找回情况',
      amount: '100',
    });
    expect(accepted.body.data?.state).toBe('accepted');
    claimNos.push(claimNo);
  }
  return claimNos;
}

const compensateAll = (claimNos: string[]) =>
  Promise.all(claimNos.map((claimNo) => keyed(staff, '/app/dog/claims/compensate', { claim_no: claimNo })));

const stateOf = async (claimNo: string) =>
  (await call<ClaimDetail>(t.app, 'GET', `/app/dog/claims/v3?claim_no=${claimNo}`, { token: staff.token }))
    .body.data?.state;

describe(`compensations at the same time (${databaseKind})`, () => {
  it('pay as many claims as the pool covers, refuse the others with 4788, and never overdraw it', async () => {
    const claimNos = await acceptedClaims(1, 4, false);
    await poolAt(250_00, 'pool-250');
    const answers = await compensateAll(claimNos);
    const codes = answers.map((answer) => answer.body.err_code).sort((a, b) => a - b);
    expect(codes).toEqual([0, 0, ErrorCodes.CLAIM_POOL_SHORT, ErrorCodes.CLAIM_POOL_SHORT]);
    expect(await pool()).toBe(50_00);
    // A refusal wrote nothing: its claim still waits, accepted, for the pool to be refilled.
    const states = await Promise.all(claimNos.map(stateOf));
    expect(states.filter((state) => state === 'compensated')).toHaveLength(2);
    expect(states.filter((state) => state === 'accepted')).toHaveLength(2);
    expect((await checkLedger(t.app.db)).ok).toBe(true);
  });

  it('with the pool at exactly one compensation, pay exactly one', async () => {
    const claimNos = await acceptedClaims(2, 4, false);
    await poolAt(100_00, 'pool-100');
    const codes = (await compensateAll(claimNos)).map((answer) => answer.body.err_code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ErrorCodes.CLAIM_POOL_SHORT)).toHaveLength(3);
    expect(await pool()).toBe(0);
    expect((await checkLedger(t.app.db)).ok).toBe(true);
  });

  it('charge the sellers back as they go, each refilling the pool, beside other deposit penalties', async () => {
    const claimNos = await acceptedClaims(3, 4, true);
    // Damages on a seller lock their holding, the deposit, then the pool (deposit → pool → buyer): a
    // compensation that locked the pool before the deposit deadlocked with them.
    const damaged: string[] = [];
    for (let index = 0; index < 2; index++) {
      const seller = await depositedSeller(t, `1384300030${index}`);
      const buyer = await party(t, `1384300040${index}`);
      damaged.push((await paidOrder(t, { buyer, seller, staff }, { steps: 5 })).order_no);
    }
    await poolAt(100_00, 'pool-100-deposits');
    const depositBefore = await ledger.accountBalance(t.app.db, { kind: 'deposit' });
    const [compensations, damages] = await Promise.all([
      compensateAll(claimNos),
      Promise.all(
        damaged.map((orderNo) =>
          keyed(staff, '/app/order/orderLiquidatedDamages', {
            order_no: orderNo,
            party: 'seller',
            amount: '10.00',
            reason: '卖家未按约定配合换绑',
          }),
        ),
      ),
    ]);
    expect(compensations.map((answer) => answer.body.err_code)).toEqual([0, 0, 0, 0]);
    expect(compensations.map((answer) => answer.body.data?.seller_charged)).toEqual([
      '100.00',
      '100.00',
      '100.00',
      '100.00',
    ]);
    expect(damages.map((answer) => answer.body.err_code)).toEqual([0, 0]);
    // Pool: −100.00 to each claimant, +100.00 from each seller's deposit; the damages pass through.
    expect(await pool()).toBe(100_00);
    expect(await ledger.accountBalance(t.app.db, { kind: 'deposit' })).toBe(depositBefore - 420_00);
    expect((await checkLedger(t.app.db)).ok).toBe(true);
  });
});

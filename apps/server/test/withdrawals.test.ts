import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ErrorCodes,
  withdrawalPaths as paths,
  type AutoWithdrawalSettings,
  type Page,
  type StaffWithdrawal,
  type StaffWithdrawalDetail,
  type Withdrawal,
  type WithdrawalDetail,
  type WithdrawAlert,
  type WithdrawPage,
} from '@haoshi/contracts';
import * as ledger from '../src/modules/ledger/ledger-service.ts';
import { checkLedger } from '../src/modules/ledger/ledger-check.ts';
import { sandboxPayouts, withdrawals } from '../src/modules/withdrawals/tables.ts';
import { countChanges, rowCounts } from './helpers/row-counts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import {
  addAlipay,
  call,
  credit,
  grantFinance,
  ok,
  person,
  phonelessPerson,
  readyPerson,
  verifyRealName,
  type Person,
} from './helpers/withdrawal-fixtures.ts';

let t: TestApp;
let finance: Person;
let phoneSeq = 0;
const nextPhone = () => `1370000${String((phoneSeq += 1)).padStart(4, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  finance = await person(t.app, '13800000002');
  await grantFinance(t.app, finance.id);
});
afterAll(() => t?.close());

const get = <T>(url: string, who: Person) => call<T>(t.app, 'GET', url, { token: who.token });
const post = <T>(url: string, who: Person, body: unknown, headers?: Record<string, string>) =>
  call<T>(t.app, 'POST', url, { token: who.token, body, ...(headers ? { headers } : {}) });
const balances = (userId: number) => ledger.balances(t.app.db, userId);
const systemBalance = (kind: 'platform_fee' | 'payout_clearing') => ledger.accountBalance(t.app.db, { kind });

/** Moves the clock past the sandbox's delay and runs the payout job. */
async function completePayouts() {
  t.clock.advance(5);
  return t.app.withdrawalJobs.payoutTick();
}

async function expectLedgerOk() {
  const report = await checkLedger(t.app.db);
  expect(report.ok, JSON.stringify(report.findings)).toBe(true);
  expect(report.sumOfBalances).toBe(0);
}

describe('withdraw page and alert', () => {
  it('shows balance, fee rule, limits and the methods; the alert quotes fee and amount received', async () => {
    const user = await readyPerson(t.app, nextPhone(), 100_000, '13955556666');
    const page = await ok(get<WithdrawPage>(paths.page, user));
    expect(page.available).toBe('1000.00');
    expect(page.fee_rule).toMatchObject({
      rate_bp: 60,
      daily_free_quota: '500.00',
      free_quota_left: '500.00',
    });
    expect(page.min_amount).toBe('10.00');
    expect(page.methods).toEqual([expect.objectContaining({ id: user.methodId, type: 'alipay' })]);
    expect(JSON.stringify(page)).not.toContain('13955556666');
    expect(page.quick_remit.eligible).toBe(false);

    const free = await ok(
      post<WithdrawAlert>(paths.alert, user, { amount: '50.00', method_id: user.methodId }),
    );
    expect(free).toMatchObject({ amount: '50.00', fee: '0.00', received: '50.00', mode: 'normal' });
    const charged = await ok(
      post<WithdrawAlert>(paths.alert, user, { amount: '800', method_id: user.methodId }),
    );
    // 300.00 above the free quota × 0.6% = 1.80
    expect(charged).toMatchObject({ fee: '1.80', received: '798.20' });
    expect(charged.arrival).toContain('工作日');
  });

  it('refuses bad amounts with a clear code and field', async () => {
    const user = await readyPerson(t.app, nextPhone(), 100_000);
    const cases: Array<[unknown, number]> = [
      ['0', ErrorCodes.VALIDATION_FAILED],
      ['1.234', ErrorCodes.VALIDATION_FAILED],
      ['abc', ErrorCodes.VALIDATION_FAILED],
      [Number.MAX_SAFE_INTEGER, ErrorCodes.VALIDATION_FAILED],
      ['9.99', ErrorCodes.WITHDRAWAL_AMOUNT_TOO_SMALL],
      ['50000.01', ErrorCodes.WITHDRAWAL_AMOUNT_TOO_LARGE],
      ['1000.01', ErrorCodes.INSUFFICIENT_BALANCE],
    ];
    for (const [amount, code] of cases) {
      const { body } = await post(paths.withdraw, user, { amount, method_id: user.methodId });
      expect(body.err_code, String(amount)).toBe(code);
      expect(body.message).toBeTruthy();
    }
  });
});

describe('full happy path: credit → withdraw → approve → paid', () => {
  it('freezes, pays out, books the fee, and the ledger checks', async () => {
    const user = await readyPerson(t.app, nextPhone(), 100_000);
    const feeBefore = await systemBalance('platform_fee');
    const clearingBefore = await systemBalance('payout_clearing');

    const created = await ok(
      post<Withdrawal>(
        paths.withdraw,
        user,
        { amount: '800.00', method_id: user.methodId },
        { 'idempotency-key': 'happy-1' },
      ),
    );
    expect(created).toMatchObject({
      status: 'pending_review',
      status_text: '待审核',
      fee: '1.80',
      received: '798.20',
    });
    expect(await balances(user.id)).toEqual({ available: 20_000, frozen: 80_000 });

    const queue = await ok(get<Page<StaffWithdrawal>>(`${paths.staffList}?status=pending_review`, finance));
    const item = queue.list.find((row) => row.id === created.id);
    expect(item?.actions).toEqual(['approve', 'reject']);
    expect(item?.user_phone_masked).toMatch(/^\d{3}\*{4}\d{4}$/);

    const approved = await ok(
      post<StaffWithdrawalDetail>(paths.staffHandle, finance, { id: created.id, action: 'approve' }),
    );
    expect(approved.status).toBe('paying');
    expect(approved.actions).toEqual([]);
    expect(await balances(user.id)).toEqual({ available: 20_000, frozen: 80_000 });

    await completePayouts();
    const detail = await ok(get<WithdrawalDetail>(`${paths.detail}?id=${created.id}`, user));
    expect(detail.status).toBe('paid');
    expect(detail.status_text).toBe('已到账');
    expect(detail.paid_at).not.toBeNull();
    expect(detail.timeline.map((entry) => entry.to)).toEqual([
      'pending_review',
      'approved',
      'paying',
      'paid',
    ]);
    expect(detail.timeline.map((entry) => entry.to_label)).toEqual(['待审核', '已通过', '打款中', '已到账']);
    expect(await balances(user.id)).toEqual({ available: 20_000, frozen: 0 });
    expect((await systemBalance('platform_fee')) - feeBefore).toBe(180);
    expect((await systemBalance('payout_clearing')) - clearingBefore).toBe(79_820);
    const [payout] = await t.app.db
      .select()
      .from(sandboxPayouts)
      .where(eq(sandboxPayouts.merchantReference, `withdrawal:${created.id}`));
    expect(payout).toMatchObject({ status: 'succeeded', amountFen: 79_820 });
    expect(payout?.acknowledgedAt).not.toBeNull();

    // Another tick changes nothing (results are acknowledged, the withdrawal is final).
    expect(await completePayouts()).toEqual({ dispatched: 0, settled: 0 });
    await expectLedgerOk();
  });
});

describe('money goes back', () => {
  it('reject with a preset reason → available again', async () => {
    const user = await readyPerson(t.app, nextPhone(), 10_000);
    const created = await ok(
      post<Withdrawal>(paths.withdraw, user, { amount: '60', method_id: user.methodId }),
    );
    const reasons = await ok(get<Array<{ code: string; text: string }>>(paths.staffRejectReasons, finance));
    expect(reasons.length).toBeGreaterThan(2);
    const reason = reasons[0];
    if (!reason) throw new Error('no reasons');
    const missing = await post(paths.staffHandle, finance, { id: created.id, action: 'reject' });
    expect(missing.body.err_code).toBe(ErrorCodes.VALIDATION_FAILED);
    const rejected = await ok(
      post<StaffWithdrawalDetail>(paths.staffHandle, finance, {
        id: created.id,
        action: 'reject',
        reason_code: reason.code,
      }),
    );
    expect(rejected).toMatchObject({ status: 'rejected', reject_reason: reason.text });
    expect(await balances(user.id)).toEqual({ available: 10_000, frozen: 0 });
    const again = await post(paths.staffHandle, finance, { id: created.id, action: 'approve' });
    expect(again.body.err_code).toBe(ErrorCodes.WITHDRAWAL_STATE_INVALID);
    await expectLedgerOk();
  });

  it('cancel by the user → available again; only while pending review', async () => {
    const user = await readyPerson(t.app, nextPhone(), 10_000);
    const created = await ok(
      post<Withdrawal>(paths.withdraw, user, { amount: '60', method_id: user.methodId }),
    );
    const cancelled = await ok(post<Withdrawal>(paths.cancel, user, { id: created.id }));
    expect(cancelled).toMatchObject({ status: 'cancelled' });
    expect(await balances(user.id)).toEqual({ available: 10_000, frozen: 0 });
    const twice = await post(paths.cancel, user, { id: created.id });
    expect(twice.body.err_code).toBe(ErrorCodes.WITHDRAWAL_STATE_INVALID);

    const second = await ok(
      post<Withdrawal>(paths.withdraw, user, { amount: '60', method_id: user.methodId }),
    );
    await ok(post(paths.staffHandle, finance, { id: second.id, action: 'approve' }));
    const late = await post(paths.cancel, user, { id: second.id });
    expect(late.body.err_code).toBe(ErrorCodes.WITHDRAWAL_STATE_INVALID);
    await completePayouts();
    await expectLedgerOk();
  });

  it('payout failure (sandbox test account) → available again', async () => {
    const user = await readyPerson(t.app, nextPhone(), 10_000, '13912344444');
    const created = await ok(
      post<Withdrawal>(paths.withdraw, user, { amount: '100', method_id: user.methodId }),
    );
    await ok(post(paths.staffHandle, finance, { id: created.id, action: 'approve' }));
    expect(await balances(user.id)).toEqual({ available: 0, frozen: 10_000 });
    await completePayouts();
    const detail = await ok(get<WithdrawalDetail>(`${paths.detail}?id=${created.id}`, user));
    expect(detail.status).toBe('failed');
    expect(detail.failure_reason).toContain('打款失败');
    expect(await balances(user.id)).toEqual({ available: 10_000, frozen: 0 });
    await expectLedgerOk();
  });
});

describe('real name and phone come first', () => {
  it('4301 before real-name verification, and nothing is written', async () => {
    const user = await person(t.app, nextPhone());
    const methodId = await addAlipay(t.app, user.id, '13911112222');
    await credit(t.app, user.id, 10_000);
    const before = await rowCounts(t.app.db);
    const alert = await post(paths.alert, user, { amount: '50', method_id: methodId });
    expect(alert.body.err_code).toBe(ErrorCodes.REAL_NAME_REQUIRED);
    const refused = await post(paths.withdraw, user, { amount: '50', method_id: methodId });
    expect(refused.body.err_code).toBe(ErrorCodes.REAL_NAME_REQUIRED);
    expect(countChanges(before, await rowCounts(t.app.db))).toEqual({});
    await verifyRealName(t.app, user.id);
    const created = await ok(post<Withdrawal>(paths.withdraw, user, { amount: '50', method_id: methodId }));
    expect(created.status).toBe('pending_review');
  });

  it('4302 when the account has no bound phone (checked after 4301)', async () => {
    const user = await phonelessPerson(t.app, t.clock.now);
    const methodId = await addAlipay(t.app, user.id, '13911113333');
    await credit(t.app, user.id, 10_000);
    const first = await post(paths.withdraw, user, { amount: '50', method_id: methodId });
    expect(first.body.err_code).toBe(ErrorCodes.REAL_NAME_REQUIRED);
    await verifyRealName(t.app, user.id);
    const before = await rowCounts(t.app.db);
    const refused = await post(paths.withdraw, user, { amount: '50', method_id: methodId });
    expect(refused.body.err_code).toBe(ErrorCodes.PHONE_BINDING_REQUIRED);
    expect(countChanges(before, await rowCounts(t.app.db))).toEqual({});
  });
});

describe('limits and quick remit', () => {
  it('daily count limit; refusals write nothing', async () => {
    const user = await readyPerson(t.app, nextPhone(), 100_000);
    for (let index = 0; index < 5; index += 1) {
      await ok(post(paths.withdraw, user, { amount: '10', method_id: user.methodId }));
    }
    const before = await rowCounts(t.app.db);
    const sixth = await post(paths.withdraw, user, { amount: '10', method_id: user.methodId });
    expect(sixth.body.err_code).toBe(ErrorCodes.WITHDRAWAL_DAILY_COUNT_EXCEEDED);
    expect(countChanges(before, await rowCounts(t.app.db))).toEqual({});
    const page = await ok(get<WithdrawPage>(paths.page, user));
    expect(page.today_count).toBe(5);
  });

  it('quick remit: refused until one withdrawal was paid, then paid without review at the higher fee', async () => {
    const user = await readyPerson(t.app, nextPhone(), 100_000);
    const early = await post(paths.withdraw, user, {
      amount: '100',
      method_id: user.methodId,
      mode: 'quick',
    });
    expect(early.body.err_code).toBe(ErrorCodes.QUICK_REMIT_NOT_ELIGIBLE);
    const first = await ok(
      post<Withdrawal>(paths.withdraw, user, { amount: '20', method_id: user.methodId }),
    );
    await ok(post(paths.staffHandle, finance, { id: first.id, action: 'approve' }));
    await completePayouts();

    const page = await ok(get<WithdrawPage>(paths.page, user));
    expect(page.quick_remit.eligible).toBe(true);
    const alert = await ok(
      post<WithdrawAlert>(paths.alert, user, { amount: '100', method_id: user.methodId, mode: 'quick' }),
    );
    expect(alert).toMatchObject({ fee: '2.00', received: '98.00', mode: 'quick' });
    const quick = await ok(
      post<Withdrawal>(paths.withdraw, user, { amount: '100', method_id: user.methodId, mode: 'quick' }),
    );
    expect(quick.status).toBe('paying');
    await completePayouts();
    const detail = await ok(get<WithdrawalDetail>(`${paths.detail}?id=${quick.id}`, user));
    expect(detail.status).toBe('paid');
    expect(detail.timeline.find((entry) => entry.to === 'approved')).toMatchObject({
      actor_role: 'system',
      reason: '快捷转账免审核',
    });
    expect(await balances(user.id)).toEqual({ available: 100_000 - 2_000 - 10_000, frozen: 0 });
    await expectLedgerOk();
  });
});

describe('another user and non-finance staff are refused', () => {
  it("every withdrawal call with another user's session is refused", async () => {
    const owner = await readyPerson(t.app, nextPhone(), 10_000);
    const other = await readyPerson(t.app, nextPhone(), 10_000);
    const created = await ok(
      post<Withdrawal>(paths.withdraw, owner, { amount: '50', method_id: owner.methodId }),
    );
    const before = await rowCounts(t.app.db);
    const codes = [
      (await post(paths.cancel, other, { id: created.id })).body.err_code,
      (await get(`${paths.detail}?id=${created.id}`, other)).body.err_code,
      (await post(paths.withdraw, other, { amount: '50', method_id: owner.methodId })).body.err_code,
      (await post(paths.alert, other, { amount: '50', method_id: owner.methodId })).body.err_code,
      (await post(paths.auto, other, { enabled: true, threshold: '100', method_id: owner.methodId })).body
        .err_code,
    ];
    expect(codes).toEqual([
      ErrorCodes.WITHDRAWAL_NOT_FOUND,
      ErrorCodes.WITHDRAWAL_NOT_FOUND,
      ErrorCodes.PAYOUT_METHOD_NOT_FOUND,
      ErrorCodes.PAYOUT_METHOD_NOT_FOUND,
      ErrorCodes.PAYOUT_METHOD_NOT_FOUND,
    ]);
    const list = await ok(get<Page<Withdrawal>>(paths.list, other));
    expect(list.list.map((row) => row.id)).not.toContain(created.id);
    expect(countChanges(before, await rowCounts(t.app.db))).toEqual({});
    expect(await balances(owner.id)).toEqual({ available: 5_000, frozen: 5_000 });
    const anonymous = await call(t.app, 'GET', paths.list);
    expect(anonymous.body.err_code).toBe(ErrorCodes.LOGIN_REQUIRED);
  });

  it('staff calls are refused for non-finance users, and nothing is written', async () => {
    const owner = await readyPerson(t.app, nextPhone(), 10_000);
    const created = await ok(
      post<Withdrawal>(paths.withdraw, owner, { amount: '50', method_id: owner.methodId }),
    );
    const before = await rowCounts(t.app.db);
    const responses = [
      await get(paths.staffList, owner),
      await get(`${paths.staffDetail}?id=${created.id}`, owner),
      await get(paths.staffRejectReasons, owner),
      await post(paths.staffHandle, owner, { id: created.id, action: 'approve' }),
      await post(paths.staffHandle, owner, { id: created.id, action: 'reject', reason_code: 'other' }),
    ];
    for (const { body } of responses) {
      expect(body.err_code).toBe(ErrorCodes.WITHDRAWAL_STAFF_ONLY);
      expect(body.message).toBe('仅财务人员可以处理提现');
    }
    expect(countChanges(before, await rowCounts(t.app.db))).toEqual({});
    const [row] = await t.app.db.select().from(withdrawals).where(eq(withdrawals.id, created.id));
    expect(row?.status).toBe('pending_review');
  });

  it('finance staff may not review their own withdrawal', async () => {
    await verifyRealName(t.app, finance.id);
    const methodId = await addAlipay(t.app, finance.id, '13800000002');
    await credit(t.app, finance.id, 10_000);
    const own = await ok(post<Withdrawal>(paths.withdraw, finance, { amount: '50', method_id: methodId }));
    const refused = await post(paths.staffHandle, finance, { id: own.id, action: 'approve' });
    expect(refused.body.err_code).toBe(ErrorCodes.WITHDRAWAL_SELF_REVIEW);
  });
});

describe('idempotency', () => {
  it('the same Idempotency-Key ×100 → one withdrawal', async () => {
    const user = await readyPerson(t.app, nextPhone(), 100_000);
    const body = { amount: '10.00', method_id: user.methodId };
    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        post<Withdrawal>(paths.withdraw, user, body, { 'idempotency-key': 'same-key' }),
      ),
    );
    const ids = new Set(responses.filter((r) => r.body.err_code === 0).map((r) => r.body.data?.id));
    expect(ids.size).toBe(1);
    for (const { body: answer } of responses) {
      expect([0, ErrorCodes.IDEMPOTENCY_IN_PROGRESS]).toContain(answer.err_code);
    }
    const list = await ok(get<Page<Withdrawal>>(paths.list, user));
    expect(list.total).toBe(1);
    expect(await balances(user.id)).toEqual({ available: 99_000, frozen: 1_000 });
    const other = await post(
      paths.withdraw,
      user,
      { ...body, amount: '11.00' },
      { 'idempotency-key': 'same-key' },
    );
    expect(other.body.err_code).toBe(ErrorCodes.IDEMPOTENCY_KEY_REUSED);
  });
});

describe('automatic withdrawal', () => {
  it('saves settings and the job withdraws above the threshold once per day', async () => {
    const user = await readyPerson(t.app, nextPhone(), 0);
    const invalid = await post(paths.auto, user, {
      enabled: true,
      threshold: '100',
      keep_amount: '200',
      method_id: user.methodId,
    });
    expect(invalid.body.err_code).toBe(ErrorCodes.VALIDATION_FAILED);
    const saved = await ok(
      post<AutoWithdrawalSettings>(paths.auto, user, {
        enabled: true,
        threshold: '100',
        keep_amount: '20',
        method_id: user.methodId,
      }),
    );
    expect(saved).toMatchObject({
      enabled: true,
      threshold: '100.00',
      keep_amount: '20.00',
      method_id: user.methodId,
    });

    await credit(t.app, user.id, 9_000); // 90.00: below the threshold
    const below = await t.app.withdrawalJobs.autoWithdraw();
    expect(below.find((outcome) => outcome.userId === user.id)?.outcome).toBe('below_threshold');

    await credit(t.app, user.id, 6_000); // 150.00
    const runs = [await t.app.withdrawalJobs.autoWithdraw(), await t.app.withdrawalJobs.autoWithdraw()];
    expect(runs.map((run) => run.find((outcome) => outcome.userId === user.id)?.outcome)).toEqual([
      'created',
      'already_today',
    ]);
    const list = await ok(get<Page<Withdrawal>>(`${paths.list}?mode=auto`, user));
    expect(list.list).toHaveLength(1);
    expect(list.list[0]).toMatchObject({ amount: '130.00', mode: 'auto', status: 'pending_review' });
    expect(await balances(user.id)).toEqual({ available: 2_000, frozen: 13_000 });

    await credit(t.app, user.id, 20_000);
    t.clock.advance(86_400);
    const nextDay = await t.app.withdrawalJobs.autoWithdraw();
    expect(nextDay.find((outcome) => outcome.userId === user.id)?.outcome).toBe('created');
    const settings = await ok(get<AutoWithdrawalSettings>(paths.autoMain, user));
    expect(settings.last_run?.amount).toBe('200.00');
    await expectLedgerOk();
  });
});

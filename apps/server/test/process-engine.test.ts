import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  ErrorCodes,
  goodsProcess,
  orderProcess,
  sincerityPenaltyProcess,
  withdrawalPaths as paths,
  withdrawalProcess,
  type Withdrawal,
  type WithdrawalDetail,
} from '@haoshi/contracts';
import { queryRows } from '../src/lib/sql-rows.ts';
import { processTransitions } from '../src/modules/process/tables.ts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { countChanges, rowCounts } from './helpers/row-counts.ts';
import { cashier, exchange, rechargeRow } from './helpers/payments.ts';
import { call, grantFinance, ok, person, readyPerson } from './helpers/withdrawal-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_ROTATE_AFTER_SECONDS: String(30 * 86_400) });
});
afterAll(() => t.close());

const withdraw = (who: { token: string; methodId: number }, amount: string) =>
  ok(
    call<Withdrawal>(t.app, 'POST', paths.withdraw, {
      token: who.token,
      body: { amount, method_id: who.methodId },
    }),
  );

const historyOf = (process: string, subjectId: number) =>
  t.app.db
    .select()
    .from(processTransitions)
    .where(and(eq(processTransitions.process, process), eq(processTransitions.subjectId, subjectId)))
    .orderBy(asc(processTransitions.id));

describe(`process engine on ${databaseKind}`, () => {
  it('refuses a transition the table does not allow with the process’s err_code, writing nothing', async () => {
    const user = await readyPerson(t.app, '13700001001', 10_000);
    const created = await withdraw(user, '20');
    await ok(call(t.app, 'POST', paths.cancel, { token: user.token, body: { id: created.id } }));
    const before = await rowCounts(t.app.db);
    const again = await call(t.app, 'POST', paths.cancel, { token: user.token, body: { id: created.id } });
    expect(again.body).toMatchObject({ err_code: ErrorCodes.WITHDRAWAL_STATE_INVALID });
    expect(countChanges(before, await rowCounts(t.app.db))).toEqual({});

    // The engine itself, inside a caller's transaction: the refusal leaves no history row.
    await expect(
      t.app.db.transaction((tx) =>
        t.app.processes.applyTransition(tx, {
          process: withdrawalProcess,
          subjectId: created.id,
          ownerId: user.id,
          from: 'cancelled',
          action: 'approve',
          actor: { role: 'system', userId: null },
        }),
      ),
    ).rejects.toMatchObject({ errCode: ErrorCodes.WITHDRAWAL_STATE_INVALID });
    // A role the transition does not name is refused the same way.
    await expect(
      t.app.db.transaction((tx) =>
        t.app.processes.applyTransition(tx, {
          process: withdrawalProcess,
          subjectId: created.id,
          ownerId: user.id,
          from: 'pending_review',
          action: 'reject',
          actor: { role: 'owner', userId: user.id },
        }),
      ),
    ).rejects.toMatchObject({ errCode: ErrorCodes.WITHDRAWAL_STATE_INVALID });
    expect(countChanges(before, await rowCounts(t.app.db))).toEqual({});
  });

  it('refuses a transition whose guard does not hold with the guard’s err_code and message', () => {
    expect(() =>
      t.app.processes.check({
        process: goodsProcess,
        subjectId: 1,
        ownerId: 2,
        from: 'draft',
        action: 'submit',
        actor: { role: 'owner', userId: 2 },
      }),
    ).toThrow(expect.objectContaining({ errCode: ErrorCodes.GOODS_INCOMPLETE }));
    expect(
      t.app.processes.check({
        process: goodsProcess,
        subjectId: 1,
        ownerId: 2,
        from: 'draft',
        action: 'submit',
        actor: { role: 'owner', userId: 2 },
        guards: { complete: true },
      }),
    ).toBe('pending_review');
    expect(() =>
      t.app.processes.check({
        process: goodsProcess,
        subjectId: 1,
        ownerId: 2,
        from: 'locked',
        action: 'edit',
        actor: { role: 'owner', userId: 2 },
      }),
    ).toThrow('交易中的商品不能编辑');
  });

  it('records many subjects’ transitions together, each with its own timeline and timers; one refusal writes nothing', async () => {
    const ids = [9_100_001, 9_100_002, 9_100_003];
    const system = { role: 'system', userId: null } as const;
    const started = await t.app.db.transaction((tx) =>
      t.app.processes.startMany(
        tx,
        ids.map((subjectId) => ({ process: orderProcess, subjectId, actor: system })),
      ),
    );
    expect(started.map((timeline) => timeline.map((entry) => entry.to))).toEqual(
      ids.map(() => ['pending_payment']),
    );
    const pay = (subjectId: number) => ({
      process: orderProcess,
      subjectId,
      ownerId: null,
      from: 'pending_payment' as const,
      action: 'pay' as const,
      actor: system,
    });
    const before = await rowCounts(t.app.db);
    await expect(
      t.app.db.transaction((tx) =>
        t.app.processes.applyTransitions(tx, [
          pay(9_100_001),
          { ...pay(9_100_002), action: 'confirm_receipt' as const },
        ]),
      ),
    ).rejects.toMatchObject({ errCode: ErrorCodes.ORDER_STATE_INVALID });
    expect(countChanges(before, await rowCounts(t.app.db))).toEqual({});

    const moved = await t.app.db.transaction((tx) =>
      t.app.processes.applyTransitions(tx, ids.map(pay), { withTimeline: true }),
    );
    expect(moved.map((step) => step.to)).toEqual(['paid', 'paid', 'paid']);
    expect(moved.map((step) => step.timeline.map((entry) => entry.to))).toEqual(
      ids.map(() => ['pending_payment', 'paid']),
    );
    for (const id of ids)
      expect((await historyOf('order', id)).map((row) => row.action)).toEqual(['create', 'pay']);
    const timers = await queryRows<{ subject: string; action: string }>(
      t.app.db,
      sql`select data->>'subjectId' as subject, data->>'action' as action from pgboss.job
          where name = 'process.timer' and (data->>'subjectId')::bigint between 9100001 and 9100003`,
    );
    expect(timers.map((row) => `${row.subject}:${row.action}`).sort()).toEqual(
      ids.flatMap((id) => [`${id}:delivery_timeout`, `${id}:expire`]).sort(),
    );
    // These subjects are no orders: their timers are not for the next test's runs to fire.
    await t.app.db.execute(
      sql`delete from pgboss.job where name = 'process.timer'
          and (data->>'subjectId')::bigint between 9100001 and 9100003`,
    );
  });

  it('records who, when, from, to and why of every transition, and the detail shows it', async () => {
    const user = await readyPerson(t.app, '13700001002', 10_000);
    const staff = await person(t.app, '13700001003');
    await grantFinance(t.app, staff.id);
    const created = await withdraw(user, '30');
    const createdAt = t.clock.now();
    t.clock.advance(60);
    await ok(
      call(t.app, 'POST', paths.staffHandle, {
        token: staff.token,
        body: { id: created.id, action: 'reject', reason_code: 'risk_control' },
      }),
    );
    const rows = await historyOf('withdrawal', created.id);
    expect(rows.map(({ id: _id, subjectId: _s, ...row }) => row)).toEqual([
      {
        process: 'withdrawal',
        action: 'create',
        fromState: null,
        toState: 'pending_review',
        actorRole: 'owner',
        actorUserId: user.id,
        reason: null,
        metadata: {},
        createdAt,
      },
      {
        process: 'withdrawal',
        action: 'reject',
        fromState: 'pending_review',
        toState: 'rejected',
        actorRole: 'finance',
        actorUserId: staff.id,
        reason: '账户存在风险，请联系客服',
        metadata: {},
        createdAt: t.clock.now(),
      },
    ]);
    const detail = await ok(
      call<WithdrawalDetail>(t.app, 'GET', `${paths.detail}?id=${created.id}`, { token: user.token }),
    );
    expect(detail.timeline).toEqual([
      expect.objectContaining({ action: 'create', from: null, to: 'pending_review', to_label: '待审核' }),
      expect.objectContaining({
        action: 'reject',
        action_label: '驳回',
        from: 'pending_review',
        to: 'rejected',
        to_label: '已驳回',
        actor_role: 'finance',
        reason: '账户存在风险，请联系客服',
        created_at: t.clock.now().toISOString(),
      }),
    ]);
  });

  it('never lets staff act on their own subject: finance on their own withdrawal, an admin on their own penalty', async () => {
    const staff = await readyPerson(t.app, '13700001004', 10_000);
    await grantFinance(t.app, staff.id);
    const own = await withdraw(staff, '25');
    const list = await ok(
      call<{ list: { id: number; actions: string[] }[] }>(
        t.app,
        'GET',
        `${paths.staffList}?status=pending_review`,
        {
          token: staff.token,
        },
      ),
    );
    expect(list.list.find((item) => item.id === own.id)?.actions).toEqual([]);
    const before = await rowCounts(t.app.db);
    const refused = await call(t.app, 'POST', paths.staffHandle, {
      token: staff.token,
      body: { id: own.id, action: 'approve' },
    });
    expect(refused.body).toMatchObject({
      err_code: ErrorCodes.WITHDRAWAL_SELF_REVIEW,
      message: '不能审核自己的提现申请',
    });
    expect(countChanges(before, await rowCounts(t.app.db))).toEqual({});

    expect(() =>
      t.app.processes.check({
        process: sincerityPenaltyProcess,
        subjectId: 1,
        ownerId: staff.id,
        from: 'pending',
        action: 'waive',
        actor: { role: 'admin', userId: staff.id },
      }),
    ).toThrow(expect.objectContaining({ errCode: ErrorCodes.STAFF_OWN_OBJECT }));
  });

  it('arms a timer on entering a state; firing it closes what is still there and leaves what moved on', async () => {
    const user = await person(t.app, '13700001005');
    const forgotten = await exchange(t.app, user.token, '5');
    const paid = await exchange(t.app, user.token, '6');
    const forgottenRow = await rechargeRow(t.app.db, forgotten.order_no);
    const paidRow = await rechargeRow(t.app.db, paid.order_no);
    const armed = await queryRows<{ data: unknown; start_after: Date }>(
      t.app.db,
      sql`select data, start_after from pgboss.job where name = 'process.timer' order by created_on`,
    );
    // Each timer names the transition that entered the state (the recharge's creation).
    const entries = await queryRows<{ id: number | string; subject_id: number | string }>(
      t.app.db,
      sql`select id, subject_id from process_transitions where process = 'recharge' and from_state is null`,
    );
    const entryOf = (subjectId: number) =>
      Number(entries.find((row) => Number(row.subject_id) === subjectId)?.id);
    expect(armed.map((row) => row.data)).toEqual([
      {
        process: 'recharge',
        subjectId: forgottenRow.id,
        action: 'close',
        fromState: 'pending',
        entryId: entryOf(forgottenRow.id),
      },
      {
        process: 'recharge',
        subjectId: paidRow.id,
        action: 'close',
        fromState: 'pending',
        entryId: entryOf(paidRow.id),
      },
    ]);

    await cashier(t.app, paid.cashier_url, 'pay');
    await ok(
      call(t.app, 'POST', '/app/recharge/exchange/confirm', {
        token: user.token,
        body: { order_no: paid.order_no },
      }),
    );
    expect((await rechargeRow(t.app.db, paid.order_no)).status).toBe('paid');

    expect(await t.app.jobs.runDue()).toMatchObject({ failed: 0 });
    expect((await rechargeRow(t.app.db, forgotten.order_no)).status).toBe('pending');
    t.clock.advance(1801);
    expect(await t.app.jobs.runDue()).toMatchObject({ failed: 0 });
    expect((await rechargeRow(t.app.db, forgotten.order_no)).status).toBe('closed');
    expect((await rechargeRow(t.app.db, paid.order_no)).status).toBe('paid');
    expect((await historyOf('recharge', forgottenRow.id)).map((row) => [row.action, row.actorRole])).toEqual([
      ['create', 'owner'],
      ['close', 'system'],
    ]);
    expect((await historyOf('recharge', paidRow.id)).map((row) => row.action)).toEqual(['create', 'pay']);
    const [left] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from pgboss.job where name = 'process.timer' and state in ('created', 'retry')`,
    );
    expect(left?.n).toBe(0);

    // Firing again (late, or from a second runner) does nothing.
    const before = await rowCounts(t.app.db);
    for (const subjectId of [forgottenRow.id, paidRow.id]) {
      const outcome = await t.app.processes.fireTimer(t.app.db, {
        process: 'recharge',
        subjectId,
        action: 'close',
        fromState: 'pending',
      });
      expect(outcome).toBe('stale');
    }
    expect(countChanges(before, await rowCounts(t.app.db))).toEqual({});
  });
});

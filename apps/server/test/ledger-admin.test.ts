import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { login } from './helpers/identity.ts';
import { AdminCommandError, createAdminService } from '../src/modules/admin/admin-service.ts';
import { adminAudit } from '../src/modules/admin/tables.ts';
import { checkLedger } from '../src/modules/ledger/ledger-check.ts';
import * as ledger from '../src/modules/ledger/ledger-service.ts';
import { ledgerTransfers } from '../src/modules/ledger/tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`admin manual adjustments on ${databaseKind}`, () => {
  it('credits and debits a user through the ledger, auditing every use', async () => {
    const { user } = await login(t.app, '13922223333');
    const admin = createAdminService(t.database.db, 'ops-bob');
    const db = t.database.db;

    expect(await admin.run(['credit', '13922223333', '100', '--reason', '活动补偿'])).toMatch(
      /已入账 100\.00 元.*可用余额 100\.00 元/,
    );
    expect(
      await admin.run(['credit', '13922223333', '0.5', '--reason', '差额补足', '--key', 'ticket-77']),
    ).toContain('可用余额 100.50 元');
    // Re-running with the same --key does nothing more.
    expect(
      await admin.run(['credit', '13922223333', '0.5', '--reason', '差额补足', '--key', 'ticket-77']),
    ).toContain('已执行过');
    expect(await admin.run(['debit', '13922223333', '30.25', '--reason', '误入账冲正'])).toContain(
      '可用余额 70.25 元',
    );
    expect(await admin.run(['balance', '13922223333'])).toBe('139****3333：可用 70.25 元，冻结 0.00 元');

    await expect(admin.run(['debit', '13922223333', '70.26', '--reason', '冲正'])).rejects.toThrow(
      '余额不足：139****3333 可用余额 70.25 元',
    );
    await expect(admin.run(['credit', '13922223333', '1.234', '--reason', 'x'])).rejects.toThrow('金额无效');
    await expect(admin.run(['credit', '13922223333', '0', '--reason', 'x'])).rejects.toThrow('金额无效');
    await expect(admin.run(['credit', '13922223333', '5'])).rejects.toThrow('--reason');
    await expect(
      admin.run(['credit', '13922223333', '5', '--reason', 'x', '--bogus', 'y']),
    ).rejects.toBeInstanceOf(AdminCommandError);
    await expect(
      admin.run(['credit', '13922223333', '5', '--reason', '重复编号', '--key', 'ticket-77']),
    ).rejects.toThrow('请求内容不一致');
    await expect(admin.run(['credit', '13900000000', '5', '--reason', 'x'])).rejects.toThrow('用户不存在');

    expect(await ledger.balances(db, user.id)).toEqual({ available: 7_025, frozen: 0 });
    expect(await ledger.accountBalance(db, { kind: 'adjustments' })).toBe(-7_025);
    const transfers = await db.select().from(ledgerTransfers).orderBy(asc(ledgerTransfers.id));
    expect(transfers.map((row) => [row.kind, row.amount, row.metadata])).toEqual([
      ['manual.credit', 10_000, { reason: '活动补偿', actor: 'ops-bob' }],
      ['manual.credit', 50, { reason: '差额补足', actor: 'ops-bob' }],
      ['manual.debit', 3_025, { reason: '误入账冲正', actor: 'ops-bob' }],
    ]);
    expect(transfers[1]).toMatchObject({
      referenceType: 'manual_adjustment',
      referenceId: 'ticket-77',
      idempotencyKey: 'admin:ticket-77',
    });

    const audit = await db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.actor, 'ops-bob'))
      .orderBy(asc(adminAudit.id));
    expect(audit.map((row) => [row.command, row.outcome])).toEqual([
      ['credit', 'ok'],
      ['credit', 'ok'],
      ['credit', 'ok'],
      ['debit', 'ok'],
      ['balance', 'ok'],
      ['debit', 'refused'],
      ['credit', 'refused'],
      ['credit', 'refused'],
      ['credit', 'refused'],
      ['credit', 'refused'],
      ['credit', 'refused'],
      ['credit', 'refused'],
    ]);
    expect(audit[0]?.args).toEqual(['credit', '13922223333', '100', '--reason', '活动补偿']);
    expect(audit[0]?.detail).toContain('流水 #');
    expect(audit[5]?.detail).toContain('余额不足');
    expect((await checkLedger(db)).ok).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import { AdminCommandError, createAdminService } from '../src/modules/admin/admin-service.ts';
import { adminAudit } from '../src/modules/admin/tables.ts';
import { userRoles, users } from '../src/modules/identity/tables.ts';
import { demoStaff, seedDemoStaff } from '../src/db/seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`admin command line on ${databaseKind}`, () => {
  it('grants, lists and revokes roles by phone, auditing every use', async () => {
    const { token } = await login(t.app, '13911112222');
    const admin = createAdminService(t.database.db, 'ops-alice');

    expect(await admin.run(['grant', '13911112222', 'finance'])).toContain('finance');
    expect(await admin.run(['grant', '13911112222', 'merchant'])).toContain('merchant');
    const me = await call<{ roles: string[] }>(t.app, 'GET', '/app/user/info', { token });
    expect(me.body.data?.roles).toEqual(['finance', 'merchant']);

    expect(await admin.run(['users', '--role', 'finance'])).toContain('139****2222');
    expect(await admin.run(['roles', '13911112222'])).toContain('finance, merchant');
    expect(await admin.run(['revoke', '13911112222', 'finance'])).toContain('已撤销');
    await expect(admin.run(['revoke', '13911112222', 'finance'])).rejects.toBeInstanceOf(AdminCommandError);
    await expect(admin.run(['grant', '13911112222', 'superuser'])).rejects.toThrow('角色无效');
    await expect(admin.run(['grant', '13900009999', 'admin'])).rejects.toThrow('用户不存在');

    const audit = await t.database.db.select().from(adminAudit).orderBy(asc(adminAudit.id));
    expect(audit.map((row) => [row.actor, row.command, row.outcome])).toEqual([
      ['ops-alice', 'grant', 'ok'],
      ['ops-alice', 'grant', 'ok'],
      ['ops-alice', 'users', 'ok'],
      ['ops-alice', 'roles', 'ok'],
      ['ops-alice', 'revoke', 'ok'],
      ['ops-alice', 'revoke', 'refused'],
      ['ops-alice', 'grant', 'refused'],
      ['ops-alice', 'grant', 'refused'],
    ]);
    expect(audit[0]?.args).toEqual(['grant', '13911112222', 'finance']);
  });
});

describe(`demo staff seeding on ${databaseKind}`, () => {
  it('grants demo staff their roles once: a revoked role stays revoked when the seed runs again', async () => {
    const [finance] = demoStaff.filter((staff) => staff.roles.includes('finance'));
    if (!finance) throw new Error('no demo finance account');
    const admin = createAdminService(t.database.db, 'ops-bob');

    await seedDemoStaff(t.database.db);
    expect(await admin.run(['roles', finance.phone])).toContain('finance');
    await admin.run(['revoke', finance.phone, 'finance']);

    await seedDemoStaff(t.database.db);
    const roles = await t.database.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(eq(users.phone, finance.phone));
    expect(roles).toEqual([]);

    const { token } = await login(t.app, finance.phone);
    const me = await call<{ roles: string[] }>(t.app, 'GET', '/app/user/info', { token });
    expect(me.body.data?.roles).toEqual([]);
  });
});

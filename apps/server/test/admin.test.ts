import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { chatCloseCodes, ErrorCodes, type Conversation, type LoginResponse } from '@haoshi/contracts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, latestCode, login } from './helpers/identity.ts';
import { connectChat, type ChatClient } from './helpers/chat-client.ts';
import { AdminCommandError, createAdminService } from '../src/modules/admin/admin-service.ts';
import { openAdminSessions } from '../src/modules/admin/admin-sessions.ts';
import { adminAudit } from '../src/modules/admin/tables.ts';
import { SESSION_RECHECK_MS } from '../src/modules/chat/chat-socket.ts';
import { sessions, userRoles, users } from '../src/modules/identity/tables.ts';
import { demoStaff, seedDemoStaff } from '../src/db/seed.ts';

const redisUrl = process.env.REDIS_URL;
let t: TestApp;
let base = '';
const cleanups: Array<() => Promise<void>> = [];
beforeAll(async () => {
  // A running server as the admin command line finds it: on Redis when there is one.
  const channel = `test-admin-${randomBytes(6).toString('hex')}`;
  t = await createTestApp(
    redisUrl
      ? {
          REDIS_URL: redisUrl,
          CHAT_BUS_CHANNEL: channel,
          CACHE_BUS_CHANNEL: `${channel}:cache`,
          RATE_LIMIT_NAMESPACE: `${channel}:rl:`,
        }
      : {},
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await t.close();
});

/** What the admin command line builds (admin.ts), with the server's configuration or `config`. */
function adminTool(actor: string, config = t.app.config) {
  const ending = openAdminSessions(t.database.db, config, t.app.log);
  cleanups.push(ending.close);
  return createAdminService(t.database.db, actor, { sessions: ending.sessions });
}

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

/** Another login attempt of the phone (the SMS cooldown waited out on the test clock). */
async function tryLogin(phone: string) {
  t.clock.advance(61);
  const sent = await call(t.app, 'POST', '/app/sms', { body: { phone, scene: 'login' } });
  expect(sent.body.err_code).toBe(0);
  const code = await latestCode(t.app, phone);
  return (await call<LoginResponse>(t.app, 'POST', '/app/login', { body: { phone, code } })).body;
}

const whoAmI = async (token: string) => (await call(t.app, 'GET', '/app/user/info', { token })).body.err_code;

const liveSessionsOf = (userId: number) =>
  t.database.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

/** A user with a chat socket open, and a peer in a private conversation with them. */
async function userOnChat(phone: string, peerPhone: string) {
  const user = await login(t.app, phone);
  const peer = await login(t.app, peerPhone);
  const opened = await call<{ conversation: Conversation }>(t.app, 'POST', '/app/chat/private', {
    token: peer.token,
    body: { user_id: user.user.id },
  });
  const conversationId = opened.body.data?.conversation.id ?? 0;
  expect(conversationId).toBeGreaterThan(0);
  const socket: ChatClient = await connectChat(base, user.token);
  cleanups.push(() => socket.close());
  const peerSays = async (clientMsgId: string) => {
    const sent = await call(t.app, 'POST', '/app/chat/send', {
      token: peer.token,
      body: {
        conversation_id: conversationId,
        client_msg_id: clientMsgId,
        content: { kind: 'text', text: clientMsgId },
      },
    });
    expect(sent.body.err_code).toBe(0);
  };
  return { user, socket, peerSays };
}

/** The socket was told its session ended (401) and closed. */
async function expectEnded(socket: ChatClient) {
  expect((await socket.closed).code).toBe(chatCloseCodes.unauthorized);
  expect(socket.frames.filter((frame) => frame.type === 'error').map((frame) => frame.err_code)).toEqual([
    ErrorCodes.SESSION_INVALID,
  ]);
}

describe(`disabling and enabling an account on ${databaseKind}`, () => {
  it('disables by phone or user id with a reason, ending every session; enabling needs a new login', async () => {
    const phone = '13922220001';
    const first = await login(t.app, phone);
    const second = await tryLogin(phone);
    const userId = first.user.id;
    const admin = adminTool('ops-carol');

    await expect(admin.run(['disable', phone])).rejects.toThrow('原因');
    await expect(admin.run(['disable', '13922229999', '违规'])).rejects.toThrow('用户不存在');
    await expect(admin.run(['disable', '987654', '违规'])).rejects.toThrow('用户不存在');
    await expect(admin.run(['disable', 'abc', '违规'])).rejects.toThrow('手机号或用户编号无效');
    expect(await whoAmI(first.token)).toBe(0);

    const disabled = await admin.run(['disable', phone, '发布违规商品', '多次']);
    expect(disabled).toContain('已停用');
    expect(disabled).toContain('2 个登录会话');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row?.status).toBe('disabled');
    expect(await liveSessionsOf(userId)).toEqual([]);
    expect(await whoAmI(first.token)).toBe(ErrorCodes.SESSION_INVALID);
    expect(await whoAmI(second.data?.token ?? '')).toBe(ErrorCodes.SESSION_INVALID);
    expect((await tryLogin(phone)).err_code).toBe(ErrorCodes.ACCOUNT_DISABLED);
    await expect(admin.run(['disable', String(userId), '再次'])).rejects.toThrow('已是停用状态');
    expect(await admin.run(['users'])).toMatch(new RegExp(`${userId} .*disabled`));

    expect(await admin.run(['enable', String(userId)])).toContain('已启用');
    await expect(admin.run(['enable', phone])).rejects.toThrow('未被停用');
    // The sessions ended with the disable stay ended: a new login is needed.
    expect(await whoAmI(first.token)).toBe(ErrorCodes.SESSION_INVALID);
    const again = await tryLogin(phone);
    expect(again.err_code).toBe(0);
    expect(await whoAmI(again.data?.token ?? '')).toBe(0);

    const audit = await t.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.actor, 'ops-carol'))
      .orderBy(asc(adminAudit.id));
    expect(audit.map((entry) => [entry.command, entry.outcome])).toEqual([
      ['disable', 'refused'],
      ['disable', 'refused'],
      ['disable', 'refused'],
      ['disable', 'refused'],
      ['disable', 'ok'],
      ['disable', 'refused'],
      ['users', 'ok'],
      ['enable', 'ok'],
      ['enable', 'refused'],
    ]);
    expect(audit[4]?.args).toEqual(['disable', phone, '发布违规商品', '多次']);
    expect(audit[4]?.detail).toContain('发布违规商品 多次');
  });

  it('refuses a cancelled account, either way', async () => {
    const { user } = await login(t.app, '13922220002');
    await t.database.db.update(users).set({ status: 'cancelled' }).where(eq(users.id, user.id));
    const admin = adminTool('ops-carol');
    await expect(admin.run(['disable', String(user.id), '违规'])).rejects.toThrow('已注销');
    await expect(admin.run(['enable', String(user.id)])).rejects.toThrow('已注销');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.status).toBe('cancelled');
  });

  it.runIf(redisUrl)('closes the account’s chat sockets at once: the word goes over Redis', async () => {
    const { socket } = await userOnChat('13922220003', '13922220004');
    const admin = adminTool('ops-dave');
    await admin.run(['disable', '13922220003', '盗号']);
    await expectEnded(socket);
  });

  it('without Redis closes them at the next delivery once the socket’s session check is due', async () => {
    const { socket, peerSays } = await userOnChat('13922220005', '13922220006');
    const admin = adminTool('ops-dave', { ...t.app.config, REDIS_URL: undefined });
    await admin.run(['disable', '13922220005', '盗号']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    t.clock.advance(SESSION_RECHECK_MS / 1000 + 1);
    await peerSays('to-a-disabled-account');
    await expectEnded(socket);
  });
});

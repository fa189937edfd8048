import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { apiPaths, type MsgHome, type ServiceSession } from '@haoshi/contracts';
import { postSystemNotice } from '../src/modules/chat/index.ts';
import { userRoles } from '../src/modules/identity/tables.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import { connectChat, type ChatClient } from './helpers/chat-client.ts';

let testApp: TestApp;
let base: string;
let token = '';
let userId = 0;
const open: ChatClient[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  const session = await login(testApp.app, '13700000041', '10.9.4.1');
  token = session.token;
  userId = session.user.id;
}, 120_000);

afterAll(async () => {
  await Promise.all(open.map((client) => client.close()));
  await testApp?.close();
});

/** Runs the periodic jobs of the next second (the notice push among them). */
async function nextSecond() {
  testApp.clock.advance(1);
  await testApp.app.jobs.runDue();
}

const noticeTitles = (client: ChatClient) =>
  client.frames.flatMap((frame) => (frame.type === 'notice' ? [frame.notice.title] : []));

describe('live system notices', () => {
  it('pushes a notice and the unread totals to open sockets once its transaction commits', async () => {
    const client = await connectChat(base, token);
    open.push(client);
    await testApp.app.db.transaction(async (tx) => {
      await postSystemNotice(tx, userId, {
        kind: 'order',
        title: '订单已付款',
        body: '买家已付款，请尽快发货',
        link: '/orderDetail?id=1',
        channel: 'seller_helper',
        at: testApp.clock.now(),
      });
    });
    await nextSecond();
    const notice = await client.next('notice', (frame) => frame.notice.title === '订单已付款');
    expect(notice.notice).toMatchObject({
      channel: 'seller_helper',
      kind: 'order',
      body: '买家已付款，请尽快发货',
      link: '/orderDetail?id=1',
      read: false,
    });
    const unread = await client.next('unread', (frame) => frame.totals.seller_helper === 1);
    expect(unread.totals).toMatchObject({ seller_helper: 1, total: 1 });
    // Pushed once: the next runs find nothing more.
    await nextSecond();
    await nextSecond();
    expect(noticeTitles(client).filter((title) => title === '订单已付款')).toHaveLength(1);
  });

  it('never pushes a notice whose transaction rolled back', async () => {
    const client = await connectChat(base, token);
    open.push(client);
    await expect(
      testApp.app.db.transaction(async (tx) => {
        await postSystemNotice(tx, userId, {
          kind: 'order',
          title: '不会出现的通知',
          body: '事务回滚',
          at: testApp.clock.now(),
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await postSystemNotice(testApp.app.db, userId, {
      kind: 'withdrawal',
      title: '提现到账',
      body: '你的提现已到账',
      at: testApp.clock.now(),
    });
    await nextSecond();
    // The committed notice of the same run arrives; the rolled-back one never does.
    await client.next('notice', (frame) => frame.notice.title === '提现到账');
    await nextSecond();
    expect(noticeTitles(client)).not.toContain('不会出现的通知');
    const unread = await client.next('unread', (frame) => frame.totals.system === 1);
    expect(unread.totals.system).toBe(1);
  });

  it('gives each user of one run their own unread totals (read for all of them at once)', async () => {
    const other = await login(testApp.app, '13700000043', '10.9.4.3');
    const mine = await connectChat(base, token);
    const theirs = await connectChat(base, other.token);
    open.push(mine, theirs);
    const before = await call<MsgHome>(testApp.app, 'GET', apiPaths.userMsgHome, { token });
    const notice = (to: number, title: string) =>
      postSystemNotice(testApp.app.db, to, { kind: 'order', title, body: title, at: testApp.clock.now() });
    await notice(other.user.id, '对方的第一条');
    await notice(other.user.id, '对方的第二条');
    await notice(userId, '我的一条');
    await nextSecond();
    const theirTotals = await theirs.next('unread', (frame) => frame.totals.system === 2);
    expect(theirTotals.totals).toMatchObject({ system: 2, seller_helper: 0, chat: 0, total: 2 });
    const mySystem = (before.body.data?.system ?? 0) + 1;
    const myTotals = await mine.next('unread', (frame) => frame.totals.system === mySystem);
    expect(myTotals.totals.seller_helper).toBe(before.body.data?.seller_helper);
    expect(theirs.frames.filter((frame) => frame.type === 'unread')).toHaveLength(1);
  });
});

describe('live customer-service queue', () => {
  it('tells staff sockets (only) when a user asks for a human and when staff take the session', async () => {
    const staff = await login(testApp.app, '13700000042', '10.9.4.2');
    await testApp.app.db.insert(userRoles).values({ userId: staff.user.id, role: 'customer_service' });
    const staffSocket = await connectChat(base, staff.token);
    const userSocket = await connectChat(base, token);
    open.push(staffSocket, userSocket);
    const queueFrames = () => staffSocket.frames.filter((frame) => frame.type === 'service_queue').length;

    const asked = await call<ServiceSession>(testApp.app, 'POST', '/app/customer_service/main', {
      token,
      body: { question: '提现没到账' },
    });
    expect(asked.body.err_code).toBe(0);
    await staffSocket.next('service_queue');
    const afterAsk = queueFrames();

    const taken = await call<ServiceSession>(testApp.app, 'POST', '/app/customer_service/take', {
      token: staff.token,
      body: { id: asked.body.data?.id },
    });
    expect(taken.body.data?.status).toBe('assigned');
    await expect.poll(queueFrames, { timeout: 5000 }).toBeGreaterThan(afterAsk);
    // The user hears of the staff joining through the conversation, never of the queue.
    await userSocket.next('message', (frame) => frame.message.content.kind === 'notice');
    expect(userSocket.frames.some((frame) => frame.type === 'service_queue')).toBe(false);
  });
});

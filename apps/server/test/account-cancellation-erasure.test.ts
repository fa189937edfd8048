import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import {
  ACCOUNT_CANCEL_COOLING_OFF_SECONDS,
  ERASED_REVIEW_TEXT,
  type AccountCancelResult,
  type AccountCancelStatus,
  type QrStatus,
  type QrTicketCreated,
  type UploadPurpose,
  type UploadTicket,
} from '@haoshi/contracts';
import { checkLedger } from '../src/modules/ledger/index.ts';
import { chatBlocks, chatConversations, chatMembers, chatMessages } from '../src/modules/chat/tables.ts';
import { feedback } from '../src/modules/feedback/tables.ts';
import {
  goodsComments,
  goodsFavourites,
  goodsFootprints,
  storeFollows,
  stores,
} from '../src/modules/goods/tables.ts';
import { users } from '../src/modules/identity/tables.ts';
import { notify } from '../src/modules/notifications/index.ts';
import { notifications } from '../src/modules/notifications/tables.ts';
import { party } from './helpers/aftersales.ts';
import { call, latestCode } from './helpers/identity.ts';
import { insertListing } from './helpers/orders.ts';
import { createListingsApp, pngBytes, put } from './helpers/listings.ts';
import { uploadTickets } from '../src/modules/storage/tables.ts';
import type { TestApp } from './helpers/test-app.ts';

const STATUS = '/app/user/destroy/status';
const DESTROY = '/app/user/destroy';

let t: TestApp;
let phoneSeq = 0;
const nextPhone = () => `1371000${String(++phoneSeq).padStart(4, '0')}`;

const dataDir = mkdtempSync(join(tmpdir(), 'haoshi-erasure-'));
beforeAll(async () => {
  t = await createListingsApp({ DATA_DIR: dataDir });
});
afterAll(async () => t.close());

const status = async (token: string) =>
  (await call<AccountCancelStatus>(t.app, 'GET', STATUS, { token })).body;
const destroy = async (token: string, body: Record<string, unknown>) =>
  (await call<AccountCancelResult>(t.app, 'POST', DESTROY, { token, body })).body;

async function cancel(token: string, phone: string) {
  t.clock.advance(61);
  expect((await destroy(token, { action: 'request' })).err_code).toBe(0);
  const confirmed = await destroy(token, { action: 'confirm', code: await latestCode(t.app, phone) });
  expect(confirmed.err_code, JSON.stringify(confirmed)).toBe(0);
  expect(confirmed.data?.state).toBe('cooling_off');
}

/** A private conversation of the two with a message each, written as the chat stores them. */
async function privateChat(a: number, b: number) {
  const at = t.clock.now();
  const [conversation] = await t.app.db
    .insert(chatConversations)
    .values({
      type: 'private',
      pairKey: `${Math.min(a, b)}:${Math.max(a, b)}`,
      lastSeq: 3,
      lastMessageAt: at,
      createdAt: at,
    })
    .returning();
  if (!conversation) throw new Error('no conversation');
  await t.app.db.insert(chatMembers).values([
    { conversationId: conversation.id, userId: a, role: 'member', joinedAt: at },
    { conversationId: conversation.id, userId: b, role: 'member', joinedAt: at },
  ]);
  await t.app.db.insert(chatMessages).values([
    {
      conversationId: conversation.id,
      seq: 1,
      senderId: a,
      clientMsgId: `c-${a}-1`,
      kind: 'text',
      content: { kind: 'text', text: '我的微信是 wx123' },
      createdAt: at,
    },
    {
      conversationId: conversation.id,
      seq: 2,
      senderId: b,
      clientMsgId: `c-${b}-1`,
      kind: 'text',
      content: { kind: 'text', text: '好的，收到' },
      createdAt: at,
    },
    {
      conversationId: conversation.id,
      seq: 3,
      senderId: a,
      clientMsgId: `c-${a}-2`,
      kind: 'image',
      content: { kind: 'image', url: '/uploads/chat/a.png', width: 10, height: 10 },
      createdAt: at,
    },
  ]);
  return conversation.id;
}

describe('the erasure at the end of the cooling-off', () => {
  it('removes favourites, footprints, feedback, the inbox and chat content; keeps the other party history and the ledger', async () => {
    const phone = nextPhone();
    const who = await party(t, phone);
    const other = await party(t, nextPhone());
    const goodsId = await insertListing(t.app.db, other.id);
    await t.app.db.insert(stores).values({ userId: other.id, name: '对方的店' }).onConflictDoNothing();
    await t.app.db.insert(goodsFavourites).values({ userId: who.id, goodsId });
    await t.app.db.insert(goodsFootprints).values({ userId: who.id, goodsId, sellerId: other.id });
    await t.app.db.insert(storeFollows).values({ userId: who.id, sellerId: other.id });
    await t.app.db
      .insert(feedback)
      .values({ userId: who.id, category: 'bug', content: '闪退', contact: phone });
    await t.app.db
      .insert(chatBlocks)
      .values({ userId: who.id, blockedUserId: other.id, createdAt: t.clock.now() });
    // The other user's own records stay.
    await t.app.db.insert(goodsFavourites).values({ userId: other.id, goodsId });
    await t.app.db.insert(feedback).values({ userId: other.id, category: 'other', content: '建议' });
    for (const userId of [who.id, other.id])
      await notify(t.app.db, {
        userId,
        kind: 'order',
        title: '订单已发货',
        body: '请验号',
        link: '/orderList',
        at: t.clock.now(),
      });
    const conversationId = await privateChat(who.id, other.id);
    // A review the user wrote of the other's shop, and one written of it by the other.
    await t.app.db.insert(goodsComments).values([
      {
        sellerId: other.id,
        userId: who.id,
        goodsId,
        rating: 4,
        content: '卖家人很好，加我微信 wx123',
        tags: ['friendly'],
      },
      { sellerId: who.id, userId: other.id, rating: 5, content: '买家爽快', tags: ['smooth'] },
    ]);

    await cancel(who.token, phone);
    t.clock.advance(ACCOUNT_CANCEL_COOLING_OFF_SECONDS + 1);
    expect((await t.app.jobs.runDue()).failed).toBe(0);
    const [user] = await t.app.db.select().from(users).where(eq(users.id, who.id));
    expect(user?.status).toBe('cancelled');

    for (const table of [goodsFavourites, goodsFootprints, storeFollows, feedback, chatBlocks, notifications])
      expect(await t.app.db.select().from(table).where(eq(table.userId, who.id))).toEqual([]);
    expect(
      await t.app.db.select().from(goodsFavourites).where(eq(goodsFavourites.userId, other.id)),
    ).toHaveLength(1);
    expect(await t.app.db.select().from(feedback).where(eq(feedback.userId, other.id))).toHaveLength(1);
    expect(
      await t.app.db.select().from(notifications).where(eq(notifications.userId, other.id)),
    ).toHaveLength(1);

    // The conversation keeps every seq: the user's messages are recalled markers, the other's untouched.
    const messages = await t.app.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId))
      .orderBy(chatMessages.seq);
    expect(messages.map((message) => message.seq)).toEqual([1, 2, 3]);
    const [first, second, third] = messages;
    expect(first).toMatchObject({ kind: 'recalled', content: { kind: 'recalled' }, clientMsgId: null });
    expect(first?.recalledAt).not.toBeNull();
    expect(third).toMatchObject({ kind: 'recalled', content: { kind: 'recalled' } });
    expect(second).toMatchObject({ kind: 'text', content: { kind: 'text', text: '好的，收到' } });
    expect(JSON.stringify(messages)).not.toContain('wx123');
    const members = await t.app.db
      .select()
      .from(chatMembers)
      .where(eq(chatMembers.conversationId, conversationId));
    expect(members.find((member) => member.userId === who.id)?.leftAt).not.toBeNull();
    expect(members.find((member) => member.userId === other.id)?.leftAt).toBeNull();
    // The other party still reads the conversation, the gone user's lines shown as recalled.
    const history = await call<{ list: { seq: number; content: { kind: string } }[] }>(
      t.app,
      'GET',
      `/app/chat/messages?conversation_id=${conversationId}`,
      { token: other.token },
    );
    expect(history.body.err_code, JSON.stringify(history.body)).toBe(0);
    expect(history.body.data?.list.map((message) => message.content.kind).sort()).toEqual([
      'recalled',
      'recalled',
      'text',
    ]);

    // The review's words go, its stars and tags stay with the seller; the other's review is untouched.
    const [written] = await t.app.db.select().from(goodsComments).where(eq(goodsComments.userId, who.id));
    expect(written).toMatchObject({ content: ERASED_REVIEW_TEXT, rating: 4, tags: ['friendly'] });
    const [received] = await t.app.db.select().from(goodsComments).where(eq(goodsComments.userId, other.id));
    expect(received?.content).toBe('买家爽快');

    const report = await checkLedger(t.app.db);
    expect(report.ok, JSON.stringify(report)).toBe(true);
  });
});

describe('every login path withdraws a cancellation in its cooling-off', () => {
  it("deletes the user's personal pictures after the erasure commits, resized copies too, and keeps trade records", async () => {
    const phone = nextPhone();
    const who = await party(t, phone);
    const upload = async (purpose: UploadPurpose) => {
      const bytes = await pngBytes(64, 48);
      const issued = await call<{ tickets: UploadTicket[] }>(t.app, 'POST', '/app/upload/ticket', {
        token: who.token,
        body: { purpose, files: [{ content_type: 'image/png', size: bytes.length }] },
      });
      const ticket = issued.body.data?.tickets[0];
      if (!ticket) throw new Error(`no ticket: ${JSON.stringify(issued.body)}`);
      expect((await put(t, ticket, bytes)).body.err_code).toBe(0);
      return ticket.key;
    };
    const avatar = await upload('avatar');
    const chatPicture = await upload('chat');
    const screenshot = await upload('goods_screenshot');
    // A resized copy in the image cache, as a phone's list would have asked for.
    const resized = await t.app.inject({
      method: 'GET',
      url: `/uploads/${avatar}?x-oss-process=image/resize,w_100`,
    });
    expect(resized.statusCode).toBe(200);
    const stored = (key: string) => existsSync(join(dataDir, 'uploads', key));
    const cachedCopies = (key: string) =>
      readdirSync(join(dataDir, 'uploads-cache')).filter((folder) =>
        existsSync(join(dataDir, 'uploads-cache', folder, key)),
      );
    expect([stored(avatar), stored(chatPicture), cachedCopies(avatar).length]).toEqual([true, true, 1]);

    await cancel(who.token, phone);
    t.clock.advance(ACCOUNT_CANCEL_COOLING_OFF_SECONDS + 1);
    expect((await t.app.jobs.runDue()).failed).toBe(0);
    // The deletion is its own job, queued by the erasure's transaction.
    expect((await t.app.jobs.runDue()).failed).toBe(0);

    expect([stored(avatar), stored(chatPicture), cachedCopies(avatar).length]).toEqual([false, false, 0]);
    expect(stored(screenshot)).toBe(true);
    const tickets = await t.app.db.select().from(uploadTickets).where(eq(uploadTickets.userId, who.id));
    expect(tickets.map((ticket) => ticket.purpose)).toEqual(['goods_screenshot']);
  });

  it('a QR-code login approved from the phone withdraws it and says so', async () => {
    const phone = nextPhone();
    const who = await party(t, phone);
    await cancel(who.token, phone);
    const desktop = { ip: '10.6.0.1', headers: { 'user-agent': 'DesktopBrowser/1.0' } };
    const created = await call<QrTicketCreated>(t.app, 'POST', '/app/login/qrcode', desktop);
    const ticket = created.body.data?.ticket ?? '';
    const confirmed = await call(t.app, 'POST', '/app/login/qrcode/auth', {
      token: who.token,
      body: { ticket, action: 'confirm' },
    });
    expect(confirmed.body.err_code, JSON.stringify(confirmed.body)).toBe(0);
    // Until the waiting device collects its session, nothing is withdrawn.
    expect((await status(who.token)).data?.state).toBe('cooling_off');
    const polled = await call<QrStatus>(
      t.app,
      'GET',
      `/app/login/qrcode/status?ticket=${encodeURIComponent(ticket)}`,
      desktop,
    );
    const data = polled.body.data;
    expect(data?.state).toBe('confirmed');
    const login = data && 'login' in data ? data.login : undefined;
    expect(login?.user.id).toBe(who.id);
    expect(login?.notice).toContain('注销申请已自动撤销');
    const shown = await status(login?.token ?? '');
    expect(shown.data?.state).toBe('withdrawn');
    expect(shown.data?.timeline.at(-1)?.reason).toContain('冷静期内登录');
    // The end of the cooling-off finds nothing to do.
    t.clock.advance(ACCOUNT_CANCEL_COOLING_OFF_SECONDS + 1);
    await t.app.jobs.runDue();
    const [user] = await t.app.db
      .select()
      .from(users)
      .where(and(eq(users.id, who.id)));
    expect(user).toMatchObject({ status: 'active', phone });
  });
});

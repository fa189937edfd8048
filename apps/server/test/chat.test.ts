import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import {
  ErrorCodes,
  type ChatMessage,
  type ChatNoticeList,
  type ConversationList,
  type ConversationResult,
  type History,
  type ImConnect,
  type MsgHome,
  type SendMessageResult,
  type UploadTicket,
} from '@haoshi/contracts';
import { postSystemNotice } from '../src/modules/chat/index.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { pngBytes, put } from './helpers/listings.ts';
import { call, login } from './helpers/identity.ts';
import { connectChat, openChat, untilSeq, type ChatClient } from './helpers/chat-client.ts';

let testApp: TestApp;
let base: string;
const tokens = { a: '', b: '', c: '' };
const ids = { a: 0, b: 0, c: 0 };
let conversationId = 0;
const open: ChatClient[] = [];
let counter = 0;
const msgId = () => `test-${Date.now()}-${(counter += 1)}`;

async function track(client: Promise<ChatClient>): Promise<ChatClient> {
  const value = await client;
  open.push(value);
  return value;
}

const text = (body: string) => ({ kind: 'text' as const, text: body });

async function sendHttp(token: string, body: string, clientMsgId = msgId(), conversation = conversationId) {
  return call<SendMessageResult>(testApp.app, 'POST', '/app/chat/send', {
    token,
    body: { conversation_id: conversation, client_msg_id: clientMsgId, content: text(body) },
  });
}

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  for (const [key, phone, ip] of [
    ['a', '13700000001', '10.9.0.1'],
    ['b', '13700000002', '10.9.0.2'],
    ['c', '13700000003', '10.9.0.3'],
  ] as const) {
    const session = await login(testApp.app, phone, ip);
    tokens[key] = session.token;
    ids[key] = session.user.id;
  }
  const opened = await call<ConversationResult>(testApp.app, 'POST', '/app/chat/private', {
    token: tokens.a,
    body: { user_id: ids.b },
  });
  conversationId = opened.body.data?.conversation.id ?? 0;
}, 120_000);

afterAll(async () => {
  await Promise.all(open.map((client) => client.close()));
  await testApp?.close();
});

describe('chat over the socket and HTTP', () => {
  it('opens one private conversation per pair, seen by both', async () => {
    expect(conversationId).toBeGreaterThan(0);
    const again = await call<ConversationResult>(testApp.app, 'POST', '/app/chat/private', {
      token: tokens.b,
      body: { user_id: ids.a },
    });
    expect(again.body.data?.conversation.id).toBe(conversationId);
    expect(again.body.data?.conversation.peer?.user_id).toBe(ids.a);
    const self = await call(testApp.app, 'POST', '/app/chat/private', {
      token: tokens.a,
      body: { user_id: ids.a },
    });
    expect(self.body.err_code).toBe(ErrorCodes.CHAT_SELF);
    const im = await call<ImConnect>(testApp.app, 'GET', '/app/user/im', { token: tokens.a });
    expect(im.body.data).toMatchObject({ user_id: ids.a, ws_path: '/app/chat/ws', token: tokens.a });
  });

  it('delivers in seq order, acks each send after storing it, and resumes after a reconnect', async () => {
    const a = await track(connectChat(base, tokens.a));
    let b = await track(connectChat(base, tokens.b));
    const sentIds = Array.from({ length: 6 }, () => msgId());
    for (const [index, id] of sentIds.entries()) {
      a.send({
        type: 'send',
        conversation_id: conversationId,
        client_msg_id: id,
        content: text(`第${index + 1}条`),
      });
    }
    const acks = await Promise.all(
      sentIds.map((id) => a.next('sent', (frame) => frame.client_msg_id === id)),
    );
    const seqs = acks.map((frame) => frame.message.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(new Set(seqs).size).toBe(6);
    // Stored before the ack: the history already holds every acknowledged message.
    const history = await call<History>(
      testApp.app,
      'GET',
      `/app/chat/messages?conversation_id=${conversationId}`,
      {
        token: tokens.b,
      },
    );
    expect(history.body.data?.list.map((message) => message.seq)).toEqual(seqs);
    const last = seqs.at(-1) ?? 0;
    await untilSeq(b, conversationId, last);
    expect(b.messages(conversationId).map((message) => message.seq)).toEqual(seqs);

    // B saw up to the third, drops; A writes three more; B comes back from the third.
    const seen = seqs[2] ?? 0;
    await b.close();
    const more = [msgId(), msgId(), msgId()];
    for (const [index, id] of more.entries()) {
      a.send({
        type: 'send',
        conversation_id: conversationId,
        client_msg_id: id,
        content: text(`补发${index}`),
      });
    }
    const moreAcks = await Promise.all(
      more.map((id) => a.next('sent', (frame) => frame.client_msg_id === id)),
    );
    b = await track(connectChat(base, tokens.b, [{ conversation_id: conversationId, seq: seen }]));
    const ready = await b.next('ready');
    const head = moreAcks.at(-1)?.message.seq ?? 0;
    expect(ready.heads).toContainEqual({ conversation_id: conversationId, last_seq: head });
    await untilSeq(b, conversationId, head);
    const resumed = b.messages(conversationId).map((message) => message.seq);
    expect(resumed).toEqual(Array.from({ length: head - seen }, (_, index) => seen + 1 + index));
    await a.close();
    await b.close();
  }, 60_000);

  it('stores a retried send once and shows it once', async () => {
    const b = await track(connectChat(base, tokens.b));
    const a = await track(connectChat(base, tokens.a));
    const id = msgId();
    const frame = {
      type: 'send' as const,
      conversation_id: conversationId,
      client_msg_id: id,
      content: text('重试'),
    };
    a.send(frame);
    a.send(frame);
    const first = await a.next('sent', (sent) => sent.client_msg_id === id && !sent.duplicate);
    const second = await a.next('sent', (sent) => sent.client_msg_id === id && sent.duplicate);
    expect(second.message.seq).toBe(first.message.seq);
    const overHttp = await sendHttp(tokens.a, '重试', id);
    expect(overHttp.body.data).toMatchObject({ duplicate: true, message: { seq: first.message.seq } });
    // A later message proves B's socket has caught up; the retried one came once.
    const marker = await sendHttp(tokens.a, '之后');
    await untilSeq(b, conversationId, marker.body.data?.message.seq ?? 0);
    expect(b.messages(conversationId).filter((message) => message.client_msg_id === id)).toHaveLength(1);
    await a.close();
    await b.close();
  }, 60_000);

  it('stores one message when the same send races itself, and answers every copy with it', async () => {
    const id = msgId();
    const answers = await Promise.all(Array.from({ length: 6 }, () => sendHttp(tokens.a, '同时重试', id)));
    expect(answers.map((answer) => answer.body.err_code)).toEqual(Array(6).fill(0));
    const seqs = new Set(answers.map((answer) => answer.body.data?.message.seq));
    expect(seqs.size).toBe(1);
    expect(answers.filter((answer) => answer.body.data?.duplicate === false)).toHaveLength(1);
    const history = await call<History>(
      testApp.app,
      'GET',
      `/app/chat/messages?conversation_id=${conversationId}`,
      { token: tokens.b },
    );
    expect(history.body.data?.list.filter((message) => message.client_msg_id === id)).toHaveLength(1);
    // No seq was taken by the copies that lost: the next send follows directly.
    const next = await sendHttp(tokens.a, '下一条');
    expect(next.body.data?.message.seq).toBe((answers[0]?.body.data?.message.seq ?? 0) + 1);
  });

  it('stores a picture with the size measured at upload, so its box is drawn before it loads', async () => {
    const bytes = await pngBytes(40, 30);
    const issued = await call<{ tickets: UploadTicket[] }>(testApp.app, 'POST', '/app/upload/ticket', {
      token: tokens.a,
      body: { purpose: 'chat', files: [{ content_type: 'image/png', size: bytes.length }] },
    });
    const ticket = issued.body.data?.tickets[0];
    if (!ticket) throw new Error(`no ticket: ${JSON.stringify(issued.body)}`);
    expect((await put(testApp, ticket, bytes)).body.err_code).toBe(0);
    const sent = await call<SendMessageResult>(testApp.app, 'POST', '/app/chat/send', {
      token: tokens.a,
      body: {
        conversation_id: conversationId,
        client_msg_id: msgId(),
        content: { kind: 'image', image: ticket.key },
      },
    });
    expect(sent.body.data?.message.content).toMatchObject({ kind: 'image', width: 40, height: 30 });
    const foreign = await call(testApp.app, 'POST', '/app/chat/send', {
      token: tokens.b,
      body: {
        conversation_id: conversationId,
        client_msg_id: msgId(),
        content: { kind: 'image', image: ticket.key },
      },
    });
    expect(foreign.body.err_code).toBe(ErrorCodes.CHAT_IMAGE_INVALID);
  });

  it('gives an offline receiver what was sent while away, on connect', async () => {
    const before = await call<History>(
      testApp.app,
      'GET',
      `/app/chat/messages?conversation_id=${conversationId}`,
      {
        token: tokens.b,
      },
    );
    const mark = before.body.data?.last_seq ?? 0;
    const one = await sendHttp(tokens.a, '你在吗');
    const two = await sendHttp(tokens.a, '看到回复我');
    expect(one.body.err_code).toBe(0);
    const b = await track(connectChat(base, tokens.b, [{ conversation_id: conversationId, seq: mark }]));
    await untilSeq(b, conversationId, two.body.data?.message.seq ?? 0);
    expect(b.messages(conversationId).map((message) => message.content)).toEqual([
      text('你在吗'),
      text('看到回复我'),
    ]);
    const home = await call<MsgHome>(testApp.app, 'GET', '/app/user/msg_home', { token: tokens.b });
    expect(home.body.data?.chat).toBeGreaterThan(0);
    const read = await call<MsgHome>(testApp.app, 'POST', '/app/chat/read', {
      token: tokens.b,
      body: { conversation_id: conversationId, seq: two.body.data?.message.seq ?? 0 },
    });
    expect(read.body.data?.chat).toBe(0);
    await b.close();
  }, 60_000);

  it('recalls within two minutes, only the sender, and tells the others', async () => {
    const b = await track(connectChat(base, tokens.b));
    const sent = await sendHttp(tokens.a, '发错了');
    const seq = sent.body.data?.message.seq ?? 0;
    const notOwn = await call(testApp.app, 'POST', '/app/chat/recall', {
      token: tokens.b,
      body: { conversation_id: conversationId, seq },
    });
    expect(notOwn.body.err_code).toBe(ErrorCodes.CHAT_RECALL_NOT_OWN);
    const recalled = await call<SendMessageResult>(testApp.app, 'POST', '/app/chat/recall', {
      token: tokens.a,
      body: { conversation_id: conversationId, seq },
    });
    expect(recalled.body.data?.message.content).toEqual({ kind: 'recalled' });
    const frame = await b.next('recall', (recall) => recall.message.seq === seq);
    expect(frame.message.recalled_at).not.toBeNull();
    const late = await sendHttp(tokens.a, '太晚了');
    testApp.clock.advance(121);
    const expired = await call(testApp.app, 'POST', '/app/chat/recall', {
      token: tokens.a,
      body: { conversation_id: conversationId, seq: late.body.data?.message.seq ?? 0 },
    });
    expect(expired.body.err_code).toBe(ErrorCodes.CHAT_RECALL_EXPIRED);
    await b.close();
  }, 60_000);

  it("refuses another user's conversation on every call (IDOR)", async () => {
    const refused = ErrorCodes.CHAT_CONVERSATION_NOT_FOUND;
    const asC = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      call(testApp.app, method, url, { token: tokens.c, ...(body === undefined ? {} : { body }) });
    const answers = await Promise.all([
      asC('GET', `/app/chat/messages?conversation_id=${conversationId}`),
      asC('GET', `/app/chat/conversation?conversation_id=${conversationId}`),
      asC('POST', '/app/chat/send', {
        conversation_id: conversationId,
        client_msg_id: msgId(),
        content: text('x'),
      }),
      asC('POST', '/app/chat/read', { conversation_id: conversationId, seq: 1 }),
      asC('POST', '/app/chat/recall', { conversation_id: conversationId, seq: 1 }),
      asC('POST', '/app/chat/mute', { conversation_id: conversationId, muted: true }),
      asC('POST', '/app/chat/report', { conversation_id: conversationId, reason: 'spam' }),
    ]);
    expect(answers.map((answer) => answer.body.err_code)).toEqual(answers.map(() => refused));
    const list = await call<ConversationList>(testApp.app, 'GET', '/app/chat/conversations', {
      token: tokens.c,
    });
    expect(list.body.data?.list).toEqual([]);
    const c = await track(connectChat(base, tokens.c));
    const id = msgId();
    c.send({ type: 'send', conversation_id: conversationId, client_msg_id: id, content: text('偷看') });
    expect((await c.next('error', (frame) => frame.client_msg_id === id)).err_code).toBe(refused);
    c.send({ type: 'typing', conversation_id: conversationId });
    c.send({ type: 'read', conversation_id: conversationId, seq: 1 });
    await c.next('error', () => c.frames.filter((frame) => frame.type === 'error').length >= 3);
    expect(c.frames.filter((frame) => frame.type === 'message')).toEqual([]);
    const noSession = await call(testApp.app, 'GET', `/app/chat/messages?conversation_id=${conversationId}`);
    expect(noSession.body.err_code).toBe(ErrorCodes.LOGIN_REQUIRED);
    await c.close();
  }, 60_000);

  it('answers malformed frames with an error frame and keeps serving', async () => {
    const anonymous = await track(openChat(base));
    anonymous.send({
      type: 'send',
      conversation_id: conversationId,
      client_msg_id: msgId(),
      content: text('x'),
    });
    expect((await anonymous.next('error')).err_code).toBe(ErrorCodes.CHAT_NOT_HELLO);
    anonymous.send({ type: 'hello' });
    expect((await anonymous.closed).code).toBe(4401);

    const a = await track(connectChat(base, tokens.a));
    const bad: (string | Buffer)[] = [
      'not json',
      '{"type":"nope"}',
      '[]',
      'null',
      '{"type":"send","conversation_id":"1"}',
      `{"type":"send","conversation_id":${conversationId},"client_msg_id":"short","content":{"kind":"text","text":"x"}}`,
      Buffer.from([0xff, 0x00, 0x01]),
      JSON.stringify({ type: 'ping', pad: 'x'.repeat(20_000) }),
      '{"type":"ack","conversation_id":-1,"seq":1}',
    ];
    for (const frame of bad) a.send(frame);
    await a.next('error', () => a.frames.filter((frame) => frame.type === 'error').length >= bad.length);
    const errors = a.frames.filter((frame) => frame.type === 'error');
    expect(errors).toHaveLength(bad.length);
    expect(errors.at(-2)?.err_code).toBe(ErrorCodes.CHAT_FRAME_TOO_LARGE);
    a.send({ type: 'ping', t: 7 });
    expect((await a.next('pong')).t).toBe(7);
    const badToken = await track(openChat(base));
    badToken.send({ type: 'hello', token: 'forged-token' });
    expect((await badToken.next('error')).err_code).toBe(ErrorCodes.SESSION_INVALID);
    expect((await badToken.closed).code).toBe(4401);
    await a.close();
  }, 60_000);

  it('flags contact details and off-platform talk, and warns in the conversation', async () => {
    const sent = await sendHttp(tokens.a, '加我薇信 一三八 〇〇一三 八〇〇〇 私下转账更便宜');
    expect(sent.body.data?.message.flagged).toBe(true);
    const history = await call<History>(
      testApp.app,
      'GET',
      `/app/chat/messages?conversation_id=${conversationId}`,
      {
        token: tokens.b,
      },
    );
    const warning = history.body.data?.list.at(-1);
    expect(warning).toMatchObject({ sender_id: null, content: { kind: 'notice', level: 'warning' } });
    const plain = await sendHttp(tokens.a, '这个号有多少皮肤，V10吗');
    expect(plain.body.data?.message.flagged).toBe(false);
  });

  it('blocks, reports and limits the send rate', async () => {
    const blocked = await call(testApp.app, 'POST', '/app/chat/block', {
      token: tokens.b,
      body: { user_id: ids.a },
    });
    expect(blocked.body.err_code).toBe(0);
    expect((await sendHttp(tokens.a, '在吗')).body.err_code).toBe(ErrorCodes.CHAT_BLOCKED_BY_PEER);
    expect((await sendHttp(tokens.b, '在吗')).body.err_code).toBe(ErrorCodes.CHAT_BLOCKED);
    const report = await call<{ report_id: number }>(testApp.app, 'POST', '/app/chat/report', {
      token: tokens.b,
      body: { conversation_id: conversationId, reason: 'off_platform', detail: '让我加微信' },
    });
    expect(report.body.data?.report_id).toBeGreaterThan(0);
    await call(testApp.app, 'POST', '/app/chat/unblock', { token: tokens.b, body: { user_id: ids.a } });
    testApp.clock.advance(60);
    const answers: number[] = [];
    for (let index = 0; index < 31; index += 1)
      answers.push((await sendHttp(tokens.a, `刷屏${index}`)).body.err_code);
    expect(answers.slice(0, 30).every((code) => code === 0)).toBe(true);
    expect(answers[30]).toBe(ErrorCodes.CHAT_SEND_RATE_LIMITED);
    testApp.clock.advance(60);
  }, 60_000);

  it('shows system notices as a pinned channel with unread totals', async () => {
    await postSystemNotice(testApp.app.db, ids.c, {
      kind: 'withdrawal',
      title: '提现到账',
      body: '你的提现已到账',
      link: '/wallet',
      at: testApp.clock.now(),
    });
    const home = await call<MsgHome>(testApp.app, 'GET', '/app/user/msg_home', { token: tokens.c });
    expect(home.body.data).toMatchObject({ system: 1, total: 1 });
    const list = await call<ConversationList>(testApp.app, 'GET', '/app/chat/conversations', {
      token: tokens.c,
    });
    expect(list.body.data?.pinned.find((channel) => channel.channel === 'system')).toMatchObject({
      unread: 1,
      last_notice: { title: '提现到账' },
    });
    const notices = await call<ChatNoticeList>(testApp.app, 'GET', '/app/chat/notices?channel=system', {
      token: tokens.c,
    });
    expect(notices.body.data?.list).toHaveLength(1);
    const read = await call<MsgHome>(testApp.app, 'POST', '/app/chat/notices/read', {
      token: tokens.c,
      body: { channel: 'system' },
    });
    expect(read.body.data?.total).toBe(0);
  });

  it('lists conversations with the last message and unread count', async () => {
    const list = await call<ConversationList>(testApp.app, 'GET', '/app/chat/conversations', {
      token: tokens.b,
    });
    const entry = list.body.data?.list.find((conversation) => conversation.id === conversationId);
    const last: ChatMessage | null | undefined = entry?.last_message;
    expect(last?.seq).toBe(entry?.last_seq);
    expect(entry?.unread).toBe((entry?.last_seq ?? 0) - (entry?.read_seq ?? 0));
    expect(entry?.peer?.user_id).toBe(ids.a);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import {
  ACCOUNT_CANCEL_COOLING_OFF_SECONDS,
  chatCloseCodes,
  ErrorCodes,
  type Conversation,
  type LoginResponse,
  type SessionItem,
} from '@haoshi/contracts';
import { SESSION_RECHECK_MS } from '../src/modules/chat/chat-socket.ts';
import { chatMessages } from '../src/modules/chat/tables.ts';
import { sessions, users } from '../src/modules/identity/tables.ts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, latestCode, login } from './helpers/identity.ts';
import { connectChat, type ChatClient } from './helpers/chat-client.ts';

/**
 * A chat socket lives no longer than the session that opened it: every way a session ends closes
 * its sockets (error frame 401/402, close 4401), and a socket that missed the word refuses its next
 * frame once SESSION_RECHECK_MS passed. The same across instances: chat-scale-out.test.ts.
 */
let t: TestApp;
let base = '';
const open: ChatClient[] = [];
let phoneSeq = 0;
const nextPhone = () => `1370001${String(++phoneSeq).padStart(4, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await Promise.all(open.map((client) => client.close()));
  await t.close();
});

const text = (body: string) => ({ kind: 'text' as const, text: body });

async function socketOf(token: string) {
  const client = await connectChat(base, token);
  open.push(client);
  return client;
}

/** Another login of the same phone (the SMS cooldown waited out on the test clock). */
async function loginAgain(phone: string, ip: string): Promise<LoginResponse> {
  t.clock.advance(61);
  return login(t.app, phone, ip);
}

/** A user and a peer with a private conversation between them. */
async function userWithPeer() {
  const phone = nextPhone();
  const user = await login(t.app, phone, '10.7.1.1');
  const peer = await login(t.app, nextPhone(), '10.7.1.2');
  const opened = await call<{ conversation: Conversation }>(t.app, 'POST', '/app/chat/private', {
    token: peer.token,
    body: { user_id: user.user.id },
  });
  const conversationId = opened.body.data?.conversation.id ?? 0;
  expect(conversationId).toBeGreaterThan(0);
  return { phone, user, peer, conversationId };
}

async function peerSays(token: string, conversationId: number, clientMsgId: string) {
  const sent = await call(t.app, 'POST', '/app/chat/send', {
    token,
    body: { conversation_id: conversationId, client_msg_id: clientMsgId, content: text(clientMsgId) },
  });
  expect(sent.body.err_code).toBe(0);
}

/** The socket was told its session ended (401, or 402 for an account no longer active) and closed. */
async function expectEnded(client: ChatClient, errCode: number = ErrorCodes.SESSION_INVALID) {
  expect((await client.closed).code).toBe(chatCloseCodes.unauthorized);
  expect(client.frames.filter((frame) => frame.type === 'error').map((frame) => frame.err_code)).toEqual([
    errCode,
  ]);
}

describe(`a chat socket after its session ends (${databaseKind})`, () => {
  it('closes on 其他设备下线 (revoke_others); the caller’s own socket stays and receives', async () => {
    const { phone, user, peer, conversationId } = await userWithPeer();
    const stolen = await socketOf(user.token);
    const current = await loginAgain(phone, '10.7.1.3');
    const kept = await socketOf(current.token);

    const revoked = await call(t.app, 'POST', '/app/user/sessions/revoke_others', { token: current.token });
    expect(revoked.body).toMatchObject({ err_code: 0, data: { revoked: 1 } });
    await expectEnded(stolen);

    await peerSays(peer.token, conversationId, 'after-revoke-others');
    await kept.next('message', (frame) => frame.message.client_msg_id === 'after-revoke-others');
  });

  it('closes the socket of the one device signed out, not the others', async () => {
    const { phone, user } = await userWithPeer();
    const signedOut = await socketOf(user.token);
    const current = await loginAgain(phone, '10.7.1.4');
    const kept = await socketOf(current.token);
    const listed = await call<{ list: SessionItem[] }>(t.app, 'GET', '/app/user/sessions', {
      token: current.token,
    });
    const other = listed.body.data?.list.find((item) => !item.current);
    expect(other).toBeDefined();

    const revoked = await call(t.app, 'POST', '/app/user/sessions/revoke', {
      token: current.token,
      body: { session_id: other?.id },
    });
    expect(revoked.body.err_code).toBe(0);
    await expectEnded(signedOut);
    kept.send({ type: 'ping', t: 1 });
    await kept.next('pong', (frame) => frame.t === 1);
    expect(kept.socket.readyState).toBe(kept.socket.OPEN);
  });

  it('closes the logged-out session’s socket on /app/logout, and only that one', async () => {
    const { phone, user, peer, conversationId } = await userWithPeer();
    const loggedOut = await socketOf(user.token);
    const otherDevice = await loginAgain(phone, '10.7.1.5');
    const kept = await socketOf(otherDevice.token);

    expect((await call(t.app, 'POST', '/app/logout', { token: user.token })).body.err_code).toBe(0);
    await expectEnded(loggedOut);

    await peerSays(peer.token, conversationId, 'after-logout');
    await kept.next('message', (frame) => frame.message.client_msg_id === 'after-logout');
  });

  it('closes the other sessions’ sockets when the phone is rebound', async () => {
    const { phone, user } = await userWithPeer();
    const oldPhone = await socketOf(user.token);
    const rebinding = await loginAgain(phone, '10.7.1.6');
    const kept = await socketOf(rebinding.token);
    const newPhone = nextPhone();
    t.clock.advance(61);
    const sent = await call(t.app, 'POST', '/app/user/bind/phone/sms', {
      token: rebinding.token,
      body: { phone: newPhone },
    });
    expect(sent.body.err_code).toBe(0);
    const bound = await call(t.app, 'POST', '/app/user/bind/phone', {
      token: rebinding.token,
      body: { phone: newPhone, code: await latestCode(t.app, newPhone) },
    });
    expect(bound.body.err_code).toBe(0);

    await expectEnded(oldPhone);
    kept.send({ type: 'ping', t: 2 });
    await kept.next('pong', (frame) => frame.t === 2);
  });

  it('refuses a send once the session was revoked without a word on the bus, and stores nothing', async () => {
    const { user, conversationId } = await userWithPeer();
    const stolen = await socketOf(user.token);
    // Revoked behind the chat's back, as when the bus's word was lost (Redis cut off).
    await t.app.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.userId, user.user.id));
    t.clock.advance(SESSION_RECHECK_MS / 1000 + 1);

    stolen.send({
      type: 'send',
      conversation_id: conversationId,
      client_msg_id: 'sent-after-revoke',
      content: text('from a revoked session'),
    });
    const refused = await stolen.next('error', (frame) => frame.client_msg_id === 'sent-after-revoke');
    expect(refused.err_code).toBe(ErrorCodes.SESSION_INVALID);
    await expectEnded(stolen);
    const stored = await t.app.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.senderId, user.user.id), eq(chatMessages.clientMsgId, 'sent-after-revoke')));
    expect(stored).toEqual([]);
  });

  it('refuses a read mark the same way', async () => {
    const { user, peer, conversationId } = await userWithPeer();
    await peerSays(peer.token, conversationId, 'to-be-read');
    const stolen = await socketOf(user.token);
    await t.app.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.userId, user.user.id));
    t.clock.advance(SESSION_RECHECK_MS / 1000 + 1);

    stolen.send({ type: 'read', conversation_id: conversationId, seq: 1 });
    await expectEnded(stolen);
    const marks = await call<{ list: Conversation[] }>(t.app, 'GET', '/app/chat/conversations', {
      token: peer.token,
    });
    expect(marks.body.data?.list.find((item) => item.id === conversationId)?.peer_read_seq).toBe(0);
  });

  it('closes the socket of a disabled account (402) at its next delivery past the re-check', async () => {
    const { user, peer, conversationId } = await userWithPeer();
    const disabled = await socketOf(user.token);
    // Disabled in the database behind the chat's back (`admin disable` ends the sessions too: admin.test.ts).
    await t.app.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.user.id));
    t.clock.advance(SESSION_RECHECK_MS / 1000 + 1);

    await peerSays(peer.token, conversationId, 'to-a-disabled-account');
    await expectEnded(disabled, ErrorCodes.ACCOUNT_DISABLED);
  });

  it('closes the other sockets at a cancellation’s confirmation and the last one at the erasure', async () => {
    const { phone, user } = await userWithPeer();
    const other = await socketOf(user.token);
    const cancelling = await loginAgain(phone, '10.7.1.7');
    const last = await socketOf(cancelling.token);
    t.clock.advance(61);
    const asked = await call(t.app, 'POST', '/app/user/destroy', {
      token: cancelling.token,
      body: { action: 'request' },
    });
    expect(asked.body.err_code).toBe(0);
    const confirmed = await call(t.app, 'POST', '/app/user/destroy', {
      token: cancelling.token,
      body: { action: 'confirm', code: await latestCode(t.app, phone) },
    });
    expect(confirmed.body.err_code).toBe(0);
    await expectEnded(other);
    last.send({ type: 'ping', t: 3 });
    await last.next('pong', (frame) => frame.t === 3);

    t.clock.advance(ACCOUNT_CANCEL_COOLING_OFF_SECONDS + 1);
    expect((await t.app.jobs.runDue()).failed).toBe(0);
    await expectEnded(last);
  });
});

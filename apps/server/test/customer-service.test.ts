import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCodes,
  SERVICE_QUEUE_EXPIRE_SECONDS,
  SERVICE_QUEUE_REMIND_SECONDS,
  type FaqMain,
  type History,
  type OrderDetail,
  type Page,
  type ServiceOrder,
  type ServiceQueue,
  type ServiceRating,
  type ServiceRatingPage,
  type ServiceSession,
  type SendMessageResult,
} from '@haoshi/contracts';
import { userRoles } from '../src/modules/identity/tables.ts';
import { call, login } from './helpers/identity.ts';
import { createListingsApp } from './helpers/listings.ts';
import { insertListing, placeOrder } from './helpers/orders.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';

interface Party {
  token: string;
  id: number;
}

let t: TestApp;
let user: Party;
let other: Party;
let seller: Party;
let staffA: Party;
let staffB: Party;

beforeAll(async () => {
  t = await createListingsApp({ SESSION_ROTATE_AFTER_SECONDS: String(60 * 86_400) });
  const logged = async (phone: string, staff = false): Promise<Party> => {
    const { token, user: row } = await login(t.app, phone);
    if (staff) await t.app.db.insert(userRoles).values({ userId: row.id, role: 'customer_service' });
    return { token, id: row.id };
  };
  user = await logged('13970000001');
  other = await logged('13970000002');
  seller = await logged('13970000003');
  staffA = await logged('13970000004', true);
  staffB = await logged('13970000005', true);
});
afterAll(() => t.close());

const get = <T>(party: Party | null, url: string) =>
  call<T>(t.app, 'GET', url, party ? { token: party.token } : {}).then((r) => r.body);
const post = <T>(party: Party, url: string, body: unknown) =>
  call<T>(t.app, 'POST', url, { token: party.token, body }).then((r) => r.body);

const ask = (party: Party, body: Record<string, unknown> = {}) =>
  post<ServiceSession>(party, '/app/customer_service/main', body);
const step = (party: Party, action: 'take' | 'close' | 'leave', id: number) =>
  post<ServiceSession>(party, `/app/customer_service/${action}`, { id });
const messagesOf = async (party: Party, conversationId: number) =>
  (await get<History>(party, `/app/chat/messages?conversation_id=${conversationId}`)).data?.list ?? [];
const noticeTexts = async (party: Party, conversationId: number) =>
  (await messagesOf(party, conversationId)).flatMap((message) =>
    message.content.kind === 'notice' ? [message.content.text] : [],
  );

describe(`help centre on ${databaseKind}`, () => {
  it('answers categories and hot questions to guests, searches, and opens an article', async () => {
    const main = await get<FaqMain>(null, '/app/problem/main');
    expect(main.err_code).toBe(0);
    const names = main.data?.categories.map((category) => category.name);
    expect(names).toEqual(
      expect.arrayContaining(['担保交易', '找回包赔', '提现到账', '实名认证', '账号换绑']),
    );
    expect(main.data?.hot.length).toBeGreaterThanOrEqual(5);
    expect(main.data?.list).toEqual([]);

    const search = await get<FaqMain>(null, `/app/problem/main?keyword=${encodeURIComponent('提现')}`);
    expect(search.data?.list.map((item) => item.title)).toContain('提现多久到账？');

    const category = main.data?.categories.find((row) => row.name === '账号换绑');
    const list = await get<FaqMain>(null, `/app/problem/main?category_id=${category?.id}`);
    expect(list.data?.list).toHaveLength(category?.count ?? -1);

    const id = search.data?.list[0]?.id ?? 0;
    const first = await get<FaqMain>(null, `/app/problem/main?id=${id}`);
    const second = await get<FaqMain>(null, `/app/problem/main?id=${id}`);
    expect(first.data?.article?.content).toContain('到账');
    expect(second.data?.article?.views).toBe((first.data?.article?.views ?? 0) + 1);

    expect((await get(null, '/app/problem/main?id=999999')).err_code).toBe(ErrorCodes.SERVICE_FAQ_NOT_FOUND);
    expect((await get(null, '/app/problem/main?keyword=%25')).data).toMatchObject({ list: [] });
  });
});

describe(`the service queue on ${databaseKind}`, () => {
  it('needs a session; refuses an order that is not the user’s', async () => {
    expect((await call(t.app, 'POST', '/app/customer_service/main', { body: {} })).body.err_code).toBe(400);
    const goodsId = await insertListing(t.app.db, seller.id);
    const placed = await placeOrder(t, other.token, { goods_id: goodsId });
    const orderNo = (placed.body.data as OrderDetail).order_no;
    // The buyer and the seller both see the order among those to ask about.
    const forBuyer = await get<Page<ServiceOrder>>(other, '/app/customer_service/order/list');
    const forSeller = await get<Page<ServiceOrder>>(seller, '/app/customer_service/order/list');
    expect(forBuyer.data?.list.map((row) => [row.order_no, row.role])).toEqual([[orderNo, 'buyer']]);
    expect(forSeller.data?.list.map((row) => [row.order_no, row.role])).toEqual([[orderNo, 'seller']]);
    const orderId = forBuyer.data?.list[0]?.id ?? 0;
    expect((await ask(user, { order_id: orderId })).err_code).toBe(ErrorCodes.SERVICE_ORDER_NOT_FOUND);
    expect((await get<Page<ServiceOrder>>(user, '/app/customer_service/order/list')).data?.total).toBe(0);

    const about = await ask(other, { order_id: orderId, question: '卖家一直不发货' });
    expect(about.data).toMatchObject({ status: 'queued', order: { id: orderId, role: 'buyer' } });
    expect((await step(other, 'leave', about.data?.id ?? 0)).data?.status).toBe('closed');
  });

  it('queues, is taken, transferred and closed, each step by the roles allowed', async () => {
    const asked = await ask(user, { question: '提现一直没到账' });
    const session = asked.data as ServiceSession;
    expect(session).toMatchObject({ status: 'queued', viewer: 'user', actions: ['leave'], staff: null });
    expect(session.queue_position).toBe(1);
    expect(session.conversation_id).not.toBeNull();
    // Asking again answers the same open session.
    expect((await ask(user, { question: '再问一次' })).data?.id).toBe(session.id);

    const second = (await ask(other)).data as ServiceSession;
    expect(second.queue_position).toBe(2);
    const queue = await get<ServiceQueue>(staffA, '/app/customer_service/queue');
    expect(queue.data?.queued.map((item) => item.id)).toEqual([session.id, second.id]);
    expect(queue.data?.staff.map((person) => person.id)).toEqual([staffB.id]);

    // A user is no staff: no queue, no taking, not even their own session.
    expect((await get(user, '/app/customer_service/queue')).err_code).toBe(ErrorCodes.SERVICE_STAFF_ONLY);
    expect((await step(user, 'take', session.id)).err_code).toBe(ErrorCodes.SERVICE_STAFF_ONLY);
    // Staff cannot close or transfer a session nobody took.
    expect((await step(staffA, 'close', session.id)).err_code).toBe(ErrorCodes.SERVICE_SESSION_STATE_INVALID);

    const taken = await step(staffA, 'take', session.id);
    expect(taken.data).toMatchObject({ status: 'assigned', viewer: 'staff', staff: { id: staffA.id } });
    expect(taken.data?.actions).toEqual(['transfer', 'close']);
    expect((await step(staffB, 'take', session.id)).err_code).toBe(ErrorCodes.SERVICE_SESSION_STATE_INVALID);
    expect(
      (await get<ServiceSession>(user, `/app/customer_service/session?id=${session.id}`)).data,
    ).toMatchObject({ status: 'assigned', queue_position: null, actions: ['close'] });
    // The other queued user moved up.
    expect(
      (await get<ServiceSession>(other, `/app/customer_service/session?id=${second.id}`)).data
        ?.queue_position,
    ).toBe(1);

    // Only the staff serving it may transfer or close it; the target must be another staff member.
    expect((await step(staffB, 'close', session.id)).err_code).toBe(ErrorCodes.SERVICE_NOT_ASSIGNEE);
    const transfer = (by: Party, staffId: number) =>
      post<ServiceSession>(by, '/app/customer_service/transfer', { id: session.id, staff_id: staffId });
    expect((await transfer(staffB, staffA.id)).err_code).toBe(ErrorCodes.SERVICE_NOT_ASSIGNEE);
    expect((await transfer(staffA, other.id)).err_code).toBe(ErrorCodes.SERVICE_TRANSFER_TARGET_INVALID);
    expect((await transfer(staffA, staffA.id)).err_code).toBe(ErrorCodes.SERVICE_TRANSFER_TARGET_INVALID);
    expect((await transfer(staffA, user.id)).err_code).toBe(ErrorCodes.SERVICE_TRANSFER_TARGET_INVALID);
    const moved = await transfer(staffA, staffB.id);
    expect(moved.data).toMatchObject({ status: 'transferred', staff: { id: staffB.id }, actions: [] });
    expect((await step(staffA, 'close', session.id)).err_code).toBe(ErrorCodes.SERVICE_NOT_ASSIGNEE);

    // Chat: the staff now serving writes, the user reads it; the first staff left the conversation.
    const conversationId = session.conversation_id ?? 0;
    const sent = await post<SendMessageResult>(staffB, '/app/chat/send', {
      conversation_id: conversationId,
      client_msg_id: 'cs-test-0001',
      content: { kind: 'text', text: '您好，我来帮您查一下提现' },
    });
    expect(sent.err_code).toBe(0);
    const seen = await messagesOf(user, conversationId);
    expect(seen.map((message) => (message.content.kind === 'text' ? message.content.text : ''))).toContain(
      '您好，我来帮您查一下提现',
    );
    expect(await noticeTexts(user, conversationId)).toEqual(
      expect.arrayContaining([expect.stringContaining('已接入'), expect.stringContaining('已为您转接至')]),
    );

    // Rating needs a closed session.
    const rate = (by: Party, body: Record<string, unknown>) =>
      post<ServiceRating>(by, '/app/customer_service/comment', body);
    expect((await rate(user, { session_id: session.id, score: 5 })).err_code).toBe(
      ErrorCodes.SERVICE_RATING_NOT_ALLOWED,
    );

    const closed = await step(user, 'close', session.id);
    expect(closed.data).toMatchObject({ status: 'closed', can_rate: true, actions: [] });
    expect((await step(staffB, 'close', session.id)).err_code).toBe(ErrorCodes.SERVICE_SESSION_STATE_INVALID);
    // The conversation is closed: no more sends.
    const late = await post(user, '/app/chat/send', {
      conversation_id: conversationId,
      client_msg_id: 'cs-test-0002',
      content: { kind: 'text', text: '还在吗' },
    });
    expect(late.err_code).toBe(ErrorCodes.CHAT_CONVERSATION_CLOSED);

    // Rated once, by its user only; the staff who served it last is the one rated.
    expect((await rate(other, { session_id: session.id, score: 1 })).err_code).toBe(
      ErrorCodes.SERVICE_SESSION_NOT_FOUND,
    );
    expect((await rate(user, { session_id: session.id, score: 6 })).err_code).toBe(1000);
    const rated = await rate(user, {
      session_id: session.id,
      score: 4,
      tags: ['响应及时', '响应及时'],
      resolved: true,
    });
    expect(rated.data).toMatchObject({
      score: 4,
      tags: ['响应及时'],
      resolved: true,
      staff: { id: staffB.id },
    });
    expect((await rate(user, { session_id: session.id, score: 1 })).err_code).toBe(
      ErrorCodes.SERVICE_ALREADY_RATED,
    );
    expect(
      (await get<ServiceSession>(user, `/app/customer_service/session?id=${session.id}`)).data,
    ).toMatchObject({
      can_rate: false,
      rating: { score: 4 },
    });

    // The staff rated answers once; another staff cannot.
    const ratingId = rated.data?.id ?? 0;
    const reply = (by: Party) =>
      post<ServiceRating>(by, '/app/service/comment', { id: ratingId, reply: '感谢您的认可' });
    expect((await reply(staffA)).err_code).toBe(ErrorCodes.SERVICE_RATING_NOT_FOUND);
    expect((await reply(user)).err_code).toBe(ErrorCodes.SERVICE_STAFF_ONLY);
    expect((await reply(staffB)).data?.reply).toBe('感谢您的认可');
    expect((await reply(staffB)).err_code).toBe(ErrorCodes.SERVICE_ALREADY_REPLIED);

    const mine = await get<ServiceRatingPage>(user, '/app/customer_service/comment/page');
    expect(mine.data).toMatchObject({
      total: 1,
      average: '4.0',
      list: [{ id: ratingId, reply: '感谢您的认可' }],
    });
    expect((await get<ServiceRatingPage>(other, '/app/customer_service/comment/page')).data?.total).toBe(0);
    expect((await get<ServiceRatingPage>(staffB, '/app/service/comment/page')).data?.total).toBe(1);
    expect((await get<ServiceRatingPage>(staffA, '/app/service/comment/page')).data?.total).toBe(0);
    expect((await get(user, '/app/service/comment/page')).err_code).toBe(ErrorCodes.SERVICE_STAFF_ONLY);

    // A session nobody served cannot be rated.
    const left = await step(other, 'leave', second.id);
    expect(left.data).toMatchObject({ status: 'closed', can_rate: false });
    expect((await rate(other, { session_id: second.id, score: 5 })).err_code).toBe(
      ErrorCodes.SERVICE_RATING_NOT_ALLOWED,
    );
  });

  it('keeps another user’s session, chat and ratings out of reach', async () => {
    const mine = (await ask(user, { question: '我的私事' })).data as ServiceSession;
    expect((await get(other, `/app/customer_service/session?id=${mine.id}`)).err_code).toBe(
      ErrorCodes.SERVICE_SESSION_NOT_FOUND,
    );
    expect((await get(other, '/app/customer_service/session?id=999999')).err_code).toBe(
      ErrorCodes.SERVICE_SESSION_NOT_FOUND,
    );
    expect((await step(other, 'leave', mine.id)).err_code).toBe(ErrorCodes.SERVICE_SESSION_NOT_FOUND);
    expect((await step(other, 'close', mine.id)).err_code).toBe(ErrorCodes.SERVICE_SESSION_NOT_FOUND);
    expect((await get(other, `/app/chat/messages?conversation_id=${mine.conversation_id}`)).err_code).toBe(
      ErrorCodes.CHAT_CONVERSATION_NOT_FOUND,
    );
    expect((await step(user, 'leave', mine.id)).data?.status).toBe('closed');
  });

  it('refuses staff serving their own session', async () => {
    const own = (await ask(staffA, { question: '客服自己的问题' })).data as ServiceSession;
    expect((await step(staffA, 'take', own.id)).err_code).toBe(ErrorCodes.SERVICE_OWN_SESSION);
    expect((await step(staffB, 'take', own.id)).data?.status).toBe('assigned');
    expect((await step(staffA, 'close', own.id)).data?.status).toBe('closed');
  });

  it('reminds a waiting user, then closes a queue item nobody took', async () => {
    const waiting = (await ask(user, { question: '有人吗' })).data as ServiceSession;
    const conversationId = waiting.conversation_id ?? 0;
    t.clock.advance(SERVICE_QUEUE_REMIND_SECONDS - 1);
    await t.app.jobs.runDue();
    expect((await noticeTexts(user, conversationId)).some((text) => text.includes('人数较多'))).toBe(false);
    t.clock.advance(1);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect((await noticeTexts(user, conversationId)).some((text) => text.includes('人数较多'))).toBe(true);
    expect(
      (await get<ServiceSession>(user, `/app/customer_service/session?id=${waiting.id}`)).data?.status,
    ).toBe('queued');

    t.clock.advance(SERVICE_QUEUE_EXPIRE_SECONDS - SERVICE_QUEUE_REMIND_SECONDS);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const expired = (await get<ServiceSession>(user, `/app/customer_service/session?id=${waiting.id}`)).data;
    expect(expired).toMatchObject({ status: 'closed', can_rate: false });
    expect((await noticeTexts(user, conversationId)).some((text) => text.includes('自动结束'))).toBe(true);
    // Asking again opens a new session.
    const again = (await ask(user)).data as ServiceSession;
    expect(again.id).not.toBe(waiting.id);
    expect((await step(user, 'leave', again.id)).data?.status).toBe('closed');
  });

  it('names the field of a bad input', async () => {
    const long = await ask(user, { question: '问'.repeat(201) });
    expect(long).toMatchObject({ err_code: 1000, field: 'question' });
    const badTag = await post(user, '/app/customer_service/comment', {
      session_id: 1,
      score: 3,
      tags: ['很好'],
    });
    expect(badTag.err_code).toBe(1000);
  });
});

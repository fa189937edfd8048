import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCodes, type ChatMessage, type Conversation, type GoodsStatus } from '@haoshi/contracts';
import { goods } from '../src/modules/goods/tables.ts';
import type { TestApp } from './helpers/test-app.ts';
import { createListingsApp } from './helpers/listings.ts';
import { call, login } from './helpers/identity.ts';
import { insertListing } from './helpers/orders.ts';

/**
 * A goods card in chat, and a private chat opened about a listing, show only what the listing's
 * detail shows: drafts, listings in review and withdrawn ones do not exist for anyone but their seller.
 */
let t: TestApp;
let seller: { token: string; id: number };
let stranger: { token: string; id: number };
let conversationId = 0;
let sends = 0;

beforeAll(async () => {
  // The catalogue is cold here: the chat reads it before its transactions (on PGlite's one
  // connection a first read inside one would wait for that transaction for ever).
  t = await createListingsApp();
  const sellerLogin = await login(t.app, '13700007101', '10.6.1.1');
  const strangerLogin = await login(t.app, '13700007102', '10.6.1.2');
  seller = { token: sellerLogin.token, id: sellerLogin.user.id };
  stranger = { token: strangerLogin.token, id: strangerLogin.user.id };
  const opened = await call<{ conversation: Conversation }>(t.app, 'POST', '/app/chat/private', {
    token: stranger.token,
    body: { user_id: seller.id },
  });
  conversationId = opened.body.data?.conversation.id ?? 0;
}, 120_000);
afterAll(() => t.close());

async function listingIn(status: GoodsStatus) {
  const goodsId = await insertListing(t.app.db, seller.id);
  await t.app.db
    .update(goods)
    .set({ status, title: `${status}-秘密标题` })
    .where(eq(goods.id, goodsId));
  return goodsId;
}

const sendCard = (token: string, goodsId: number) =>
  call<{ message: ChatMessage }>(t.app, 'POST', '/app/chat/send', {
    token,
    body: {
      conversation_id: conversationId,
      client_msg_id: `goods-card-${++sends}`,
      content: { kind: 'goods', goods_id: goodsId },
    },
  });

const openAbout = (token: string, userId: number, goodsId: number) =>
  call<{ conversation: Conversation }>(t.app, 'POST', '/app/chat/private', {
    token,
    body: { user_id: userId, goods_id: goodsId },
  });

/** What a listing that does not exist answers (the refusal everybody else gets). */
async function missingAnswers() {
  const missing = 2_000_000_000;
  const card = (await sendCard(stranger.token, missing)).body;
  const opened = (await openAbout(stranger.token, seller.id, missing)).body;
  expect(card).toMatchObject({ err_code: ErrorCodes.CHAT_GOODS_NOT_FOUND });
  return { card, opened };
}

describe('the goods card in chat', () => {
  it.each(['draft', 'pending_review', 'off_shelf'] as const)(
    'answers another user about a listing %s exactly as about a missing one',
    async (status) => {
      const goodsId = await listingIn(status);
      const missing = await missingAnswers();
      const card = await sendCard(stranger.token, goodsId);
      expect(card.body).toEqual(missing.card);
      expect(JSON.stringify(card.body)).not.toContain('秘密标题');
      const opened = await openAbout(stranger.token, seller.id, goodsId);
      expect(opened.body).toEqual(missing.opened);
      const [row] = await t.app.db.select().from(goods).where(eq(goods.id, goodsId));
      expect(row?.status).toBe(status);
    },
  );

  it('lets the seller show their own listing whatever its status', async () => {
    const goodsId = await listingIn('draft');
    const card = await sendCard(seller.token, goodsId);
    expect(card.body.err_code).toBe(0);
    expect(card.body.data?.message.content).toMatchObject({
      kind: 'goods',
      card: { goods_id: goodsId, title: 'draft-秘密标题' },
    });
    const opened = await openAbout(seller.token, stranger.id, goodsId);
    expect(opened.body.data?.conversation.goods_id).toBe(goodsId);
  });

  it.each(['on_sale', 'locked', 'sold'] as const)('shows a listing %s to anyone', async (status) => {
    const goodsId = await listingIn(status);
    const card = await sendCard(stranger.token, goodsId);
    expect(card.body.data?.message.content).toMatchObject({
      kind: 'goods',
      card: { goods_id: goodsId, title: `${status}-秘密标题` },
    });
    const opened = await openAbout(stranger.token, seller.id, goodsId);
    expect(opened.body.data?.conversation.goods_id).toBe(goodsId);
  });
});

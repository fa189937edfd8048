import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  Binding,
  DataExport,
  EventDetail,
  FeedbackItem,
  Page,
  PrivacySettings,
  Profile,
  ProfileChange,
  SessionItem,
  UploadTicket,
  WxNotice,
} from '@haoshi/contracts';
import { gamePartitions, goods, goodsFootprints, notifications } from '../src/db/schema.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import { createListingsApp, pngBytes, put } from './helpers/listings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createListingsApp();
});
afterAll(() => t.close());

let phoneSeq = 0;
const nextPhone = () => `1375555${String(++phoneSeq).padStart(4, '0')}`;
let ipSeq = 0;
/** Each login from its own address (the per-address SMS cap) and past the phone's resend cooldown. */
const signIn = async (phone = nextPhone()) => {
  ipSeq += 1;
  t.clock.advance(61);
  return login(t.app, phone, `10.77.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`);
};

async function uploadAs(token: string, purpose: 'avatar' | 'feedback'): Promise<string> {
  const bytes = await pngBytes(64, 64);
  const { body } = await call<{ tickets: UploadTicket[] }>(t.app, 'POST', '/app/upload/ticket', {
    token,
    body: { purpose, files: [{ content_type: 'image/png', size: bytes.length }] },
  });
  const ticket = body.data?.tickets[0];
  if (!ticket) throw new Error(`no ticket: ${JSON.stringify(body)}`);
  const stored = await put(t, ticket, bytes);
  expect(stored.body.err_code).toBe(0);
  return ticket.key;
}

/** Runs the built-in provider's page as a browser would: approve `account`, follow back with the code. */
async function approveOnProvider(authorizeUrl: string, account: string) {
  const url = new URL(authorizeUrl, 'http://localhost');
  const page = await t.app.inject({ method: 'GET', url: authorizeUrl });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('同意授权');
  const form = new URLSearchParams({
    provider: url.searchParams.get('provider') ?? '',
    state: url.searchParams.get('state') ?? '',
    redirect_uri: url.searchParams.get('redirect_uri') ?? '',
    account,
    decision: 'approve',
  });
  const approved = await t.app.inject({
    method: 'POST',
    url: url.pathname,
    payload: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(approved.statusCode).toBe(303);
  const back = new URL(String(approved.headers.location), 'http://localhost');
  return {
    path: back.pathname,
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
  };
}

async function bind(token: string, provider: 'wechat' | 'qq' | 'douyin', account: string) {
  const started = await call<{ authorize_url: string }>(t.app, 'POST', '/app/user/bind/authorize', {
    token,
    body: { provider, return_to: '/thirdInfo' },
  });
  expect(started.body.err_code).toBe(0);
  const back = await approveOnProvider(started.body.data?.authorize_url ?? '', account);
  expect(back.path).toBe('/thirdInfo');
  return { ...back, provider };
}

/** Every personal call, with a harmless input: each must refuse a caller without a live session. */
const personalCalls: Array<['GET' | 'POST', string, unknown?]> = [
  ['GET', '/app/user/profile'],
  ['POST', '/app/user/profile', { nickname: '新的昵称' }],
  ['GET', '/app/user/profile/history'],
  ['POST', '/app/user/location', { province_code: '440000', city_code: '440300' }],
  ['GET', '/app/user/sessions'],
  ['POST', '/app/user/sessions/revoke', { session_id: 1 }],
  ['POST', '/app/user/sessions/revoke_others'],
  ['GET', '/app/user/bind/third'],
  ['POST', '/app/user/bind/authorize', { provider: 'qq' }],
  ['POST', '/app/user/bind/confirm', { provider: 'qq', code: 'x', state: 'y' }],
  ['POST', '/app/user/bind/unbind', { provider: 'qq' }],
  ['GET', '/app/user/bind/wx_notice'],
  ['POST', '/app/user/bind/wx_notice', { topic: 'order', enabled: false }],
  ['GET', '/app/user/privacy'],
  ['POST', '/app/user/privacy', { visitor_traces: false }],
  ['GET', '/app/user/event/detail?id=1'],
  ['GET', '/app/user/export'],
];

describe(`personal centre on ${databaseKind}`, () => {
  it.each(personalCalls)('%s %s refuses a guest and a signed-out session', async (method, url, body) => {
    const guest = await call(t.app, method, url, body === undefined ? {} : { body });
    expect(guest.body.err_code).toBe(400);
    const user = await signIn();
    await call(t.app, 'POST', '/app/logout', { token: user.token });
    const signedOut = await call(t.app, method, url, {
      token: user.token,
      ...(body === undefined ? {} : { body }),
    });
    expect(signedOut.body.err_code).toBe(401);
  });

  it('changes nickname, avatar, gender and birthday, each audited; a bad field writes nothing', async () => {
    const alice = await signIn();
    const avatarKey = await uploadAs(alice.token, 'avatar');
    const changed = await call<Profile>(t.app, 'POST', '/app/user/profile', {
      token: alice.token,
      body: { nickname: '爱丽丝', avatar_key: avatarKey, gender: 'female', birthday: '1995-06-01' },
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1' },
    });
    expect(changed.body.err_code).toBe(0);
    expect(changed.body.data).toMatchObject({ nickname: '爱丽丝', gender: 'female', birthday: '1995-06-01' });
    expect(changed.body.data?.avatar).toContain(avatarKey);

    const refused = await call(t.app, 'POST', '/app/user/profile', {
      token: alice.token,
      body: { nickname: '又一个名字', birthday: '1995-02-30' },
    });
    expect(refused.body).toMatchObject({ err_code: 1000, field: 'birthday' });
    const reserved = await call(t.app, 'POST', '/app/user/profile', {
      token: alice.token,
      body: { nickname: '官方客服小美' },
    });
    expect(reserved.body).toMatchObject({ err_code: 2601, field: 'nickname' });
    const tooYoung = await call(t.app, 'POST', '/app/user/profile', {
      token: alice.token,
      body: { nickname: '年轻人', birthday: new Date().toISOString().slice(0, 10) },
    });
    expect(tooYoung.body.err_code).toBe(2603);
    const empty = await call(t.app, 'POST', '/app/user/profile', { token: alice.token, body: {} });
    expect(empty.body.err_code).toBe(1000);

    const profile = await call<Profile>(t.app, 'GET', '/app/user/profile', { token: alice.token });
    expect(profile.body.data?.nickname).toBe('爱丽丝');
    const history = await call<Page<ProfileChange>>(t.app, 'GET', '/app/user/profile/history', {
      token: alice.token,
    });
    expect(history.body.data?.list.map((row) => row.field).sort()).toEqual([
      'avatar',
      'birthday',
      'gender',
      'nickname',
    ]);
    expect(history.body.data?.list.find((row) => row.field === 'nickname')).toMatchObject({
      new_value: '爱丽丝',
      ip: '127.0.0.1',
    });
  });

  it('refuses another user’s upload as an avatar and another user’s screenshots on feedback', async () => {
    const alice = await signIn();
    const bob = await signIn();
    const bobsAvatar = await uploadAs(bob.token, 'avatar');
    const stolen = await call(t.app, 'POST', '/app/user/profile', {
      token: alice.token,
      body: { avatar_key: bobsAvatar },
    });
    expect(stolen.body.err_code).toBe(3107);
    const bobsShot = await uploadAs(bob.token, 'feedback');
    const feedback = await call(t.app, 'POST', '/app/user/feedback', {
      token: alice.token,
      body: { content: '页面打不开', category: 'bug', images: [bobsShot] },
    });
    expect(feedback.body.err_code).toBe(3107);
    const mine = await uploadAs(alice.token, 'feedback');
    const accepted = await call<FeedbackItem>(t.app, 'POST', '/app/user/feedback', {
      token: alice.token,
      body: { content: '页面打不开', category: 'bug', images: [mine] },
    });
    expect(accepted.body.err_code).toBe(0);
    expect(accepted.body.data?.images[0]).toContain(mine);
  });

  it('sets the region from the area data and refuses a city of another province', async () => {
    const alice = await signIn();
    const set = await call<Profile>(t.app, 'POST', '/app/user/location', {
      token: alice.token,
      body: { province_code: '440000', city_code: '440300', source: 'native' },
    });
    expect(set.body.err_code).toBe(0);
    expect(set.body.data?.region).toBe('广东省 深圳市');
    const wrong = await call(t.app, 'POST', '/app/user/location', {
      token: alice.token,
      body: { province_code: '110000', city_code: '440300' },
    });
    expect(wrong.body.err_code).toBe(2602);
  });

  it('lists devices; signs out one (refused on its next call) but never another user’s', async () => {
    const phone = nextPhone();
    const phoneSession = await signIn(phone);
    const laptop = await signIn(phone);
    const other = await signIn(phone);
    const bob = await signIn();

    const listed = await call<{ list: SessionItem[] }>(t.app, 'GET', '/app/user/sessions', {
      token: phoneSession.token,
    });
    const sessions = listed.body.data?.list ?? [];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions[0]?.place).toBe('局域网');
    const current = sessions.find((session) => session.current);
    const laptopSession = sessions.find((session) => !session.current);
    if (!current || !laptopSession) throw new Error('sessions missing');

    const byBob = await call(t.app, 'POST', '/app/user/sessions/revoke', {
      token: bob.token,
      body: { session_id: laptopSession.id },
    });
    expect(byBob.body.err_code).toBe(2604);
    const own = await call(t.app, 'POST', '/app/user/sessions/revoke', {
      token: phoneSession.token,
      body: { session_id: current.id },
    });
    expect(own.body.err_code).toBe(2605);

    const revoked = await call(t.app, 'POST', '/app/user/sessions/revoke', {
      token: phoneSession.token,
      body: { session_id: laptopSession.id },
    });
    expect(revoked.body).toMatchObject({ err_code: 0, data: { revoked: 1 } });
    const tokens = [laptop.token, other.token];
    const outcomes = await Promise.all(
      tokens.map((token) => call(t.app, 'GET', '/app/user/profile', { token }).then((r) => r.body.err_code)),
    );
    expect(outcomes.sort()).toEqual([0, 401]);

    const rest = await call<{ revoked: number }>(t.app, 'POST', '/app/user/sessions/revoke_others', {
      token: phoneSession.token,
    });
    expect(rest.body.data?.revoked).toBe(1);
    for (const token of tokens) {
      expect((await call(t.app, 'GET', '/app/user/profile', { token })).body.err_code).toBe(401);
    }
    expect((await call(t.app, 'GET', '/app/user/profile', { token: phoneSession.token })).body.err_code).toBe(
      0,
    );
    expect((await call(t.app, 'GET', '/app/user/profile', { token: bob.token })).body.err_code).toBe(0);
  });

  it('binds a third-party account through the provider page; the state and code are single-use', async () => {
    const alice = await signIn();
    const bob = await signIn();
    const back = await bind(alice.token, 'douyin', '抖音小艾');

    const stolen = await call(t.app, 'POST', '/app/user/bind/confirm', { token: bob.token, body: back });
    expect(stolen.body.err_code).toBe(2606);
    const confirmed = await call<{ list: Binding[] }>(t.app, 'POST', '/app/user/bind/confirm', {
      token: alice.token,
      body: back,
    });
    expect(confirmed.body.err_code).toBe(0);
    expect(confirmed.body.data?.list.find((row) => row.provider === 'douyin')).toMatchObject({
      bound: true,
      nickname: '抖音小艾',
    });
    const replay = await call(t.app, 'POST', '/app/user/bind/confirm', { token: alice.token, body: back });
    expect(replay.body.err_code).toBe(2606);
    const again = await call(t.app, 'POST', '/app/user/bind/authorize', {
      token: alice.token,
      body: { provider: 'douyin' },
    });
    expect(again.body.err_code).toBe(2609);

    const bobsTry = await bind(bob.token, 'douyin', '抖音小艾');
    const taken = await call(t.app, 'POST', '/app/user/bind/confirm', { token: bob.token, body: bobsTry });
    expect(taken.body.err_code).toBe(2608);

    const forged = await bind(bob.token, 'qq', 'QQ小博');
    const badCode = await call(t.app, 'POST', '/app/user/bind/confirm', {
      token: bob.token,
      body: { ...forged, code: 'not-a-code' },
    });
    expect(badCode.body.err_code).toBe(2607);

    const unbound = await call<{ list: Binding[] }>(t.app, 'POST', '/app/user/bind/unbind', {
      token: alice.token,
      body: { provider: 'douyin' },
    });
    expect(unbound.body.data?.list.find((row) => row.provider === 'douyin')?.bound).toBe(false);
    const notBound = await call(t.app, 'POST', '/app/user/bind/unbind', {
      token: bob.token,
      body: { provider: 'douyin' },
    });
    expect(notBound.body.err_code).toBe(2610);

    const openRedirect = await t.app.inject({
      method: 'GET',
      url: '/oauth/authorize?provider=qq&state=abcdefghijklmnopqrst&redirect_uri=//evil.example/x',
    });
    expect(openRedirect.statusCode).toBe(400);
  });

  it('WeChat notices: turning a topic on needs a bound WeChat; each user sees their own switches', async () => {
    const alice = await signIn();
    const bob = await signIn();
    const off = await call<WxNotice>(t.app, 'POST', '/app/user/bind/wx_notice', {
      token: alice.token,
      body: { topic: 'promotion', enabled: false },
    });
    expect(off.body.data?.topics.find((row) => row.topic === 'promotion')?.enabled).toBe(false);
    const on = await call(t.app, 'POST', '/app/user/bind/wx_notice', {
      token: alice.token,
      body: { topic: 'promotion', enabled: true },
    });
    expect(on.body.err_code).toBe(2611);
    const back = await bind(alice.token, 'wechat', '微信爱丽丝');
    await call(t.app, 'POST', '/app/user/bind/confirm', { token: alice.token, body: back });
    const allowed = await call<WxNotice>(t.app, 'POST', '/app/user/bind/wx_notice', {
      token: alice.token,
      body: { topic: 'promotion', enabled: true },
    });
    expect(allowed.body.data).toMatchObject({ wechat_bound: true });
    const bobs = await call<WxNotice>(t.app, 'GET', '/app/user/bind/wx_notice', { token: bob.token });
    expect(bobs.body.data?.wechat_bound).toBe(false);
  });

  it('shows an event of the user’s own inbox, marked read, and not another user’s', async () => {
    const alice = await signIn();
    const bob = await signIn();
    const back = await bind(alice.token, 'qq', 'QQ艾');
    await call(t.app, 'POST', '/app/user/bind/confirm', { token: alice.token, body: back });
    const [event] = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, alice.user.id));
    if (!event) throw new Error('no event written');
    const seen = await call<EventDetail>(t.app, 'GET', `/app/user/event/detail?id=${event.id}`, {
      token: alice.token,
    });
    expect(seen.body.data).toMatchObject({ title: '已绑定QQ', read: true, link: '/thirdInfo' });
    const peek = await call(t.app, 'GET', `/app/user/event/detail?id=${event.id}`, { token: bob.token });
    expect(peek.body.err_code).toBe(2612);
  });

  it('honours the privacy switches: no footprint when traces are off, a plain feed when personalisation is off', async () => {
    const seller = await signIn();
    const viewer = await signIn();
    const partitions = await t.database.db.select().from(gamePartitions);
    const byGame = new Map(partitions.map((row) => [row.gameId, row]));
    const [first, second] = [...byGame.values()];
    if (!first || !second) throw new Error('catalogue needs two games');
    const listed = await t.database.db
      .insert(goods)
      .values(
        [first, second].map((partition, index) => ({
          sellerId: seller.user.id,
          gameId: partition.gameId,
          platform: partition.platform,
          partitionId: partition.id,
          title: `隐私测试账号${index}`,
          attrs: {},
          bindings: {},
          guarantees: [],
          screenshots: [],
          highlights: [],
          price: 10_000 + index,
          tags: [],
          status: 'on_sale' as const,
          listedAt: new Date(),
        })),
      )
      .returning({ id: goods.id, gameId: goods.gameId });
    const [goodsA] = listed;
    if (!goodsA) throw new Error('no listing');
    const footprintsOf = async () =>
      t.database.db.select().from(goodsFootprints).where(eq(goodsFootprints.userId, viewer.user.id));

    const defaults = await call<PrivacySettings>(t.app, 'GET', '/app/user/privacy', { token: viewer.token });
    expect(defaults.body.data).toEqual({ visitor_traces: true, personalised_recommendations: true });
    const off = await call<PrivacySettings>(t.app, 'POST', '/app/user/privacy', {
      token: viewer.token,
      body: { visitor_traces: false },
    });
    expect(off.body.data).toEqual({ visitor_traces: false, personalised_recommendations: true });
    await call(t.app, 'GET', `/app/goods/detail?goods_id=${goodsA.id}`, { token: viewer.token });
    expect(await footprintsOf()).toHaveLength(0);
    await call(t.app, 'POST', '/app/user/privacy', { token: viewer.token, body: { visitor_traces: true } });
    await call(t.app, 'GET', `/app/goods/detail?goods_id=${goodsA.id}`, { token: viewer.token });
    expect(await footprintsOf()).toHaveLength(1);

    const feedGames = async () => {
      const feed = await call<{ list: Array<{ game_id: number }> }>(
        t.app,
        'GET',
        '/app/goods/recommend?page=1&page_size=50',
        { token: viewer.token },
      );
      return new Set(feed.body.data?.list.map((card) => card.game_id));
    };
    expect([...(await feedGames())]).toEqual([goodsA.gameId]);
    await call(t.app, 'POST', '/app/user/privacy', {
      token: viewer.token,
      body: { personalised_recommendations: false },
    });
    expect((await feedGames()).size).toBeGreaterThan(1);
  });

  it('exports the user’s own records across modules and nobody else’s', async () => {
    const alice = await signIn();
    const bob = await signIn();
    await call(t.app, 'POST', '/app/user/profile', { token: alice.token, body: { nickname: '导出的我' } });
    await call(t.app, 'POST', '/app/user/feedback', {
      token: alice.token,
      body: { content: '爱丽丝的反馈', category: 'other' },
    });
    await call(t.app, 'POST', '/app/user/feedback', {
      token: bob.token,
      body: { content: '鲍勃的反馈', category: 'other' },
    });
    const exported = await call<DataExport>(t.app, 'GET', '/app/user/export', { token: alice.token });
    expect(exported.body.err_code).toBe(0);
    const data = exported.body.data;
    expect(data?.user_id).toBe(alice.user.id);
    const modules = new Set(data?.sections.map((section) => section.module));
    for (const name of [
      'identity',
      'personal',
      'privacy',
      'goods',
      'orders',
      'ledger',
      'feedback',
      'notifications',
    ])
      expect(modules.has(name), name).toBe(true);
    const text = JSON.stringify(data);
    expect(text).toContain('爱丽丝的反馈');
    expect(text).toContain('导出的我');
    expect(text).not.toContain('鲍勃的反馈');
  });
});

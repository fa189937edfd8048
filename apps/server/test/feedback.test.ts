import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedbackItem, Page } from '@haoshi/contracts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`feedback on ${databaseKind}`, () => {
  it('needs a session', async () => {
    const { body } = await call(t.app, 'POST', '/app/user/feedback', {
      body: { content: '希望早点上线', category: 'feature_request' },
    });
    expect(body.err_code).toBe(400);
  });

  it('stores a user’s feedback and lists only their own, newest first', async () => {
    const alice = await login(t.app, '13955550001');
    const bob = await login(t.app, '13955550002');
    const first = await call<FeedbackItem>(t.app, 'POST', '/app/user/feedback', {
      token: alice.token,
      body: { content: '  钱包页面什么时候上线？  ', category: 'feature_request', page: '/wallet' },
    });
    expect(first.body.err_code).toBe(0);
    expect(first.body.data).toMatchObject({
      content: '钱包页面什么时候上线？',
      page: '/wallet',
      status: 'open',
    });
    t.clock.advance(5);
    await call(t.app, 'POST', '/app/user/feedback', {
      token: alice.token,
      body: { content: '登录很顺畅', category: 'other' },
    });
    await call(t.app, 'POST', '/app/user/feedback', {
      token: bob.token,
      body: { content: 'Bob 的反馈', category: 'bug' },
    });

    const list = await call<Page<FeedbackItem>>(t.app, 'GET', '/app/user/feedback/list?page=1&page_size=10', {
      token: alice.token,
    });
    expect(list.body.data?.total).toBe(2);
    expect(list.body.data?.list.map((item) => item.content)).toEqual([
      '登录很顺畅',
      '钱包页面什么时候上线？',
    ]);
  });

  it('names the field of a bad input and writes nothing', async () => {
    const carol = await login(t.app, '13955550003');
    const tooShort = await call(t.app, 'POST', '/app/user/feedback', {
      token: carol.token,
      body: { content: '嗯', category: 'bug' },
    });
    expect(tooShort.body).toMatchObject({ err_code: 1000, field: 'content' });
    expect(tooShort.body.message).toContain('至少2个字');
    const badCategory = await call(t.app, 'POST', '/app/user/feedback', {
      token: carol.token,
      body: { content: '分类不对', category: 'praise' },
    });
    expect(badCategory.body).toMatchObject({ err_code: 1000, field: 'category' });
    const list = await call<Page<FeedbackItem>>(t.app, 'GET', '/app/user/feedback/list', {
      token: carol.token,
    });
    expect(list.body.data?.total).toBe(0);
  });

  it('caps feedback at 20 a China-time day', async () => {
    const dave = await login(t.app, '13955550004');
    for (let index = 0; index < 20; index += 1) {
      const { body } = await call(t.app, 'POST', '/app/user/feedback', {
        token: dave.token,
        body: { content: `第${index + 1}条反馈`, category: 'other' },
      });
      expect(body.err_code).toBe(0);
    }
    const refused = await call(t.app, 'POST', '/app/user/feedback', {
      token: dave.token,
      body: { content: '第21条反馈', category: 'other' },
    });
    expect(refused.body).toMatchObject({ err_code: 1005, message: '今日反馈次数已达上限，请明天再试' });
    t.clock.advance(24 * 3600);
    const nextDay = await call(t.app, 'POST', '/app/user/feedback', {
      token: dave.token,
      body: { content: '第二天的反馈', category: 'other' },
    });
    expect(nextDay.body.err_code).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { WxNotice } from '@haoshi/contracts';
import { notifications } from '../src/modules/notifications/tables.ts';
import { noticeSubscriptions, thirdPartyBindings, wxPushOutbox } from '../src/modules/personal/tables.ts';
import { paidOrder, party, type Party } from './helpers/aftersales.ts';
import { call } from './helpers/identity.ts';
import { createListingsApp } from './helpers/listings.ts';
import type { TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createListingsApp();
});
afterAll(async () => t.close());

const bindWechat = (who: Party, openid: string) =>
  t.app.db
    .insert(thirdPartyBindings)
    .values({ userId: who.id, provider: 'wechat', openid, nickname: '微信用户', boundAt: t.clock.now() });
const pushesOf = (who: Party) => t.app.db.select().from(wxPushOutbox).where(eq(wxPushOutbox.userId, who.id));

describe('WeChat pushes of subscribed notices', () => {
  it('an order notice reaches a subscribed user through the outbox, and not an unsubscribed one', async () => {
    const buyer = await party(t, '13810000001');
    const seller = await party(t, '13810000002');
    const staff = await party(t, '13810000003', true);
    const stranger = await party(t, '13810000004');
    // The buyer has a bound WeChat (order progress is on until switched off); the seller switched
    // order progress off; the stranger has no WeChat at all.
    await bindWechat(buyer, 'wx-open-buyer');
    await bindWechat(seller, 'wx-open-seller');
    await t.app.db
      .insert(noticeSubscriptions)
      .values({ userId: seller.id, topic: 'order', enabled: false, updatedAt: t.clock.now() });

    const order = await paidOrder(t, { buyer, seller, staff });
    // Both were told in their inbox…
    const buyerNotices = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, buyer.id));
    const sellerNotices = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, seller.id));
    expect(buyerNotices.some((row) => row.kind === 'order')).toBe(true);
    expect(sellerNotices.some((row) => row.kind === 'order')).toBe(true);
    // …but only the subscribed buyer gets pushes, queued in the notice's transaction.
    const queued = await pushesOf(buyer);
    expect(queued.length).toBeGreaterThan(0);
    expect(queued.every((row) => row.topic === 'order' && row.openid === 'wx-open-buyer')).toBe(true);
    expect(queued.map((row) => row.status)).toContain('pending');
    expect(queued.some((row) => row.body.includes(order.order_no))).toBe(true);
    expect(await pushesOf(seller)).toEqual([]);
    expect(await pushesOf(stranger)).toEqual([]);

    // The delivery job hands them to the built-in provider.
    t.clock.advance(6);
    expect((await t.app.jobs.runDue()).failed).toBe(0);
    const delivered = await pushesOf(buyer);
    expect(delivered.every((row) => row.status === 'delivered' && row.deliveredAt !== null)).toBe(true);

    // The buyer sees them on /wxPushInform (最近推送); nobody sees another user's.
    const shown = await call<WxNotice>(t.app, 'GET', '/app/user/bind/wx_notice', { token: buyer.token });
    expect(shown.body.err_code).toBe(0);
    expect(shown.body.data?.recent_pushes.length).toBe(delivered.length);
    expect(shown.body.data?.recent_pushes[0]).toMatchObject({
      topic: 'order',
      topic_title: '订单进度',
      status: 'delivered',
      status_label: '已送达',
    });
    const sellers = await call<WxNotice>(t.app, 'GET', '/app/user/bind/wx_notice', { token: seller.token });
    expect(sellers.body.data?.recent_pushes).toEqual([]);
  });

  it('one run of the delivery job sends a backlog bigger than a batch', async () => {
    const fan = await party(t, '13810000005');
    await bindWechat(fan, 'wx-open-fan');
    const notices = await t.app.db
      .insert(notifications)
      .values(
        Array.from({ length: 120 }, (_, index) => ({
          userId: fan.id,
          kind: 'order',
          title: `订单进度 ${index}`,
          body: '卖家已开始交付',
          createdAt: t.clock.now(),
        })),
      )
      .returning({ id: notifications.id });
    await t.app.db.insert(wxPushOutbox).values(
      notices.map(({ id }, index) => ({
        userId: fan.id,
        notificationId: id,
        topic: 'order' as const,
        openid: 'wx-open-fan',
        title: `订单进度 ${index}`,
        body: '卖家已开始交付',
        link: '/orderDetail',
        createdAt: t.clock.now(),
      })),
    );
    t.clock.advance(6);
    expect((await t.app.jobs.runDue()).failed).toBe(0);
    const pushes = await pushesOf(fan);
    expect(pushes).toHaveLength(120);
    expect(pushes.every((row) => row.status === 'delivered')).toBe(true);
  });
});

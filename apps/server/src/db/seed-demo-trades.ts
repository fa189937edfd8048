import type { FastifyInstance } from 'fastify';
import type { CommentTag } from '@haoshi/contracts';
import { createEvaluationService } from '../modules/evaluations/index.ts';
import { demoTradeCandidates } from '../modules/goods/index.ts';
import { findUser } from '../modules/identity/index.ts';
import { ledger } from '../modules/ledger/index.ts';
import { keptPurchasesOf } from '../modules/orders/index.ts';
import { demoStaff } from './seed.ts';

/** Completed demo trades: one per demo seller among the first ones, so their listings show comments. */
export const DEMO_TRADES = 5;

const reviews: ReadonlyArray<{ stars: number; tags: CommentTag[]; content: string }> = [
  {
    stars: 5,
    tags: ['accurate', 'fast'],
    content: '账号和描述完全一致，客服验号很快，换绑一次就成功了，推荐！',
  },
  {
    stars: 5,
    tags: ['friendly', 'rebind_help'],
    content: '卖家很耐心，换绑手机时全程配合，协议签完当天就到手了。',
  },
  {
    stars: 4,
    tags: ['good_price', 'smooth'],
    content: '价格实惠，交易流程顺利，就是等卖家交付花了一点时间。',
  },
  { stars: 5, tags: ['accurate', 'smooth'], content: '皮肤和等级都和截图一样，平台担保很放心，下次还来。' },
  { stars: 5, tags: ['fast', 'friendly'], content: '下单后很快就交付了，沟通友好，账号安全换绑完成。' },
];

/**
 * Seeds a few completed trades into the demo marketplace, through the real order process (the
 * buyer's wallet is credited through the ledger from the platform's adjustments account, as an
 * admin credit is), and the buyers' evaluations through the evaluations service: the sellers'
 * listings then show comments from real completed orders. Idempotent: a demo buyer who already
 * kept a purchase is skipped.
 */
export async function seedDemoTrades(
  app: FastifyInstance,
  count = DEMO_TRADES,
): Promise<{ created: number }> {
  await app.ready();
  const { db } = app;
  const staffPhone = demoStaff.find((staff) => staff.roles.includes('customer_service'))?.phone ?? '';
  const staff = await findUser(db, { phone: staffPhone });
  if (!staff) throw new Error('demo trades: the demo customer service account is missing');
  const evaluations = createEvaluationService({ db, now: app.demoTrades.now, imageUrl: (key) => key });
  let created = 0;
  for (const [index, candidate] of (await demoTradeCandidates(db, count)).entries()) {
    const kept = await keptPurchasesOf(db, candidate.buyerId, { page: 1, pageSize: 1, excludeIds: [] });
    if (kept.total > 0) continue;
    const order = await app.demoTrades.complete({
      buyerId: candidate.buyerId,
      goodsId: candidate.goodsId,
      staffId: staff.id,
      guarantee: candidate.guarantees[0],
      // Exactly what the order costs, credited as an admin credit is (adjustments → wallet).
      fund: async (placed) => {
        await db.transaction((tx) =>
          ledger.post(tx, {
            debit: { kind: 'adjustments' },
            credit: { kind: 'user_available', userId: candidate.buyerId },
            amount: placed.payableFen,
            kind: 'manual.credit',
            reference: { type: 'demo_trade', id: placed.orderNo },
            idempotencyKey: `demo:trade:${placed.orderNo}:fund`,
            metadata: { remark: `演示数据：演示买家为订单 ${placed.orderNo} 充值`, actor: 'seed' },
          }),
        );
      },
    });
    const review = reviews[index % reviews.length] ?? reviews[0];
    if (review)
      await evaluations.submit(candidate.buyerId, {
        order_no: order.orderNo,
        stars: review.stars,
        service_stars: 5,
        tags: review.tags,
        content: review.content,
      });
    created += 1;
  }
  return { created };
}

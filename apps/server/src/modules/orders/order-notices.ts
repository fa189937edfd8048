import type { OrderState } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { postSystemNotices } from '../chat/index.ts';
import type { orders } from './tables.ts';

type OrderRow = typeof orders.$inferSelect;

interface NoticeLine {
  to: 'buyer' | 'seller';
  title: string;
  body: (orderNo: string) => string;
}

/**
 * What each party is told when an order enters a state: the buyer in system notices, the seller in
 * the seller helper (orders to deliver, money released). States not listed tell no one.
 */
const lines: Partial<Record<OrderState, NoticeLine[]>> = {
  paid: [
    {
      to: 'seller',
      title: '买家已付款，请尽快交付',
      body: (no) => `订单 ${no} 买家已付款，请在规定时间内开始交付。`,
    },
    { to: 'buyer', title: '付款成功', body: (no) => `订单 ${no} 已付款，等待卖家交付。` },
  ],
  delivering: [
    { to: 'buyer', title: '卖家已开始交付', body: (no) => `订单 ${no} 卖家已开始交付，请及时验号。` },
  ],
  completed: [
    {
      to: 'seller',
      title: '订单已完成，货款已到账',
      body: (no) => `订单 ${no} 已完成，货款已转入你的钱包。`,
    },
    { to: 'buyer', title: '订单已完成', body: (no) => `订单 ${no} 已完成，欢迎评价本次交易。` },
  ],
  expired: [{ to: 'buyer', title: '订单已超时关闭', body: (no) => `订单 ${no} 超时未付款，已关闭。` }],
  cancelled: [
    { to: 'seller', title: '订单已取消', body: (no) => `订单 ${no} 已被买家取消，商品已恢复在售。` },
  ],
  cancelled_refunded: [
    { to: 'buyer', title: '订单已退款', body: (no) => `订单 ${no} 已关闭，款项已原路退回。` },
    { to: 'seller', title: '订单已关闭', body: (no) => `订单 ${no} 已关闭并退款给买家。` },
  ],
  disputed: [
    { to: 'seller', title: '买家申请了售后', body: (no) => `订单 ${no} 买家申请了售后，请留意客服消息。` },
  ],
  refunded: [{ to: 'buyer', title: '售后已退款', body: (no) => `订单 ${no} 售后已退款到你的钱包。` }],
  released: [{ to: 'seller', title: '售后已放款', body: (no) => `订单 ${no} 售后处理完成，货款已放给你。` }],
};

/**
 * Posts the notices of orders that entered `to` (one order, or many entering it together), in the
 * transaction that entered it.
 */
export async function postOrderNotices(
  tx: Executor,
  entered: readonly OrderRow[],
  to: OrderState,
  at: Date,
): Promise<void> {
  await postSystemNotices(
    tx,
    entered.flatMap((order) =>
      (lines[to] ?? []).map((line) => ({
        userId: line.to === 'buyer' ? order.buyerId : order.sellerId,
        input: {
          kind: 'order',
          title: line.title,
          body: line.body(order.orderNo),
          link: `/order_detail?order_no=${order.orderNo}`,
          channel: line.to === 'seller' ? 'seller_helper' : 'system',
          at,
        },
      })),
    ),
  );
}

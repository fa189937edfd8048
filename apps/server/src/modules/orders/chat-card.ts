import { and, eq, or } from 'drizzle-orm';
import { fenToAmount, orderStateLabels, type ChatOrderCard } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import type { OrderListings } from '../goods/index.ts';
import { orders } from './tables.ts';

/** The chat card of an order, for its buyer or seller only (null for anyone else). */
export function createOrderChatCards(listings: OrderListings) {
  return async (executor: Executor, orderId: number, userId: number): Promise<ChatOrderCard | null> => {
    const [order] = await executor
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), or(eq(orders.buyerId, userId), eq(orders.sellerId, userId))));
    if (!order) return null;
    const card = (await listings.cards(executor, [order.goodsId])).get(order.goodsId);
    return {
      order_id: order.id,
      order_no: order.orderNo,
      title: card?.title ?? '',
      amount: fenToAmount(order.payableFen),
      status_label: orderStateLabels[order.state],
      image: card?.cover ?? '',
      link: `/order_detail?order_no=${order.orderNo}`,
    };
  };
}

import { desc, eq, or } from 'drizzle-orm';
import { fenToAmount } from '@haoshi/contracts';
import type { DataExportSource } from '../../lib/data-export.ts';
import { isoOrNull } from '../../lib/data-export.ts';
import { orders } from './tables.ts';

/** The orders module's share of "my data": every order the user bought or sold in. */
export const ordersExportSources: DataExportSource[] = [
  {
    module: 'orders',
    title: '我的订单',
    async records(executor, userId) {
      const rows = await executor
        .select()
        .from(orders)
        .where(or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)))
        .orderBy(desc(orders.id));
      return rows.map((row) => ({
        order_no: row.orderNo,
        role: row.buyerId === userId ? 'buyer' : 'seller',
        goods_id: row.goodsId,
        title: row.goodsCard.title,
        state: row.state,
        price: fenToAmount(row.priceFen),
        payable: fenToAmount(row.payableFen),
        created_at: row.createdAt.toISOString(),
        paid_at: isoOrNull(row.paidAt),
        completed_at: isoOrNull(row.completedAt),
      }));
    },
  },
];

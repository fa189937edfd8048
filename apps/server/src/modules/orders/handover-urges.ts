import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import {
  ErrorCodes,
  orderStateLabels,
  URGE_DAILY_LIMIT,
  urgeStates,
  type OrderRole,
  type OrderState,
  type Urge,
  type UrgeListFilter,
  type UrgePage,
  type UrgeRequest,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { fetchPage } from '../../lib/page.ts';
import { chinaDay } from '../../lib/time.ts';
import { rolesOf } from '../identity/index.ts';
import { orderUrges } from './handover-tables.ts';
import type { OrderRow } from './order-money.ts';
import { roleIn } from './order-service.ts';
import { orders } from './tables.ts';
import { lockOrderRow } from './handover-service.ts';

/**
 * Who a party's urge asks to act in a state: the seller hands over, the buyer verifies, either may
 * wait on the other while rebinding or signing, and staff resolve a dispute. `null`: the step waits
 * on the sender (nothing to urge).
 */
function urgedRole(state: OrderState, from: 'buyer' | 'seller'): OrderRole | null {
  const other = from === 'buyer' ? 'seller' : 'buyer';
  switch (state) {
    case 'paid':
    case 'delivering':
      return from === 'buyer' ? 'seller' : null;
    case 'verifying':
      return from === 'seller' ? 'buyer' : null;
    case 'rebinding':
    case 'signing':
      return other;
    case 'disputed':
      return 'customer_service';
    default:
      return null;
  }
}

type UrgeRow = typeof orderUrges.$inferSelect;

const toUrge = (
  row: UrgeRow,
  order: Pick<OrderRow, 'orderNo' | 'state' | 'goodsCard'>,
  viewerId: number,
): Urge => ({
  id: row.id,
  order_no: order.orderNo,
  goods_title: order.goodsCard.title,
  state: row.state,
  state_label: orderStateLabels[row.state],
  from_role: row.fromRole,
  to_role: row.toRole,
  mine: row.fromUserId === viewerId,
  note: row.note,
  at: row.createdAt.toISOString(),
});

export function createUrgeService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  const sentToday = async (executor: Executor, orderId: number, userId: number) => {
    const [row] = await executor
      .select({ value: count() })
      .from(orderUrges)
      .where(
        and(
          eq(orderUrges.orderId, orderId),
          eq(orderUrges.fromUserId, userId),
          eq(orderUrges.chinaDay, chinaDay(now())),
        ),
      );
    return row?.value ?? 0;
  };

  return {
    /** A party urges the other (or staff, in a dispute); at most URGE_DAILY_LIMIT per order per day. */
    async urge(userId: number, input: UrgeRequest): Promise<{ urge: Urge; left_today: number }> {
      return db.transaction(async (tx) => {
        // The order lock serialises two urges of one user, so the daily count cannot be overrun.
        const order = await lockOrderRow(tx, input.order_no);
        const role = await roleIn(tx, order, userId);
        if (role !== 'buyer' && role !== 'seller') throw new AppError(ErrorCodes.FORBIDDEN);
        const to = (urgeStates as readonly OrderState[]).includes(order.state)
          ? urgedRole(order.state, role)
          : null;
        if (to === null) throw new AppError(ErrorCodes.ORDER_URGE_NOT_NEEDED);
        const sent = await sentToday(tx, order.id, userId);
        if (sent >= URGE_DAILY_LIMIT) throw new AppError(ErrorCodes.ORDER_URGE_LIMIT);
        const at = now();
        const [row] = await tx
          .insert(orderUrges)
          .values({
            orderId: order.id,
            fromUserId: userId,
            fromRole: role,
            toRole: to,
            state: order.state,
            note: input.note ?? '',
            chinaDay: chinaDay(at),
            createdAt: at,
          })
          .returning();
        if (!row) throw new Error('orders: urge not written');
        return { urge: toUrge(row, order, userId), left_today: URGE_DAILY_LIMIT - sent - 1 };
      });
    },

    /** The urges of one order, newest first, and how many the viewer may still send today. */
    async ofOrder(order: OrderRow, viewerId: number, role: OrderRole) {
      const rows = await db
        .select()
        .from(orderUrges)
        .where(eq(orderUrges.orderId, order.id))
        .orderBy(desc(orderUrges.id));
      const party = role === 'buyer' || role === 'seller';
      return {
        list: rows.map((row) => toUrge(row, order, viewerId)),
        leftToday: party ? Math.max(0, URGE_DAILY_LIMIT - (await sentToday(db, order.id, viewerId))) : 0,
      };
    },

    /**
     * 催单记录: the urges of the viewer's orders (sent or received); with `order_no`, that order's.
     * Staff see every urge: each one also tells customer service that a step is stalled.
     */
    async list(userId: number, query: UrgeListFilter): Promise<UrgePage> {
      const { page, page_size: pageSize } = query;
      let where: SQL | undefined;
      if (query.order_no) {
        const [order] = await db.select().from(orders).where(eq(orders.orderNo, query.order_no));
        if (!order) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
        await roleIn(db, order, userId);
        where = eq(orderUrges.orderId, order.id);
      } else {
        where = (await rolesOf(db, userId)).includes('customer_service')
          ? undefined
          : or(eq(orders.buyerId, userId), eq(orders.sellerId, userId));
      }
      const joined = () =>
        db
          .select({
            urge: orderUrges,
            orderNo: orders.orderNo,
            state: orders.state,
            goodsCard: orders.goodsCard,
          })
          .from(orderUrges)
          .innerJoin(orders, eq(orders.id, orderUrges.orderId))
          .where(where);
      const { rows, total } = await fetchPage(
        page,
        pageSize,
        (limit, offset) => joined().orderBy(desc(orderUrges.id)).limit(limit).offset(offset),
        db
          .select({ value: count() })
          .from(orderUrges)
          .innerJoin(orders, eq(orders.id, orderUrges.orderId))
          .where(where),
      );
      return {
        list: rows.map((row) => toUrge(row.urge, row, userId)),
        total,
        page,
        page_size: pageSize,
      };
    },
  };
}

export type UrgeService = ReturnType<typeof createUrgeService>;

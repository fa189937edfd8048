import { and, asc, count, eq, inArray, lt, ne, or } from 'drizzle-orm';
import {
  allowedActions,
  ErrorCodes,
  fenToAmount,
  orderStateLabels,
  serviceSessionActions,
  serviceSessionProcess,
  type ProcessRole,
  type ServiceOrder,
  type ServiceQueue,
  type ServiceQueueItem,
  type ServiceRequest,
  type ServiceSession,
  type ServiceSessionAction,
  type ServiceSessionStatus,
  type ServiceTransferRequest,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { lockForTransaction } from '../../lib/locks.ts';
import { rolesOf, userIdsWithRole, usersByIds } from '../identity/index.ts';
import { orderOfUser, type OrderOfUser } from '../orders/index.ts';
import type { ProcessEngine } from '../process/index.ts';
import { ratingOfSession } from './rating-service.ts';
import type { ServiceChat } from './service-chat.ts';
import { serviceSessions } from './tables.ts';

type SessionRow = typeof serviceSessions.$inferSelect;

const staffName = (nickname: string) => `客服${nickname}`;

export const toServiceOrder = (order: OrderOfUser): ServiceOrder => ({
  id: order.id,
  order_no: order.orderNo,
  title: order.goods.title,
  cover: order.goods.cover,
  game_name: order.goods.game_name,
  price: fenToAmount(order.priceFen),
  state: order.state,
  state_label: orderStateLabels[order.state],
  role: order.role,
  created_at: order.createdAt.toISOString(),
});

async function lockSession(tx: Executor, id: number): Promise<SessionRow | undefined> {
  const [row] = await tx.select().from(serviceSessions).where(eq(serviceSessions.id, id)).for('update');
  return row;
}

async function queuePosition(executor: Executor, row: SessionRow): Promise<number | null> {
  if (row.status !== 'queued') return null;
  const [ahead] = await executor
    .select({ value: count() })
    .from(serviceSessions)
    .where(
      and(
        eq(serviceSessions.status, 'queued'),
        or(
          lt(serviceSessions.createdAt, row.createdAt),
          and(eq(serviceSessions.createdAt, row.createdAt), lt(serviceSessions.id, row.id)),
        ),
      ),
    );
  return (ahead?.value ?? 0) + 1;
}

const isServiceStaff = async (executor: Executor, userId: number) =>
  (await rolesOf(executor, userId)).includes('customer_service');

/**
 * The human customer-service queue (process `service_session`): users ask, staff take, transfer and
 * close; the system reminds and finally closes a queue item nobody took. Every step locks the
 * session, goes through the process engine and writes the status `where status = from`.
 */
export function createSessionService(deps: {
  db: Database;
  now: () => Date;
  processes: ProcessEngine;
  chat: ServiceChat;
}) {
  const { db, now, processes, chat } = deps;

  async function viewOf(executor: Executor, row: SessionRow, viewerId: number): Promise<ServiceSession> {
    const viewer = row.userId === viewerId ? 'user' : 'staff';
    const [names, order, position, rating] = await Promise.all([
      usersByIds(executor, row.staffId === null ? [row.userId] : [row.userId, row.staffId]),
      row.orderId === null ? undefined : orderOfUser(executor, row.userId, row.orderId),
      queuePosition(executor, row),
      ratingOfSession(executor, row.id),
    ]);
    const staff = row.staffId === null ? undefined : names.get(row.staffId);
    const roles: ProcessRole[] = viewer === 'user' ? ['owner'] : ['customer_service'];
    const guards: Record<'assignee' | 'party' | 'target', boolean> = {
      assignee: row.staffId === viewerId,
      party: viewer === 'user' || row.staffId === viewerId,
      target: true,
    };
    const actions = allowedActions(serviceSessionProcess, row.status, roles).filter(
      (action): action is (typeof serviceSessionActions)[number] =>
        (serviceSessionActions as readonly string[]).includes(action) &&
        (serviceSessionProcess.transitions[action].guards ?? []).every((guard) => guards[guard]),
    );
    return {
      id: row.id,
      status: row.status,
      status_label: serviceSessionProcess.stateLabels[row.status],
      viewer,
      question: row.question,
      order: order ? toServiceOrder(order) : null,
      queue_position: position,
      staff: staff ? { id: staff.id, nickname: staffName(staff.nickname) } : null,
      user_nickname: names.get(row.userId)?.nickname ?? '',
      conversation_id: row.conversationId,
      actions,
      can_rate: viewer === 'user' && row.status === 'closed' && row.served && rating === null,
      rating,
      created_at: row.createdAt.toISOString(),
      assigned_at: row.assignedAt?.toISOString() ?? null,
      closed_at: row.closedAt?.toISOString() ?? null,
    };
  }

  /** The session for its user or any customer-service staff; anyone else: not found (like a wrong id). */
  async function readable(executor: Executor, row: SessionRow | undefined, userId: number) {
    if (!row || (row.userId !== userId && !(await isServiceStaff(executor, userId))))
      throw new AppError(ErrorCodes.SERVICE_SESSION_NOT_FOUND);
    return row;
  }

  async function requireStaff(executor: Executor, userId: number) {
    if (!(await isServiceStaff(executor, userId))) throw new AppError(ErrorCodes.SERVICE_STAFF_ONLY);
  }

  async function writeStatus(
    tx: Executor,
    row: SessionRow,
    to: ServiceSessionStatus,
    change: Partial<typeof serviceSessions.$inferInsert>,
  ): Promise<SessionRow> {
    const [updated] = await tx
      .update(serviceSessions)
      .set({ status: to, ...change })
      .where(and(eq(serviceSessions.id, row.id), eq(serviceSessions.status, row.status)))
      .returning();
    if (!updated) throw new AppError(ErrorCodes.SERVICE_SESSION_STATE_INVALID);
    return updated;
  }

  /** Runs one step of `actorId` on session `id` and answers the session as the actor sees it. */
  async function step(
    actorId: number,
    id: number,
    act: (tx: Executor, row: SessionRow, role: ProcessRole) => Promise<SessionRow>,
  ): Promise<ServiceSession> {
    return db.transaction(async (tx) => {
      const row = await readable(tx, await lockSession(tx, id), actorId);
      const role: ProcessRole = row.userId === actorId ? 'owner' : 'customer_service';
      return viewOf(tx, await act(tx, row, role), actorId);
    });
  }

  const transition = (
    tx: Executor,
    row: SessionRow,
    action: ServiceSessionAction,
    actor: { role: ProcessRole; userId: number },
    guards: Partial<Record<'assignee' | 'party' | 'target', boolean>> = {},
    reason = '',
  ) =>
    processes.applyTransition(tx, {
      process: serviceSessionProcess,
      subjectId: row.id,
      ownerId: row.userId,
      from: row.status,
      action,
      actor,
      guards,
      ...(reason ? { reason } : {}),
    });

  const noticeIn = async (tx: Executor, row: SessionRow, text: string) => {
    if (row.conversationId !== null) await chat.notice(tx, row.conversationId, text);
  };

  return {
    /** POST /app/customer_service/main: asks for a human; an open session is answered as it is. */
    async request(userId: number, body: ServiceRequest): Promise<ServiceSession> {
      return db.transaction(async (tx) => {
        await lockForTransaction(tx, `service-session:${userId}`);
        const [open] = await tx
          .select()
          .from(serviceSessions)
          .where(and(eq(serviceSessions.userId, userId), ne(serviceSessions.status, 'closed')));
        if (open) return viewOf(tx, open, userId);
        const order = body.order_id === undefined ? undefined : await orderOfUser(tx, userId, body.order_id);
        if (body.order_id !== undefined && !order) throw new AppError(ErrorCodes.SERVICE_ORDER_NOT_FOUND);
        const [row] = await tx
          .insert(serviceSessions)
          .values({
            userId,
            status: serviceSessionProcess.initial,
            question: body.question ?? '',
            orderId: order?.id ?? null,
            createdAt: now(),
          })
          .returning();
        if (!row) throw new AppError(ErrorCodes.INTERNAL_ERROR);
        await processes.start(tx, {
          process: serviceSessionProcess,
          subjectId: row.id,
          actor: { role: 'owner', userId },
        });
        const conversationId = await chat.open(tx, {
          userId,
          sessionId: row.id,
          title: order ? `咨询订单 ${order.orderNo}` : '人工客服',
        });
        const [linked] = await tx
          .update(serviceSessions)
          .set({ conversationId })
          .where(eq(serviceSessions.id, row.id))
          .returning();
        if (!linked) throw new AppError(ErrorCodes.INTERNAL_ERROR);
        await noticeIn(tx, linked, '已为您转接人工客服，请稍候，客服接入后会第一时间回复您');
        return viewOf(tx, linked, userId);
      });
    },

    async view(userId: number, id: number): Promise<ServiceSession> {
      const [row] = await db.select().from(serviceSessions).where(eq(serviceSessions.id, id));
      return viewOf(db, await readable(db, row, userId), userId);
    },

    async queue(staffId: number): Promise<ServiceQueue> {
      await requireStaff(db, staffId);
      const [queued, mine, staffIds] = await Promise.all([
        db
          .select()
          .from(serviceSessions)
          .where(eq(serviceSessions.status, 'queued'))
          .orderBy(asc(serviceSessions.createdAt), asc(serviceSessions.id))
          .limit(100),
        db
          .select()
          .from(serviceSessions)
          .where(
            and(
              eq(serviceSessions.staffId, staffId),
              inArray(serviceSessions.status, ['assigned', 'transferred']),
            ),
          )
          .orderBy(asc(serviceSessions.assignedAt), asc(serviceSessions.id)),
        userIdsWithRole(db, 'customer_service'),
      ]);
      const others = staffIds.filter((id) => id !== staffId);
      const names = await usersByIds(db, [...queued, ...mine].map((row) => row.userId).concat(others));
      const orderTitles = new Map<number, string>();
      for (const row of [...queued, ...mine]) {
        if (row.orderId === null) continue;
        const order = await orderOfUser(db, row.userId, row.orderId);
        if (order) orderTitles.set(row.id, order.goods.title);
      }
      const item = (row: SessionRow, position: number | null): ServiceQueueItem => ({
        id: row.id,
        status: row.status,
        status_label: serviceSessionProcess.stateLabels[row.status],
        user_nickname: names.get(row.userId)?.nickname ?? '',
        question: row.question,
        order_title: orderTitles.get(row.id) ?? null,
        queue_position: position,
        created_at: row.createdAt.toISOString(),
      });
      return {
        queued: queued.map((row, index) => item(row, index + 1)),
        mine: mine.map((row) => item(row, null)),
        staff: others.flatMap((id) => {
          const user = names.get(id);
          return user ? [{ id, nickname: staffName(user.nickname) }] : [];
        }),
      };
    },

    async take(staffId: number, id: number): Promise<ServiceSession> {
      await requireStaff(db, staffId);
      // Staff act as customer_service even on their own session, which the engine then refuses (7712).
      return step(staffId, id, async (tx, row) => {
        const to = await transition(tx, row, 'take', { role: 'customer_service', userId: staffId });
        const updated = await writeStatus(tx, row, to, { staffId, served: true, assignedAt: now() });
        if (updated.conversationId !== null) await chat.join(tx, updated.conversationId, staffId);
        const [me] = [...(await usersByIds(tx, [staffId])).values()];
        await noticeIn(tx, updated, `${staffName(me?.nickname ?? '')}已接入，正在为您服务`);
        return updated;
      });
    },

    async transfer(staffId: number, body: ServiceTransferRequest): Promise<ServiceSession> {
      await requireStaff(db, staffId);
      return step(staffId, body.id, async (tx, row) => {
        const target =
          body.staff_id !== staffId &&
          body.staff_id !== row.userId &&
          (await isServiceStaff(tx, body.staff_id));
        const to = await transition(
          tx,
          row,
          'transfer',
          { role: 'customer_service', userId: staffId },
          { assignee: row.staffId === staffId, target },
          body.reason ?? '',
        );
        const updated = await writeStatus(tx, row, to, { staffId: body.staff_id, assignedAt: now() });
        if (updated.conversationId !== null) {
          await chat.join(tx, updated.conversationId, body.staff_id);
          await chat.leave(tx, updated.conversationId, staffId);
        }
        const [next] = [...(await usersByIds(tx, [body.staff_id])).values()];
        await noticeIn(tx, updated, `已为您转接至${staffName(next?.nickname ?? '')}，请稍候`);
        return updated;
      });
    },

    async close(actorId: number, id: number): Promise<ServiceSession> {
      return step(actorId, id, async (tx, row, role) => {
        const party = role === 'owner' || row.staffId === actorId;
        const to = await transition(tx, row, 'close', { role, userId: actorId }, { party });
        const updated = await writeStatus(tx, row, to, { closedAt: now() });
        await noticeIn(tx, updated, '本次会话已结束，欢迎对客服的服务进行评价');
        return updated;
      });
    },

    async leave(userId: number, id: number): Promise<ServiceSession> {
      return step(userId, id, async (tx, row, role) => {
        const to = await transition(tx, row, 'leave', { role, userId });
        const updated = await writeStatus(tx, row, to, { closedAt: now() });
        await noticeIn(tx, updated, '您已取消排队，如仍有问题可随时重新咨询');
        return updated;
      });
    },

    /** The queue's timers: a reminder while waiting, then closing a queue item nobody took. */
    registerTimers(): void {
      processes.registerTimerSubject(serviceSessionProcess, {
        async lock(tx, subjectId) {
          const row = await lockSession(tx, subjectId);
          return row ? { state: row.status, ownerId: row.userId } : undefined;
        },
        async enter(tx, subjectId, change) {
          const [row] = await tx.select().from(serviceSessions).where(eq(serviceSessions.id, subjectId));
          if (!row) return;
          if (change.action === 'remind') {
            const position = await queuePosition(tx, row);
            await noticeIn(
              tx,
              row,
              `当前咨询人数较多，您前面还有${Math.max((position ?? 1) - 1, 0)}位用户，请耐心等待，也可以先在帮助中心查找答案`,
            );
            return;
          }
          const closed = await writeStatus(tx, row, change.to as ServiceSessionStatus, { closedAt: now() });
          await noticeIn(tx, closed, '长时间未能接入客服，会话已自动结束，您可以重新发起咨询');
        },
      });
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

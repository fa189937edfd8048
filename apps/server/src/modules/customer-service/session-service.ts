import { and, asc, count, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm';
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
import type { JobRunner } from '../jobs/index.ts';
import type { ProcessEngine } from '../process/index.ts';
import { ratingOfSession } from './rating-service.ts';
import type { ServiceChat } from './service-chat.ts';
import { staffName } from './staff-name.ts';
import { serviceSessions } from './tables.ts';

type SessionRow = typeof serviceSessions.$inferSelect;

/** Posts a queue timer's notice in the chat once the timer's transaction has committed. */
const TIMER_NOTICE_JOB = 'customer-service-timer-notice';

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

  /** After a commit that changed the queue: staff with an open socket ask for it again. */
  const tellStaff = async () => chat.queueChanged(await userIdsWithRole(db, 'customer_service'));

  /**
   * Runs one step of `actorId` on session `id` in a transaction, then what it implies in the chat
   * (after the commit: chat delivers to sockets from its own transactions), and answers the session
   * as the actor sees it.
   */
  async function step(
    actorId: number,
    id: number,
    act: (tx: Executor, row: SessionRow, role: ProcessRole) => Promise<SessionRow>,
    inChat: (row: SessionRow, conversationId: number) => Promise<void>,
  ): Promise<ServiceSession> {
    const updated = await db.transaction(async (tx) => {
      const row = await readable(tx, await lockSession(tx, id), actorId);
      const role: ProcessRole = row.userId === actorId ? 'owner' : 'customer_service';
      return act(tx, row, role);
    });
    if (updated.conversationId !== null) await inChat(updated, updated.conversationId);
    await tellStaff();
    return viewOf(db, updated, actorId);
  }

  const nicknameOf = async (userId: number) => (await usersByIds(db, [userId])).get(userId)?.nickname ?? '';

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

  /** The session's conversation, opened now if an earlier attempt did not get that far. */
  async function withConversation(row: SessionRow): Promise<SessionRow> {
    if (row.conversationId !== null) return row;
    const conversationId = await chat.open(row.userId);
    const [linked] = await db
      .update(serviceSessions)
      .set({ conversationId })
      .where(and(eq(serviceSessions.id, row.id), isNull(serviceSessions.conversationId)))
      .returning();
    if (!linked)
      return (await db.select().from(serviceSessions).where(eq(serviceSessions.id, row.id)))[0] ?? row;
    await chat.notice(conversationId, '已为您转接人工客服，请稍候，客服接入后会第一时间回复您');
    return linked;
  }

  return {
    /** POST /app/customer_service/main: asks for a human; an open session is answered as it is. */
    async request(userId: number, body: ServiceRequest): Promise<ServiceSession> {
      const row = await db.transaction(async (tx) => {
        await lockForTransaction(tx, `service-session:${userId}`);
        const [open] = await tx
          .select()
          .from(serviceSessions)
          .where(and(eq(serviceSessions.userId, userId), ne(serviceSessions.status, 'closed')));
        if (open) return open;
        const order = body.order_id === undefined ? undefined : await orderOfUser(tx, userId, body.order_id);
        if (body.order_id !== undefined && !order) throw new AppError(ErrorCodes.SERVICE_ORDER_NOT_FOUND);
        const [inserted] = await tx
          .insert(serviceSessions)
          .values({
            userId,
            status: serviceSessionProcess.initial,
            question: body.question ?? '',
            orderId: order?.id ?? null,
            createdAt: now(),
          })
          .returning();
        if (!inserted) throw new AppError(ErrorCodes.INTERNAL_ERROR);
        await processes.start(tx, {
          process: serviceSessionProcess,
          subjectId: inserted.id,
          actor: { role: 'owner', userId },
        });
        return inserted;
      });
      const session = await withConversation(row);
      await tellStaff();
      return viewOf(db, session, userId);
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
      return step(
        staffId,
        id,
        async (tx, row) => {
          const to = await transition(tx, row, 'take', { role: 'customer_service', userId: staffId });
          return writeStatus(tx, row, to, { staffId, served: true, assignedAt: now() });
        },
        async (_row, conversationId) => {
          await chat.join(conversationId, staffId);
          await chat.status(conversationId, 'open');
          await chat.notice(conversationId, `${staffName(await nicknameOf(staffId))}已接入，正在为您服务`);
        },
      );
    },

    async transfer(staffId: number, body: ServiceTransferRequest): Promise<ServiceSession> {
      await requireStaff(db, staffId);
      return step(
        staffId,
        body.id,
        async (tx, row) => {
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
          return writeStatus(tx, row, to, { staffId: body.staff_id, assignedAt: now() });
        },
        async (_row, conversationId) => {
          await chat.join(conversationId, body.staff_id);
          await chat.leave(conversationId, staffId);
          await chat.notice(
            conversationId,
            `已为您转接至${staffName(await nicknameOf(body.staff_id))}，请稍候`,
          );
        },
      );
    },

    async close(actorId: number, id: number): Promise<ServiceSession> {
      return step(
        actorId,
        id,
        async (tx, row, role) => {
          const party = role === 'owner' || row.staffId === actorId;
          const to = await transition(tx, row, 'close', { role, userId: actorId }, { party });
          return writeStatus(tx, row, to, { closedAt: now() });
        },
        async (_row, conversationId) => {
          await chat.notice(conversationId, '本次会话已结束，欢迎对客服的服务进行评价');
          await chat.status(conversationId, 'closed');
        },
      );
    },

    async leave(userId: number, id: number): Promise<ServiceSession> {
      return step(
        userId,
        id,
        async (tx, row, role) => {
          const to = await transition(tx, row, 'leave', { role, userId });
          return writeStatus(tx, row, to, { closedAt: now() });
        },
        async (_row, conversationId) => {
          await chat.notice(conversationId, '您已取消排队，如仍有问题可随时重新咨询');
          await chat.status(conversationId, 'closed');
        },
      );
    },

    /**
     * The queue's timers: a reminder while waiting, then closing a queue item nobody took. Their
     * chat notices are a job sent in the timer's transaction, posted once it commits.
     */
    registerTimers(jobs: JobRunner): void {
      jobs.work<{ sessionId: number; action: 'remind' | 'expire' }>(TIMER_NOTICE_JOB, async (job) => {
        const [row] = await db
          .select()
          .from(serviceSessions)
          .where(eq(serviceSessions.id, job.data.sessionId));
        if (!row || row.conversationId === null) return;
        if (job.data.action === 'expire') {
          await chat.notice(row.conversationId, '长时间未能接入客服，会话已自动结束，您可以重新发起咨询');
          await chat.status(row.conversationId, 'closed');
          await tellStaff();
          return;
        }
        const position = await queuePosition(db, row);
        if (position === null) return;
        const ahead = position > 1 ? `您前面还有${position - 1}位用户` : '您是下一位';
        await chat.notice(
          row.conversationId,
          `当前咨询人数较多，${ahead}，请耐心等待，也可以先在帮助中心查找答案`,
        );
      });
      processes.registerTimerSubject(serviceSessionProcess, {
        async lock(tx, subjectId) {
          const row = await lockSession(tx, subjectId);
          return row ? { state: row.status, ownerId: row.userId } : undefined;
        },
        async enter(tx, subjectId, change) {
          const [row] = await tx.select().from(serviceSessions).where(eq(serviceSessions.id, subjectId));
          if (!row) return;
          if (change.action === 'expire') await writeStatus(tx, row, 'closed', { closedAt: now() });
          await jobs.send(
            TIMER_NOTICE_JOB,
            { sessionId: subjectId, action: change.action === 'expire' ? 'expire' : 'remind' },
            { executor: tx },
          );
        },
      });
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

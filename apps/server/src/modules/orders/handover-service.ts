import { asc, eq } from 'drizzle-orm';
import {
  ErrorCodes,
  fenToAmount,
  maskAccount,
  ORDER_VIDEO_MAX_PER_ORDER,
  orderProcess,
  type AccountCredentials,
  type OrderHandover,
  type OrderRole,
  type OrderState,
  type RevealLogEntry,
  type SubmitAccountRequest,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { OrderListings } from '../goods/index.ts';
import type { ProcessEngine } from '../process/index.ts';
import { finishedUploadPurpose } from '../storage/index.ts';
import { credentialsContext, type CredentialsVault } from './handover-crypto.ts';
import { orderCredentialReveals, orderCredentials, orderDamages, orderVideos } from './handover-tables.ts';
import type { OrderRow } from './order-money.ts';
import { roleIn, type OrderService } from './order-service.ts';
import { checklist, ensureChecklist } from './rebinding-service.ts';
import { orders } from './tables.ts';
import type { UrgeService } from './handover-urges.ts';

/** States in which the buyer may read the login details (after hand-over, unless refunded). */
const buyerRevealStates: readonly OrderState[] = [
  'verifying',
  'rebinding',
  'signing',
  'protection',
  'completed',
  'disputed',
  'released',
];
/** States a verification video may be attached in. */
const videoStates: readonly OrderState[] = ['verifying', 'rebinding', 'signing', 'protection', 'disputed'];

const roleLabels: Record<OrderRole, string> = {
  buyer: '买家',
  seller: '卖家',
  customer_service: '客服',
  system: '系统',
};
/** Staff are shown by their number, hidden in the middle; a party sees who looked, not their account. */
const viewerOf = (role: OrderRole, userId: number) =>
  role === 'customer_service' ? `客服 #${String(userId).padStart(4, '0').slice(0, 2)}**` : roleLabels[role];
/** The last octet (IPv4) or group (IPv6) hidden. */
const maskIp = (ip: string) => ip.replace(/[.:][^.:]*$/, (tail) => `${tail[0]}*`);

export const lockOrderRow = async (tx: Executor, orderNo: string): Promise<OrderRow> => {
  const [row] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update');
  if (!row) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
  return row;
};

export function createHandoverService(deps: {
  db: Database;
  now: () => Date;
  processes: ProcessEngine;
  orders: OrderService;
  vault: CredentialsVault;
  urges: UrgeService;
  fileUrl: (key: string) => string;
  listings: OrderListings;
}) {
  const { db, now, processes, vault, urges, fileUrl, listings } = deps;

  /** May this viewer read the login details now? (throws the refusal) */
  const checkReveal = (order: OrderRow, role: OrderRole, submitted: boolean) => {
    if (role === 'seller' || role === 'system') throw new AppError(ErrorCodes.ORDER_ACCOUNT_FORBIDDEN);
    if (!submitted) throw new AppError(ErrorCodes.ORDER_ACCOUNT_NOT_SUBMITTED);
    if (role === 'buyer' && !buyerRevealStates.includes(order.state))
      throw new AppError(ErrorCodes.ORDER_ACCOUNT_FORBIDDEN);
  };

  const revealLog = async (executor: Executor, orderId: number): Promise<RevealLogEntry[]> => {
    const rows = await executor
      .select()
      .from(orderCredentialReveals)
      .where(eq(orderCredentialReveals.orderId, orderId))
      .orderBy(asc(orderCredentialReveals.id));
    return rows.map((row) => ({
      role: row.role,
      viewer: viewerOf(row.role, row.userId),
      ip: maskIp(row.ip),
      at: row.createdAt.toISOString(),
    }));
  };

  return {
    /** The seller (or staff) hands the login details over: `submit_account`, sealed at rest. */
    async submitAccount(userId: number, input: SubmitAccountRequest): Promise<OrderRow> {
      return db.transaction(async (tx) => {
        const order = await lockOrderRow(tx, input.order_no);
        const role = await roleIn(tx, order, userId);
        const moved = await deps.orders.step(tx, order, 'submit_account', { role, userId });
        const at = now();
        const sealed = vault.seal(
          JSON.stringify({
            account: input.account,
            password: input.password,
            security: input.security ?? '',
            note: input.note ?? '',
          }),
          credentialsContext(order.id),
        );
        await tx
          .insert(orderCredentials)
          .values({
            orderId: order.id,
            ...sealed,
            accountMasked: maskAccount(input.account),
            submittedBy: userId,
            submittedAt: at,
          })
          .onConflictDoUpdate({
            target: orderCredentials.orderId,
            set: {
              ...sealed,
              accountMasked: maskAccount(input.account),
              submittedBy: userId,
              submittedAt: at,
            },
          });
        return moved;
      });
    },

    /** The login details in clear, to the buyer after hand-over or staff; each reveal is logged. */
    async reveal(userId: number, orderNo: string, ip: string): Promise<AccountCredentials> {
      return db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo));
        if (!order) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
        const role = await roleIn(tx, order, userId);
        const [sealed] = await tx
          .select()
          .from(orderCredentials)
          .where(eq(orderCredentials.orderId, order.id));
        checkReveal(order, role, sealed !== undefined);
        if (!sealed) throw new AppError(ErrorCodes.ORDER_ACCOUNT_NOT_SUBMITTED);
        const plain = JSON.parse(vault.open(sealed, credentialsContext(order.id))) as Omit<
          AccountCredentials,
          'submitted_at'
        >;
        await tx
          .insert(orderCredentialReveals)
          .values({ orderId: order.id, userId, role, ip, createdAt: now() });
        return { ...plain, submitted_at: sealed.submittedAt.toISOString() };
      });
    },

    /** A finished `order_video` upload of this user attached to the order as verification evidence. */
    async attachVideo(userId: number, orderNo: string, key: string): Promise<void> {
      await db.transaction(async (tx) => {
        const order = await lockOrderRow(tx, orderNo);
        const role = await roleIn(tx, order, userId);
        if (!videoStates.includes(order.state)) throw new AppError(ErrorCodes.ORDER_STATE_INVALID);
        const purpose = await finishedUploadPurpose(tx, { userId, key });
        if (purpose === null)
          throw new AppError(ErrorCodes.UPLOAD_NOT_FOUND, '视频未上传或不属于你，请重新上传');
        if (purpose !== 'order_video') throw new AppError(ErrorCodes.UPLOAD_PURPOSE_MISMATCH);
        const attached = await tx
          .select({ key: orderVideos.key })
          .from(orderVideos)
          .where(eq(orderVideos.orderId, order.id));
        if (attached.some((video) => video.key === key)) return;
        if (attached.length >= ORDER_VIDEO_MAX_PER_ORDER) throw new AppError(ErrorCodes.ORDER_VIDEO_LIMIT);
        await tx.insert(orderVideos).values({ orderId: order.id, userId, role, key, createdAt: now() });
      });
    },

    /** What the hand-over panels of the order detail show to this viewer. */
    async view(userId: number, orderNo: string): Promise<OrderHandover> {
      const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
      if (!order) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
      const role = await roleIn(db, order, userId);
      if (order.state === 'rebinding') await db.transaction((tx) => ensureChecklist(tx, order, listings));
      const [[sealed], log, videos, steps, urged, [damages], timeline] = await Promise.all([
        db.select().from(orderCredentials).where(eq(orderCredentials.orderId, order.id)),
        revealLog(db, order.id),
        db.select().from(orderVideos).where(eq(orderVideos.orderId, order.id)).orderBy(asc(orderVideos.id)),
        checklist(db, order.id),
        urges.ofOrder(order, userId, role),
        db.select().from(orderDamages).where(eq(orderDamages.orderId, order.id)),
        processes.timeline(db, orderProcess, order.id),
      ]);
      let canReveal = true;
      try {
        checkReveal(order, role, sealed !== undefined);
      } catch {
        canReveal = false;
      }
      const failed = timeline.findLast((entry) => entry.action === 'verify_fail');
      return {
        order_no: order.orderNo,
        state: order.state,
        role,
        credentials: {
          submitted: sealed !== undefined,
          submitted_at: sealed?.submittedAt.toISOString() ?? null,
          account_masked: sealed?.accountMasked ?? '',
          can_reveal: canReveal,
        },
        reveal_log: log,
        videos: videos.map((video) => ({
          key: video.key,
          url: fileUrl(video.key),
          role: video.role,
          at: video.createdAt.toISOString(),
        })),
        rebinding: steps,
        urges: urged.list,
        urges_left_today: urged.leftToday,
        damages: damages
          ? {
              party: damages.party,
              amount: fenToAmount(damages.amountFen),
              reason: damages.reason,
              at: damages.createdAt.toISOString(),
            }
          : null,
        mismatch_reason: failed ? failed.reason : null,
      };
    },
  };
}

export type HandoverService = ReturnType<typeof createHandoverService>;

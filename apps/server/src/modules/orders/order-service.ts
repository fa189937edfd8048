import { postOrderNotices } from './order-notices.ts';
import { and, eq } from 'drizzle-orm';
import {
  ErrorCodes,
  MAX_UNPAID_ORDERS,
  orderProcess,
  orderQuote,
  protectionSecondsOf,
  rechargeLimits,
  type OrderAction,
  type OrderRole,
  type OrderState,
  type PaymentChannel,
  type PlaceOrderRequest,
  type ProcessTimelineEntry,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { lockForTransaction } from '../../lib/locks.ts';
import { postgresErrorOf } from '../../lib/sql-rows.ts';
import { addSeconds } from '../../lib/time.ts';
import { consumeBargain, restoreBargain } from '../bargains/index.ts';
import { lockCoupon, redeemCoupon, releaseCoupon } from '../coupons/index.ts';
import { listingVisibleTo, type OrderListings } from '../goods/index.ts';
import { rolesOf } from '../identity/index.ts';
import { ledger } from '../ledger/index.ts';
import type { ProcessActor, ProcessEngine } from '../process/index.ts';
import { holdDepositsForOrders, releaseOrderHold } from '../sincerity/index.ts';
import {
  depositHoldOf,
  paidColumnsOf,
  payIntoEscrow,
  refundFromEscrow,
  settleFromEscrow,
  type OrderRow,
} from './order-money.ts';
import {
  insertOrder,
  lockOrder,
  orderStateOf,
  unpaidOrdersOf,
  updateOrderFrom,
  type OrderChange,
} from './order-statements.ts';
import { newOrderNo, newOrderValues } from './new-order.ts';
import { buyerPlacingLock, createPlaces, type Place } from './places-together.ts';
import { orders } from './tables.ts';
import { createWalletPays, type WalletPay } from './wallet-pays-together.ts';

/** How the orders reach the cashier of the payments module (a recharge of the rest). */
export interface OrderCashier {
  /** Starts a recharge of `amount` fen for the buyer; answers its order no and cashier URL. */
  start(
    buyerId: number,
    input: { amount: number; channel: PaymentChannel; returnPath: string },
  ): Promise<{ orderNo: string; cashierUrl: string }>;
  /** The recharge as the gateway sees it now (asks the gateway when pending). */
  status(
    buyerId: number,
    rechargeNo: string,
  ): Promise<{ status: string; cashierUrl: string; amount: number; channel: PaymentChannel }>;
  /** Closes the recharge at the gateway; a payment made meanwhile is credited (and pays the order). */
  close(buyerId: number, rechargeNo: string): Promise<void>;
}

/** An order after a step, with its timeline when the step was asked for it (null otherwise). */
export interface Moved {
  order: OrderRow;
  timeline: ProcessTimelineEntry[] | null;
}

export type PayOutcome = Moved & { cashierUrl: string | null };

/** The server's verdict on the guards of an order's transitions (the hand-over's checklist). */
export type OrderGuards = (tx: Executor, order: OrderRow) => Promise<Record<'rebinding_done', boolean>>;

/**
 * The reason of a `sign` no signature took (the development route, the demo trades): the protocol
 * then has no snapshots, and their absence is not tampering (migration 0034 says it of older ones).
 */
export const SIGNED_WITHOUT_PROTOCOL = '开发与演示：系统直接完成签署，双方未签署电子协议';

const UNIQUE_VIOLATION = '23505';
/** How long a place waits for the first place of a burst on the same listing before going on. */
const BURST_LEADER_WAIT_MS = 2000;
/** An order number is the second it was placed and 6 random digits; a clash is drawn again. */
const ORDER_NO_CONSTRAINT = 'orders_order_no_unique';
const ORDER_NO_ATTEMPTS = 3;

/** How the first place of a burst on one listing ended: its order's seller, or undefined if it failed. */
type BurstOutcome = { sellerId: number } | undefined;

/** The outcome of `settled`, or undefined after `ms` at the latest. */
async function settledWithin(settled: Promise<BurstOutcome>, ms: number): Promise<BurstOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    settled,
    new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms))),
  ]);
  clearTimeout(timer);
  return outcome;
}

/** The viewer's role in an order: a party, or customer service; otherwise the order does not exist. */
export async function roleIn(db: Executor, order: OrderRow, userId: number): Promise<OrderRole> {
  if (order.buyerId === userId) return 'buyer';
  if (order.sellerId === userId) return 'seller';
  if ((await rolesOf(db, userId)).includes('customer_service')) return 'customer_service';
  throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
}

export function createOrderService(deps: {
  db: Database;
  now: () => Date;
  processes: ProcessEngine;
  listings: OrderListings;
  cashier: OrderCashier;
  guards: OrderGuards;
  /** Told when places or wallet pays written together fell back to one transaction each (the log). */
  onBatchFallback?: (error: unknown, size: number) => void;
  /** Told when the gateway could not close an expiring order's cashier payment (the log). */
  onCashierError?: (error: unknown, orderNo: string) => void;
  /**
   * In the transaction closing an unpaid order with a cashier payment: closes that payment at the
   * gateway once the transaction committed (a durable job), whatever was linked since `beforeFire`.
   */
  closeCashierLater: (tx: Executor, cashierPayment: { buyerId: number; rechargeNo: string }) => Promise<void>;
}) {
  const { db, now, processes, listings, cashier, guards } = deps;

  /**
   * Before an unpaid order closes (the buyer cancels, the pay timer expires it), its cashier payment
   * is closed at the gateway: the cashier takes no more money for an order that is gone, and a
   * payment made in time whose notify is late is credited now, which pays the order
   * (`onRechargeCredited`) so it does not close after all.
   */
  async function closeCashierOf(order: Pick<OrderRow, 'buyerId' | 'state' | 'gatewayRechargeNo'>) {
    if (order.state !== 'pending_payment' || !order.gatewayRechargeNo) return;
    await cashier.close(order.buyerId, order.gatewayRechargeNo);
  }

  const findOrder = async (orderNo: string) => {
    const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    if (!row) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
    return row;
  };

  /**
   * Takes `action` on a locked order: the engine checks the table and records it, then the effects
   * of the state entered (money, listing, coupon, deadlines) are written in the same transaction,
   * with the caller's own columns (`written`). `withTimeline`: also answers the order's timeline.
   */
  async function move(
    tx: Executor,
    order: OrderRow,
    action: OrderAction,
    actor: ProcessActor,
    options: { reason?: string | undefined; written?: OrderChange; withTimeline?: boolean } = {},
  ): Promise<Moved> {
    if (
      actor.role === 'customer_service' &&
      (actor.userId === order.buyerId || actor.userId === order.sellerId)
    )
      throw new AppError(ErrorCodes.ORDER_STAFF_OWN_ORDER);
    const at = now();
    const protection = protectionSecondsOf(order.guaranteeCode);
    const request = {
      process: orderProcess,
      subjectId: order.id,
      ownerId: order.sellerId,
      from: order.state,
      action,
      actor,
      ...(options.reason ? { reason: options.reason } : {}),
      timerSeconds: { auto_release: protection },
      ...(orderProcess.transitions[action].guards ? { guards: await guards(tx, order) } : {}),
    };
    const { to, timeline } = options.withTimeline
      ? await processes.applyTransitionWithTimeline(tx, request)
      : { to: await processes.applyTransition(tx, request), timeline: null };
    // A stay (liquidated damages) enters nothing: the state's effects, deadlines and notices were
    // written when it was entered, and its timers keep running (the engine does not re-arm them).
    if (to === order.state) return { order: await stay(tx, order, at, options.written), timeline };
    return { order: await enter(tx, order, to, at, protection, options.written), timeline };
  }

  async function stay(tx: Executor, order: OrderRow, at: Date, written: OrderChange = {}): Promise<OrderRow> {
    const row = await updateOrderFrom(tx, order, { ...written, updatedAt: at });
    if (!row) throw new AppError(ErrorCodes.CONFLICT);
    return row;
  }

  const step = async (
    tx: Executor,
    order: OrderRow,
    action: OrderAction,
    actor: ProcessActor,
    reason?: string,
  ) => (await move(tx, order, action, actor, { reason })).order;

  /**
   * Writes the state entered, what it implies, and the caller's own columns, in one UPDATE. The
   * money moves last, right before the caller's COMMIT: the accounts a posting locks (the order's
   * escrow shard, the parties' wallets) stay locked for as short a time as can be.
   */
  async function enter(
    tx: Executor,
    order: OrderRow,
    to: OrderState,
    at: Date,
    protectionSeconds: number,
    written: OrderChange = {},
  ): Promise<OrderRow> {
    const change: OrderChange = { ...written, state: to, updatedAt: at };
    let moveMoney: (() => Promise<void>) | undefined;
    switch (to) {
      case 'paid': {
        Object.assign(change, paidColumnsOf(order, at));
        if (order.couponId !== null)
          await redeemCoupon(tx, order.buyerId, order.couponId, { orderId: order.orderNo, now: at });
        await holdDepositsForOrders(processes, tx, [depositHoldOf(order)], { now: at });
        moveMoney = () => payIntoEscrow(tx, order);
        break;
      }
      case 'cancelled':
      case 'expired': {
        if (order.gatewayRechargeNo)
          await deps.closeCashierLater(tx, { buyerId: order.buyerId, rechargeNo: order.gatewayRechargeNo });
        if (order.couponId !== null)
          await releaseCoupon(tx, order.buyerId, order.couponId, { orderId: order.orderNo });
        await listings.release(tx, order.goodsId, 'unlock', order.orderNo);
        await restoreBargain(tx, processes, { orderRef: order.orderNo, at });
        change.closedAt = at;
        break;
      }
      case 'cancelled_refunded':
      case 'refunded': {
        await listings.release(tx, order.goodsId, 'unlock', order.orderNo);
        await releaseOrderHold(processes, tx, { orderNo: order.orderNo, now: at });
        change.escrowFen = 0;
        change.closedAt = at;
        moveMoney = () => refundFromEscrow(tx, order);
        break;
      }
      case 'completed':
      case 'released': {
        await listings.release(tx, order.goodsId, 'sell', order.orderNo);
        await releaseOrderHold(processes, tx, { orderNo: order.orderNo, now: at });
        change.escrowFen = 0;
        change.completedAt = at;
        moveMoney = () => settleFromEscrow(tx, order);
        break;
      }
      case 'protection':
        change.releaseAt = addSeconds(at, protectionSeconds);
        break;
      case 'split':
        await releaseOrderHold(processes, tx, { orderNo: order.orderNo, now: at });
        break;
      default:
        break;
    }
    await postOrderNotices(tx, [order], to, at);
    const row = await updateOrderFrom(tx, order, change);
    if (!row) throw new AppError(ErrorCodes.CONFLICT);
    if (moveMoney) await moveMoney();
    return row;
  }

  // The pay, delivery and protection timers of the process.
  processes.registerTimerSubject(orderProcess, {
    peek: orderStateOf,
    async beforeFire(executor, timer) {
      if (timer.action !== 'expire') return;
      const [order] = await executor.select().from(orders).where(eq(orders.id, timer.subjectId));
      if (!order) return;
      // A gateway out of reach must not keep the order open for ever: a payment it took later is
      // credited to the wallet by its notify or the active query.
      await closeCashierOf(order).catch((error: unknown) => deps.onCashierError?.(error, order.orderNo));
    },
    async lock(tx, subjectId) {
      const row = await lockOrder(tx, { id: subjectId });
      return row && { state: row.state, ownerId: row.sellerId };
    },
    async enter(tx, subjectId, { to }) {
      const row = await lockOrder(tx, { id: subjectId });
      if (!row) throw new Error(`orders: timer on a missing order ${subjectId}`);
      await enter(tx, row, to as OrderState, now(), protectionSecondsOf(row.guaranteeCode));
      // The timer's transaction commits right after; caches re-read within their TTL at worst.
      listings.changed();
    },
  });

  /** Runs `work` and, once its transaction committed, tells the listing caches. */
  const withListingChange = async <T>(work: () => Promise<T>): Promise<T> => {
    const result = await work();
    listings.changed();
    return result;
  };

  /**
   * Pays a locked pending order from the wallet (the whole payable). The posting itself refuses a
   * short balance (4001, the whole transaction with it).
   */
  const payFromWallet = (
    tx: Executor,
    order: OrderRow,
    actor: ProcessActor,
    options: { gatewayPaidFen?: number; withTimeline?: boolean } = {},
  ) => {
    const gatewayPaidFen = options.gatewayPaidFen ?? 0;
    return move(tx, order, 'pay', actor, {
      written: { walletPaidFen: order.payableFen - gatewayPaidFen, gatewayPaidFen },
      withTimeline: options.withTimeline ?? false,
    });
  };

  const lockBuyersOrder = async (tx: Executor, buyerId: number, orderNo: string) => {
    const order = await lockOrder(tx, { orderNo });
    if (!order || order.buyerId !== buyerId) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
    return order;
  };

  /**
   * The whole payable from the balance: the table answers first (a paid or closed order is refused
   * whatever the balance), then the posting refuses a short balance (4706).
   */
  const payAlone = ({ buyerId, orderNo }: WalletPay): Promise<Moved> =>
    db
      .transaction(async (tx) => {
        const order = await lockBuyersOrder(tx, buyerId, orderNo);
        return payFromWallet(tx, order, { role: 'buyer', userId: buyerId }, { withTimeline: true });
      })
      .catch((error: unknown) => {
        if (error instanceof AppError && error.errCode === ErrorCodes.INSUFFICIENT_BALANCE)
          throw new AppError(ErrorCodes.ORDER_BALANCE_SHORT);
        throw error;
      });

  /** Wallet pays, those arriving together by one transaction (wallet-pays-together.ts). */
  const walletPay = createWalletPays({ db, now, processes, payAlone, onFallback: deps.onBatchFallback });

  /** Places in flight on this instance by listing: the first of each burst (see `place`). */
  const placingByListing = new Map<number, Promise<BurstOutcome>>();

  /** One place by its own transaction; an order number drawn twice is drawn again. */
  async function placeAlone({ buyerId, goodsId, input, card }: Place): Promise<Moved> {
    const placeOnce = () =>
      db.transaction(async (tx) => {
        await lockForTransaction(tx, buyerPlacingLock(buyerId));
        if ((await unpaidOrdersOf(tx, buyerId)) >= MAX_UNPAID_ORDERS)
          throw new AppError(ErrorCodes.ORDER_UNPAID_LIMIT);
        const at = now();
        const orderNo = newOrderNo(at);
        const listing = await listings.lockForOrder(tx, goodsId, buyerId, orderNo);
        const priceFen =
          input.bargain_id === undefined
            ? listing.price
            : (
                await consumeBargain(tx, processes, {
                  bargainId: input.bargain_id,
                  buyerId,
                  goodsId,
                  now: at,
                  orderRef: orderNo,
                })
              ).priceFen;
        if (input.guarantee && !listing.guarantees.includes(input.guarantee))
          throw new AppError(ErrorCodes.ORDER_GUARANTEE_UNAVAILABLE);
        const base = orderQuote({ priceFen, guaranteeCode: input.guarantee });
        const discountFen =
          input.coupon_id === undefined
            ? 0
            : (
                await lockCoupon(tx, buyerId, input.coupon_id, {
                  orderId: orderNo,
                  amount: base.escrowFen,
                  gameId: listing.gameId,
                  now: at,
                })
              ).discount;
        const row = await insertOrder(
          tx,
          newOrderValues({ orderNo, goodsId, buyerId, listing, card, input, priceFen, discountFen, at }),
        );
        const timeline = await processes.start(tx, {
          process: orderProcess,
          subjectId: row.id,
          actor: { role: 'buyer', userId: buyerId },
          metadata: { goods_id: goodsId },
        });
        return { order: row, timeline };
      });
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await placeOnce();
      } catch (error) {
        const cause = postgresErrorOf(error);
        if (cause?.code !== UNIQUE_VIOLATION) throw error;
        // Two orders placed in the same second drew the same number: this one draws again.
        if (cause.constraint === ORDER_NO_CONSTRAINT && attempt < ORDER_NO_ATTEMPTS) continue;
        throw new AppError(ErrorCodes.ORDER_GOODS_UNAVAILABLE);
      }
    }
  }

  /** Places, those arriving together by one transaction (places-together.ts). */
  const placeSoon = createPlaces({
    db,
    now,
    processes,
    listings,
    placeAlone,
    onFallback: deps.onBatchFallback,
  });

  async function placeNow(buyerId: number, goodsId: number, input: PlaceOrderRequest): Promise<Moved> {
    // Read before the transaction (the catalogue reads outside it); the price is the locked row's.
    const found = await listings.forOrder(goodsId);
    // Drafts and withdrawn listings do not exist for others (the same answer as a missing id).
    if (!found || !listingVisibleTo({ status: found.status, sellerId: found.card.seller_id }, buyerId))
      throw new AppError(ErrorCodes.GOODS_NOT_FOUND);
    const { card } = found;
    // Someone else's listing already taken (a hot listing's race): refused without a transaction.
    // The locked row decides every other case, and the race itself (NOWAIT, the unique index).
    if (found.status !== 'on_sale' && card.seller_id !== buyerId)
      throw new AppError(ErrorCodes.ORDER_GOODS_UNAVAILABLE);
    return withListingChange(() => placeSoon({ buyerId, goodsId, input, card }));
  }

  return {
    step,

    /** A party's e-signature sealed: recorded on the order's history, in the signature's transaction. */
    async recordPartySignature(
      tx: Executor,
      orderId: number,
      signer: { role: 'buyer' | 'seller'; userId: number },
    ): Promise<void> {
      const order = await lockOrder(tx, { id: orderId });
      if (!order) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
      await step(tx, order, 'party_sign', signer);
    },

    /** Both parties signed the protocol (called inside the signing transaction): `sign` as system. */
    async completeSigning(tx: Executor, orderId: number): Promise<void> {
      const order = await lockOrder(tx, { id: orderId });
      if (!order) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
      await step(tx, order, 'sign', { role: 'system', userId: null });
    },

    /**
     * `sign` as the system without the e-signatures: for the development route (never registered in
     * production), tests and the demo seed's completed trades.
     */
    async devCompleteSigning(orderNo: string): Promise<OrderRow> {
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, { orderNo });
        if (!order) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
        return step(tx, order, 'sign', { role: 'system', userId: null }, SIGNED_WITHOUT_PROTOCOL);
      });
    },

    /**
     * Places an order; answers it with its timeline. A burst on one listing (a hot listing, many
     * buyers at once) is met by its first place alone: the others on this instance wait until it has
     * settled. When it placed its order they are refused at once (the listing is held, as the card
     * read would say); when it failed they go on as usual. So a burst does not open one transaction
     * per buyer only to be refused by the locked row. The database still decides every race that
     * gets to it, across processes and instances too.
     */
    async place(buyerId: number, input: PlaceOrderRequest): Promise<Moved> {
      const goodsId = Number(input.goods_id);
      const leader = placingByListing.get(goodsId);
      if (leader) {
        const outcome = await settledWithin(leader, BURST_LEADER_WAIT_MS);
        // The leader's order holds the listing now: the answer the card read would give.
        if (outcome && outcome.sellerId !== buyerId) throw new AppError(ErrorCodes.ORDER_GOODS_UNAVAILABLE);
        return placeNow(buyerId, goodsId, input);
      }
      const placed = placeNow(buyerId, goodsId, input);
      const settled = placed.then(
        ({ order }) => ({ sellerId: order.sellerId }),
        () => undefined,
      );
      placingByListing.set(goodsId, settled);
      void settled.then(() => {
        if (placingByListing.get(goodsId) === settled) placingByListing.delete(goodsId);
      });
      return placed;
    },

    /**
     * `wallet`: the whole payable from the balance (4706 when short). A channel: from the balance
     * when it is enough, otherwise a recharge of the rest at the cashier; the order is paid from the
     * wallet when that recharge is credited (`onRechargeCredited`).
     */
    async pay(buyerId: number, orderNo: string, method: 'wallet' | PaymentChannel): Promise<PayOutcome> {
      if (method === 'wallet') return { ...(await walletPay({ buyerId, orderNo })), cashierUrl: null };
      const actor: ProcessActor = { role: 'buyer', userId: buyerId };
      const outcome = await db.transaction(async (tx) => {
        const order = await lockBuyersOrder(tx, buyerId, orderNo);
        processes.check({
          process: orderProcess,
          subjectId: order.id,
          ownerId: order.sellerId,
          from: order.state,
          action: 'pay',
          actor,
        });
        const { available } = await ledger.balances(tx, buyerId);
        if (available >= order.payableFen)
          return { ...(await payFromWallet(tx, order, actor, { withTimeline: true })), short: 0 };
        return { order, timeline: null, short: order.payableFen - available };
      });
      const { order, timeline } = outcome;
      if (outcome.short === 0) return { order, timeline, cashierUrl: null };
      const cashierUrl = await payRestAtCashier(order, method, outcome.short);
      if (cashierUrl !== null) return { order, timeline, cashierUrl };
      // The earlier cashier payment was made: the order as it is now (paid by it, most likely).
      const [current] = await db.select().from(orders).where(eq(orders.id, order.id));
      return { order: current ?? order, timeline: null, cashierUrl: null };
    },

    async cancel(buyerId: number, orderNo: string, reason?: string): Promise<OrderRow> {
      const found = await findOrder(orderNo);
      if (found.buyerId !== buyerId) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
      await closeCashierOf(found);
      return withListingChange(() =>
        db.transaction(async (tx) => {
          const order = await lockOrder(tx, { orderNo });
          if (!order || order.buyerId !== buyerId) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
          return step(tx, order, 'cancel', { role: 'buyer', userId: buyerId }, reason);
        }),
      );
    },

    async confirm(buyerId: number, orderNo: string): Promise<OrderRow> {
      return withListingChange(() =>
        db.transaction(async (tx) => {
          const order = await lockOrder(tx, { orderNo });
          if (!order || order.buyerId !== buyerId) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
          return step(tx, order, 'confirm_receipt', { role: 'buyer', userId: buyerId });
        }),
      );
    },

    /**
     * A party's own step outside paying and confirming: the seller's 开始交付 (`deliver`), the
     * buyer's 完成换绑 (`finish_rebinding`, guarded by the checklist). The engine refuses the other
     * party; anyone else: the order is not theirs.
     */
    async partyStep(
      userId: number,
      orderNo: string,
      action: Extract<OrderAction, 'deliver' | 'finish_rebinding'>,
    ): Promise<OrderRow> {
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, { orderNo });
        if (!order || (order.buyerId !== userId && order.sellerId !== userId))
          throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
        const role = order.sellerId === userId ? 'seller' : 'buyer';
        return step(tx, order, action, { role, userId });
      });
    },

    /** Customer service takes a hand-over step (the staff path of the table). */
    async staffStep(
      staffId: number,
      orderNo: string,
      action: OrderAction,
      reason?: string,
    ): Promise<OrderRow> {
      if (!(await rolesOf(db, staffId)).includes('customer_service'))
        throw new AppError(ErrorCodes.FORBIDDEN);
      return withListingChange(() =>
        db.transaction(async (tx) => {
          const order = await lockOrder(tx, { orderNo });
          if (!order) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
          return step(tx, order, action, { role: 'customer_service', userId: staffId }, reason);
        }),
      );
    },

    /**
     * A recharge was credited, inside its transaction: the order it pays for, if still unpaid, is
     * paid from the wallet now. A refusal (the order closed meanwhile, the balance spent) leaves the
     * money in the wallet and is not an error of the recharge.
     */
    async onRechargeCredited(tx: Executor, rechargeNo: string, amount: number): Promise<void> {
      const [linked] = await tx.select().from(orders).where(eq(orders.gatewayRechargeNo, rechargeNo));
      if (!linked || linked.state !== 'pending_payment') return;
      try {
        await tx.transaction(async (inner) => {
          const order = await lockOrder(inner, { id: linked.id });
          if (!order || order.state !== 'pending_payment') return;
          await payFromWallet(
            inner,
            order,
            { role: 'system', userId: null },
            { gatewayPaidFen: Math.min(amount, order.payableFen) },
          );
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    },

    async findForViewer(userId: number, orderNo: string): Promise<{ order: OrderRow; role: OrderRole }> {
      const order = await findOrder(orderNo);
      return { order, role: await roleIn(db, order, userId) };
    },

    async reload(id: number): Promise<OrderRow> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      if (!row) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
      return row;
    },

    /** The cashier recharge of an order, as the gateway sees it now. */
    async gatewayOf(order: OrderRow) {
      if (!order.gatewayRechargeNo) return null;
      return {
        rechargeNo: order.gatewayRechargeNo,
        ...(await cashier.status(order.buyerId, order.gatewayRechargeNo)),
      };
    },
  };

  /**
   * Starts (or resumes) the cashier payment of the rest of an unpaid order; answers its URL, or null
   * when the order's earlier cashier payment turns out to be made (asking the gateway credits it,
   * which pays the order): the buyer is never sent to pay twice.
   */
  async function payRestAtCashier(
    order: OrderRow,
    channel: PaymentChannel,
    short: number,
  ): Promise<string | null> {
    if (order.gatewayRechargeNo) {
      const current = await cashier.status(order.buyerId, order.gatewayRechargeNo);
      if (current.status === 'pending' && current.amount >= short && current.channel === channel)
        return current.cashierUrl;
      // Replaced (another channel, too little): closed, so that it takes no more money.
      if (current.status === 'pending') await cashier.close(order.buyerId, order.gatewayRechargeNo);
      if (current.status === 'paid' || (await orderStateOf(db, order.id)) !== 'pending_payment') return null;
    }
    const started = await cashier.start(order.buyerId, {
      // The cashier's least payment; anything beyond the order stays in the wallet.
      amount: Math.max(short, rechargeLimits.minFen),
      channel,
      returnPath: `/order_detail?order_no=${order.orderNo}`,
    });
    const linked = await db
      .update(orders)
      .set({ gatewayRechargeNo: started.orderNo, updatedAt: now() })
      .where(and(eq(orders.id, order.id), eq(orders.state, 'pending_payment')))
      .returning({ id: orders.id });
    if (linked.length === 0) {
      // The order closed (expired, cancelled) while the gateway was asked: its payment goes too.
      await cashier.close(order.buyerId, started.orderNo);
      throw new AppError(ErrorCodes.ORDER_STATE_INVALID, '订单已关闭，收银台支付已取消');
    }
    return started.cashierUrl;
  }
}

export type OrderService = ReturnType<typeof createOrderService>;

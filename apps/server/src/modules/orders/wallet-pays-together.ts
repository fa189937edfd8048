import { orderProcess, type OrderAction, type OrderState } from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { createGroupCommit } from '../../lib/group-commit.ts';
import { sentTogether } from '../../lib/sent-together.ts';
import { ledger } from '../ledger/index.ts';
import type { ProcessActor, ProcessEngine } from '../process/index.ts';
import { holdDepositsForOrders } from '../sincerity/index.ts';
import { depositHoldOf, paidColumnsOf, payTransfersOf, type OrderRow } from './order-money.ts';
import { postOrderNotices } from './order-notices.ts';
import type { Moved } from './order-service.ts';
import { lockOrdersByNo, markOrdersPaid } from './order-statements.ts';

/** A buyer paying an order's whole payable from the wallet. */
export interface WalletPay {
  buyerId: number;
  orderNo: string;
}

const PAY: OrderAction = 'pay';

/**
 * Wallet pays that arrive together are written by one transaction (lib/group-commit.ts): the
 * orders locked by one statement, the transitions recorded and the delivery timers armed by one
 * each, the sellers' deposits held for the orders, the orders written by one UPDATE and the money
 * moved by one posting, so a busy minute costs the database a few statements per batch instead of
 * nine per pay. The batch writes what the ordinary path (`payAlone`) writes for a pay, from the
 * same definitions (the process table, the paid columns, the notices, the transfers, the deposit
 * holds). A pay the batch cannot take for sure is left to the ordinary path, which gives its answer:
 * an order not found or not the buyer's, not payable in its state, locked by another transaction
 * right now (never waited for), paid twice in one batch, with a coupon (redeemed by its own step),
 * or a buyer whose balance read before the posting does not cover all their pays in the batch.
 */
export function createWalletPays(deps: {
  db: Database;
  now: () => Date;
  processes: ProcessEngine;
  payAlone: (pay: WalletPay) => Promise<Moved>;
  onFallback?: (error: unknown, size: number) => void;
}): (pay: WalletPay) => Promise<Moved> {
  const { db, now, processes, payAlone } = deps;

  /**
   * The pays the buyers' balances cover, read before the posting: a short one would fail the
   * posting, and the batch with it. A pay alone skips the read: its posting's refusal is the answer.
   */
  function coveredByBalances<T extends { order: OrderRow }>(
    available: ReadonlyMap<number, number>,
    candidates: T[],
  ): T[] {
    const owed = new Map<number, number>();
    return candidates.filter(({ order }) => {
      const total = (owed.get(order.buyerId) ?? 0) + order.payableFen;
      if (total > (available.get(order.buyerId) ?? 0)) return false;
      owed.set(order.buyerId, total);
      return true;
    });
  }

  async function payTogether(tx: Executor, pays: readonly WalletPay[]): Promise<(Moved | undefined)[]> {
    // The balances are read after the orders are locked (one pipeline, in order), of the buyers asking.
    const [locked, available] = await sentTogether(
      tx,
      () =>
        [
          lockOrdersByNo(tx, [...new Set(pays.map((pay) => pay.orderNo))]),
          pays.length > 1
            ? ledger.availableOf(tx, [...new Set(pays.map((pay) => pay.buyerId))])
            : Promise.resolve(new Map<number, number>()),
        ] as const,
    );
    const byNo = new Map(locked.map((order) => [order.orderNo, order]));
    const taken = new Set<string>();
    const candidates = pays.flatMap((pay, index) => {
      const order = byNo.get(pay.orderNo);
      if (!order || order.buyerId !== pay.buyerId || order.couponId !== null || taken.has(order.orderNo))
        return [];
      const actor: ProcessActor = { role: 'buyer', userId: pay.buyerId };
      const request = {
        process: orderProcess,
        subjectId: order.id,
        ownerId: order.sellerId,
        from: order.state,
        action: PAY,
        actor,
      };
      try {
        processes.check(request);
      } catch {
        return [];
      }
      taken.add(order.orderNo);
      return [{ index, order, request }];
    });
    const paying = candidates.length > 1 ? coveredByBalances(available, candidates) : candidates;
    const results: (Moved | undefined)[] = pays.map(() => undefined);
    if (paying.length === 0) return results;

    const to = orderProcess.transitions.pay.to as OrderState;
    const at = now();
    const orders: OrderRow[] = paying.map(({ order }) => order);
    const [moved, , , written] = await sentTogether(
      tx,
      () =>
        [
          processes.applyTransitions(
            tx,
            paying.map(({ request }) => request),
            { withTimeline: true },
          ),
          postOrderNotices(tx, orders, to, at),
          // A seller's deposit being changed right now fails the batch (NOWAIT): each pay goes alone.
          holdDepositsForOrders(processes, tx, orders.map(depositHoldOf), { now: at, nowait: true }),
          markOrdersPaid(
            tx,
            orders.map((order) => ({
              id: order.id,
              from: order.state,
              walletPaidFen: order.payableFen,
              ...paidColumnsOf(order, at),
            })),
            to,
          ),
          ledger.postMany(tx, orders.flatMap(payTransfersOf)),
        ] as const,
    );
    if (moved.some((step) => step.to !== to)) throw new Error('orders: a batch pay entered another state');
    if (written.length !== orders.length) throw new Error('orders: a batch pay found an order moved on');
    const rowById = new Map(written.map((row) => [row.id, row]));
    paying.forEach(({ index, order }, position) => {
      const row = rowById.get(order.id);
      if (row) results[index] = { order: row, timeline: moved[position]?.timeline ?? [] };
    });
    return results;
  }

  return createGroupCommit<WalletPay, Moved>({
    runOne: payAlone,
    runMany: (pays) => db.transaction((tx) => payTogether(tx, pays)),
    ...(deps.onFallback ? { onFallback: deps.onFallback } : {}),
  });
}

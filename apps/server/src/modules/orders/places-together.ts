import { MAX_UNPAID_ORDERS, orderProcess, type GoodsCard, type PlaceOrderRequest } from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { createGroupCommit } from '../../lib/group-commit.ts';
import { sentTogether } from '../../lib/sent-together.ts';
import { tryLockAllForTransaction } from '../../lib/locks.ts';
import { orderableBy, type OrderListings } from '../goods/index.ts';
import type { ProcessEngine } from '../process/index.ts';
import { newOrderNo, newOrderValues } from './new-order.ts';
import type { Moved } from './order-service.ts';
import { insertOrdersWithFreeNumbers, unpaidOrdersOfMany } from './order-statements.ts';

/** A buyer placing an order on a listing, with the card they were shown (read before placing). */
export interface Place {
  buyerId: number;
  goodsId: number;
  input: PlaceOrderRequest;
  card: GoodsCard;
}

/** The lock serialising a buyer's places (the unpaid-orders limit is checked by counting). */
export const buyerPlacingLock = (buyerId: number) => `orders:buyer:${buyerId}`;

/**
 * Places that arrive together are written by one transaction (lib/group-commit.ts), as wallet pays
 * are (wallet-pays-together.ts): the buyers' locks taken, their unpaid orders counted, the listings
 * locked, the orders inserted, the listings taken and the orders' processes started by one statement
 * each. The batch writes what the ordinary path (`placeAlone`) writes, from the same definitions,
 * and never waits for a lock another transaction holds. A place it cannot take for sure is left to
 * the ordinary path, which gives its answer: one with a bargain or a coupon (their own steps), a
 * second place of the same buyer or on the same listing in the batch, a buyer placing another order
 * right now or at the unpaid-orders limit, a listing being ordered right now (skipped, not waited
 * for), not on sale or the buyer's own, a 包赔 option it does not offer, and an order number drawn
 * twice.
 */
export function createPlaces(deps: {
  db: Database;
  now: () => Date;
  processes: ProcessEngine;
  listings: OrderListings;
  placeAlone: (place: Place) => Promise<Moved>;
  onFallback?: (error: unknown, size: number) => void;
}): (place: Place) => Promise<Moved> {
  const { db, now, processes, listings, placeAlone } = deps;

  /** The places the batch may take: plain ones, one per buyer and one per listing. */
  function plainPlaces(places: readonly Place[]) {
    const buyers = new Set<number>();
    const listed = new Set<number>();
    return places.flatMap((place, index) => {
      const { input, buyerId, goodsId } = place;
      if (input.bargain_id !== undefined || input.coupon_id !== undefined) return [];
      if (buyers.has(buyerId) || listed.has(goodsId)) return [];
      buyers.add(buyerId);
      listed.add(goodsId);
      return [{ index, place }];
    });
  }

  async function placeTogether(tx: Executor, places: readonly Place[]): Promise<(Moved | undefined)[]> {
    const results: (Moved | undefined)[] = places.map(() => undefined);
    const plain = plainPlaces(places);
    if (plain.length === 0) return results;
    // The counts run after the locks (one pipeline, in order), each on a snapshot taken after them.
    const [held, unpaid] = await sentTogether(
      tx,
      () =>
        [
          tryLockAllForTransaction(
            tx,
            plain.map(({ place }) => buyerPlacingLock(place.buyerId)),
          ),
          unpaidOrdersOfMany(
            tx,
            plain.map(({ place }) => place.buyerId),
          ),
        ] as const,
    );
    const free = plain.filter(({ place }) => held.has(buyerPlacingLock(place.buyerId)));
    const allowed = free.filter(({ place }) => unpaid(place.buyerId) < MAX_UNPAID_ORDERS);
    const locked = await listings.lockManyForOrders(
      tx,
      allowed.map(({ place }) => place.goodsId),
    );
    const rowById = new Map(locked.map((row) => [row.id, row]));
    const at = now();
    const numbers = new Set<string>();
    const candidates = allowed.flatMap(({ index, place }) => {
      const listing = rowById.get(place.goodsId);
      if (!listing || orderableBy(listing, place.buyerId) !== true) return [];
      const { guarantee } = place.input;
      if (guarantee && !listing.guarantees.includes(guarantee)) return [];
      const orderNo = newOrderNo(at);
      if (numbers.has(orderNo)) return [];
      numbers.add(orderNo);
      const values = newOrderValues({
        ...place,
        orderNo,
        listing,
        priceFen: listing.price,
        discountFen: 0,
        at,
      });
      return [{ index, place, listing, values }];
    });
    const inserted = await insertOrdersWithFreeNumbers(
      tx,
      candidates.map(({ values }) => values),
    );
    const orderByNo = new Map(inserted.map((order) => [order.orderNo, order]));
    const placed = candidates.flatMap((candidate) => {
      const order = orderByNo.get(candidate.values.orderNo);
      return order ? [{ ...candidate, order }] : [];
    });
    if (placed.length === 0) return results;
    const [, timelines] = await sentTogether(
      tx,
      () =>
        [
          listings.takeForOrders(
            tx,
            placed.map(({ listing, order }) => ({ row: listing, orderNo: order.orderNo })),
          ),
          processes.startMany(
            tx,
            placed.map(({ place, order }) => ({
              process: orderProcess,
              subjectId: order.id,
              actor: { role: 'buyer' as const, userId: place.buyerId },
              metadata: { goods_id: place.goodsId },
            })),
          ),
        ] as const,
    );
    placed.forEach(({ index, order }, position) => {
      results[index] = { order, timeline: timelines[position] ?? [] };
    });
    return results;
  }

  return createGroupCommit<Place, Moved>({
    runOne: placeAlone,
    runMany: (places) => db.transaction((tx) => placeTogether(tx, places)),
    ...(deps.onFallback ? { onFallback: deps.onFallback } : {}),
  });
}

import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  bargainProcess,
  bargainRules,
  bargainTabStatuses,
  ErrorCodes,
  fenToAmount,
  finalBargainStatuses,
  type Bargain,
  type BargainDetail,
  type BargainInfo,
  type BargainRole,
  type Page,
} from '@haoshi/contracts';
import type { z } from 'zod';
import type { bargainListQuerySchema } from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { fetchPage } from '../../lib/page.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import { bargainGoodsByIds, listingTerms, type ImageUrl, type ListingTerms } from '../goods/index.ts';
import { profilesOf } from '../identity/index.ts';
import { notify } from '../notifications/index.ts';
import type { ProcessActor, ProcessEngine } from '../process/index.ts';
import {
  addRound,
  limitRefusal,
  listingOpen,
  lockBargain,
  lockBuyer,
  moveBargain,
  offersToday,
  openCount,
  roleIn,
  deadlineOf,
  threadLink,
  type BargainRow,
} from './bargain-store.ts';
import { bargainRounds, bargains } from './tables.ts';

export interface BargainServiceDeps {
  db: Database;
  now: () => Date;
  processes: ProcessEngine;
  catalogue: CatalogueService;
  imageUrl: ImageUrl;
}

type ListQuery = z.output<typeof bargainListQuerySchema>;

const actorOf = (role: BargainRole, userId: number): ProcessActor => ({ role, userId });
const yuan = (fen: number) => `¥${fenToAmount(fen)}`;

/** Why a listing takes no offer from this buyer, whatever the price (undefined: it may). */
function listingRefusal(listing: ListingTerms | undefined, buyerId: number): AppError | undefined {
  if (!listing || listing.status === 'draft') return new AppError(ErrorCodes.GOODS_NOT_FOUND);
  if (listing.sellerId === buyerId) return new AppError(ErrorCodes.BARGAIN_OWN_GOODS);
  if (listing.status !== 'on_sale') return new AppError(ErrorCodes.BARGAIN_GOODS_UNAVAILABLE);
  if (!listing.bargain) return new AppError(ErrorCodes.BARGAIN_NOT_ACCEPTED);
  return undefined;
}

/** The price rules of an offer: at least the minimum, below the listing's price, not below its floor. */
function priceRefusal(listing: ListingTerms, priceFen: number): AppError | undefined {
  if (priceFen < bargainRules.minOfferFen)
    return new AppError(
      ErrorCodes.BARGAIN_OFFER_TOO_LOW,
      `出价不能低于${fenToAmount(bargainRules.minOfferFen)}元`,
    );
  if (priceFen >= listing.priceFen)
    return new AppError(
      ErrorCodes.BARGAIN_NOT_BELOW_PRICE,
      `出价需低于售价${fenToAmount(listing.priceFen)}元，可直接购买`,
    );
  if (listing.floorFen !== null && priceFen < listing.floorFen)
    return new AppError(ErrorCodes.BARGAIN_BELOW_FLOOR);
  return undefined;
}

/** What an existing bargain of the buyer on the listing allows: a first offer, an offer again, or nothing. */
function threadRefusal(open: BargainRow | undefined): AppError | undefined {
  if (!open || open.status === 'countered') {
    if (open && open.buyerRounds >= bargainRules.maxBuyerRounds)
      return new AppError(ErrorCodes.BARGAIN_ROUNDS_EXCEEDED);
    return undefined;
  }
  return new AppError(
    ErrorCodes.BARGAIN_ALREADY_OPEN,
    open.status === 'agreed' ? '卖家已同意你的出价，可直接按议价购买' : undefined,
  );
}

export function createBargainService(deps: BargainServiceDeps) {
  const { db, now, processes, catalogue, imageUrl } = deps;

  const openOf = async (executor: Executor, goodsId: number, buyerId: number, lock: boolean) => {
    const query = executor
      .select()
      .from(bargains)
      .where(
        and(
          eq(bargains.goodsId, goodsId),
          eq(bargains.buyerId, buyerId),
          inArray(bargains.status, ['offered', 'countered', 'agreed']),
        ),
      );
    const [row] = lock ? await query.for('update') : await query;
    return row;
  };

  async function toBargains(executor: Executor, rows: BargainRow[], viewerId: number): Promise<Bargain[]> {
    const [goodsById, profiles] = await Promise.all([
      bargainGoodsByIds(
        executor,
        rows.map((row) => row.goodsId),
        await catalogue.lookup(),
        imageUrl,
      ),
      profilesOf(
        executor,
        rows.map((row) => (row.buyerId === viewerId ? row.sellerId : row.buyerId)),
      ),
    ]);
    return rows.flatMap((row) => {
      const goods = goodsById.get(row.goodsId);
      if (!goods) return [];
      const role: BargainRole = row.buyerId === viewerId ? 'buyer' : 'seller';
      const other = role === 'buyer' ? row.sellerId : row.buyerId;
      return [
        {
          id: row.id,
          goods,
          role,
          status: row.status,
          status_label: bargainProcess.stateLabels[row.status],
          list_price: fenToAmount(row.listPriceFen),
          offer_price: fenToAmount(row.offerFen),
          counter_price: row.counterFen === null ? null : fenToAmount(row.counterFen),
          agreed_price: row.agreedFen === null ? null : fenToAmount(row.agreedFen),
          rounds_left: Math.max(0, bargainRules.maxBuyerRounds - row.buyerRounds),
          counterparty: profiles.get(other)?.nickname ?? '',
          deadline: row.deadline?.toISOString() ?? null,
          created_at: row.createdAt.toISOString(),
          updated_at: row.updatedAt.toISOString(),
        },
      ];
    });
  }

  async function detailOf(executor: Executor, row: BargainRow, viewerId: number): Promise<BargainDetail> {
    const [[bargain], rounds, timeline] = await Promise.all([
      toBargains(executor, [row], viewerId),
      executor
        .select()
        .from(bargainRounds)
        .where(eq(bargainRounds.bargainId, row.id))
        .orderBy(bargainRounds.id),
      processes.timeline(executor, bargainProcess, row.id),
    ]);
    if (!bargain) throw new AppError(ErrorCodes.BARGAIN_NOT_FOUND);
    return {
      ...bargain,
      rounds: rounds.map((round) => ({
        by: round.by,
        price: fenToAmount(round.priceFen),
        created_at: round.createdAt.toISOString(),
      })),
      timeline,
    };
  }

  /** Locks a bargain the user is a party to, in `tx`; answers it and the user's role. */
  async function lockAsParty(tx: Executor, userId: number, bargainId: number) {
    return roleIn(await lockBargain(tx, bargainId), userId);
  }

  async function act(
    userId: number,
    bargainId: number,
    work: (tx: Executor, row: BargainRow, role: BargainRole, at: Date) => Promise<BargainRow>,
  ): Promise<BargainDetail> {
    const row = await db.transaction(async (tx) => {
      const { row: locked, role } = await lockAsParty(tx, userId, bargainId);
      return work(tx, locked, role, now());
    });
    return detailOf(db, row, userId);
  }

  async function offer(buyerId: number, goodsId: number, priceFen: number): Promise<BargainDetail> {
    const row = await db.transaction(async (tx) => {
      const at = now();
      await lockBuyer(tx, buyerId);
      const listing = await listingTerms(tx, goodsId);
      const refusal = listingRefusal(listing, buyerId);
      if (refusal || !listing) throw refusal ?? new AppError(ErrorCodes.GOODS_NOT_FOUND);
      const open = await openOf(tx, goodsId, buyerId, true);
      const threadProblem = threadRefusal(open);
      if (threadProblem) throw threadProblem;
      const usage = { open: await openCount(tx, buyerId), today: await offersToday(tx, buyerId, at) };
      const limit = limitRefusal(usage, open !== undefined);
      if (limit) throw limit;
      const price = priceRefusal(listing, priceFen);
      if (price) throw price;
      const changes = { offerFen: priceFen, listPriceFen: listing.priceFen };
      let saved: BargainRow;
      if (open) {
        saved = await moveBargain(
          tx,
          { processes, at },
          {
            row: open,
            action: 'reoffer',
            actor: actorOf('buyer', buyerId),
            listingOpen: true,
            changes: { ...changes, buyerRounds: open.buyerRounds + 1 },
            metadata: { price: fenToAmount(priceFen) },
          },
        );
      } else {
        const [inserted] = await tx
          .insert(bargains)
          .values({
            ...changes,
            goodsId,
            buyerId,
            sellerId: listing.sellerId,
            status: bargainProcess.initial,
            deadline: deadlineOf(bargainProcess.initial, at),
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        if (!inserted) throw new AppError(ErrorCodes.BARGAIN_NOT_FOUND);
        await processes.start(tx, {
          process: bargainProcess,
          subjectId: inserted.id,
          actor: actorOf('buyer', buyerId),
          metadata: { price: fenToAmount(priceFen) },
        });
        saved = inserted;
      }
      await addRound(tx, saved, 'buyer', priceFen, at);
      await notify(tx, {
        userId: saved.sellerId,
        kind: 'bargain',
        channel: 'seller_helper',
        title: open ? '买家重新出价' : '收到新的议价',
        body: `买家对你的商品出价${yuan(priceFen)}（售价${yuan(listing.priceFen)}），请在24小时内回复`,
        link: threadLink(saved),
        at,
      });
      return saved;
    });
    return detailOf(db, row, buyerId);
  }

  function counter(sellerId: number, bargainId: number, priceFen: number) {
    return act(sellerId, bargainId, async (tx, row, role, at) => {
      const listing = await listingTerms(tx, row.goodsId);
      // The table refuses a counter from the buyer or from another state first; only then the price.
      const open = listingOpen(listing);
      processes.check({
        process: bargainProcess,
        subjectId: row.id,
        ownerId: row.buyerId,
        from: row.status,
        action: 'counter',
        actor: actorOf(role, sellerId),
        guards: { listing_open: open },
      });
      if (listing && (priceFen <= row.offerFen || priceFen >= listing.priceFen))
        throw new AppError(
          ErrorCodes.BARGAIN_COUNTER_INVALID,
          `还价需高于买家出价${fenToAmount(row.offerFen)}元且低于售价${fenToAmount(listing.priceFen)}元`,
        );
      const moved = await moveBargain(
        tx,
        { processes, at },
        {
          row,
          action: 'counter',
          actor: actorOf(role, sellerId),
          listingOpen: open,
          changes: { counterFen: priceFen },
          metadata: { price: fenToAmount(priceFen) },
        },
      );
      await addRound(tx, moved, 'seller', priceFen, at);
      await notify(tx, {
        userId: moved.buyerId,
        kind: 'bargain',
        title: '卖家还价了',
        body: `卖家还价${yuan(priceFen)}（你的出价${yuan(row.offerFen)}），请在24小时内回复`,
        link: threadLink(moved),
        at,
      });
      return moved;
    });
  }

  /** 同意: the seller agrees to the offer, or the buyer accepts the counter-offer. */
  function agree(userId: number, bargainId: number) {
    return act(userId, bargainId, async (tx, row, role, at) => {
      const listing = await listingTerms(tx, row.goodsId);
      const agreedFen = role === 'seller' ? row.offerFen : (row.counterFen ?? row.offerFen);
      const moved = await moveBargain(
        tx,
        { processes, at },
        {
          row,
          action: role === 'seller' ? 'agree' : 'accept',
          actor: actorOf(role, userId),
          listingOpen: listingOpen(listing),
          changes: { agreedFen, agreedUntil: deadlineOf('agreed', at) },
          metadata: { price: fenToAmount(agreedFen) },
        },
      );
      await notify(tx, {
        userId: role === 'seller' ? moved.buyerId : moved.sellerId,
        kind: 'bargain',
        channel: role === 'seller' ? 'system' : 'seller_helper',
        title: role === 'seller' ? '卖家同意了你的出价' : '买家接受了你的还价',
        body:
          role === 'seller'
            ? `议价成功，成交价${yuan(agreedFen)}，请在24小时内按议价购买`
            : `议价成功，成交价${yuan(agreedFen)}，等待买家下单`,
        link: threadLink(moved),
        at,
      });
      return moved;
    });
  }

  function reject(userId: number, bargainId: number) {
    return act(userId, bargainId, async (tx, row, role, at) => {
      const moved = await moveBargain(
        tx,
        { processes, at },
        { row, action: 'reject', actor: actorOf(role, userId) },
      );
      await notify(tx, {
        userId: moved.buyerId,
        kind: 'bargain',
        title: '卖家拒绝了你的出价',
        body: `你的出价${yuan(row.offerFen)}未被接受，可按原价购买或稍后重新议价`,
        link: threadLink(moved),
        at,
      });
      return moved;
    });
  }

  function cancel(userId: number, bargainId: number) {
    return act(userId, bargainId, async (tx, row, role, at) => {
      const moved = await moveBargain(
        tx,
        { processes, at },
        { row, action: 'cancel', actor: actorOf(role, userId) },
      );
      await notify(tx, {
        userId: moved.sellerId,
        kind: 'bargain',
        channel: 'seller_helper',
        title: '买家取消了议价',
        body: `买家已取消出价${yuan(row.offerFen)}的议价`,
        link: threadLink(moved),
        at,
      });
      return moved;
    });
  }

  /** Hides a finished bargain from the user's own list (the other party still sees it). */
  async function remove(userId: number, bargainId: number): Promise<void> {
    await db.transaction(async (tx) => {
      const { row, role } = await lockAsParty(tx, userId, bargainId);
      if (!finalBargainStatuses.includes(row.status)) throw new AppError(ErrorCodes.BARGAIN_DELETE_OPEN);
      const at = now();
      await tx
        .update(bargains)
        .set(role === 'buyer' ? { buyerHiddenAt: at } : { sellerHiddenAt: at })
        .where(eq(bargains.id, row.id));
    });
  }

  async function info(
    userId: number,
    query: { bargain_id?: number; goods_id?: number },
  ): Promise<BargainInfo> {
    let row: BargainRow | undefined;
    if (query.bargain_id !== undefined) {
      const [found] = await db.select().from(bargains).where(eq(bargains.id, query.bargain_id));
      row = roleIn(found, userId).row;
    } else if (query.goods_id !== undefined) {
      [row] = await db
        .select()
        .from(bargains)
        .where(
          and(
            eq(bargains.goodsId, query.goods_id),
            eq(bargains.buyerId, userId),
            isNull(bargains.buyerHiddenAt),
          ),
        )
        .orderBy(desc(bargains.id))
        .limit(1);
    }
    const goodsId = row?.goodsId ?? query.goods_id ?? 0;
    const at = now();
    const [listing, goodsById, open, today] = await Promise.all([
      listingTerms(db, goodsId),
      bargainGoodsByIds(db, [goodsId], await catalogue.lookup(), imageUrl),
      openCount(db, userId),
      offersToday(db, userId, at),
    ]);
    const goods = goodsById.get(goodsId);
    if (!goods || !listing || listing.status === 'draft') throw new AppError(ErrorCodes.GOODS_NOT_FOUND);
    const current = row && row.buyerId === userId && row.goodsId === goodsId ? row : undefined;
    const openThread =
      current && ['offered', 'countered', 'agreed'].includes(current.status) ? current : undefined;
    const refusal =
      listingRefusal(listing, userId) ??
      threadRefusal(openThread) ??
      limitRefusal({ open, today }, openThread !== undefined);
    return {
      goods,
      bargain: row ? await detailOf(db, row, userId) : null,
      can_offer: refusal === undefined,
      offer_refusal: refusal?.message ?? '',
      has_floor: listing.floorFen !== null,
      min_offer: fenToAmount(bargainRules.minOfferFen),
      open_count: open,
      max_open: bargainRules.maxOpenPerBuyer,
      today_offers: today,
      daily_max: bargainRules.dailyOffersPerBuyer,
      valid_hours: bargainRules.agreedValidSeconds / 3600,
    };
  }

  async function list(userId: number, role: BargainRole, query: ListQuery): Promise<Page<Bargain>> {
    const party =
      role === 'buyer'
        ? and(eq(bargains.buyerId, userId), isNull(bargains.buyerHiddenAt))
        : and(eq(bargains.sellerId, userId), isNull(bargains.sellerHiddenAt));
    const where = and(party, inArray(bargains.status, [...bargainTabStatuses[query.tab]]));
    const { rows, total } = await fetchPage(
      query.page,
      query.page_size,
      (limit, offset) =>
        db
          .select()
          .from(bargains)
          .where(where)
          .orderBy(desc(bargains.updatedAt), desc(bargains.id))
          .limit(limit)
          .offset(offset),
      db.select({ value: count() }).from(bargains).where(where),
    );
    return { list: await toBargains(db, rows, userId), total, page: query.page, page_size: query.page_size };
  }

  return { offer, counter, agree, reject, cancel, remove, info, list };
}

export type BargainService = ReturnType<typeof createBargainService>;

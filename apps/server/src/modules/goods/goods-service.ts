import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import {
  allowedActions,
  goodsProcess,
  attributeDisplay,
  ErrorCodes,
  fenToAmount,
  GOODS_QR_TTL_SECONDS,
  goodsStatusLabels,
  resizedImageUrl,
  type GoodsData,
  type GoodsDetail,
  type Screenshot,
} from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { randomToken } from '../../lib/crypto.ts';
import { addSeconds, chinaDay } from '../../lib/time.ts';
import type { CatalogueGameEntry, CatalogueService } from '../catalogue/index.ts';
import { goods, goodsQrTickets, goodsViewMarks, stores } from './tables.ts';
import { goodsRow, type GoodsRow } from './goods-repo.ts';
import { toCard, type ImageUrl } from './goods-cards.ts';
import { isPublic, isSaved, listingVisibleTo, recordVisit } from './interaction-service.ts';
import { privacyOf } from '../privacy/index.ts';
import { sellerCard } from './store-service.ts';

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

export interface GoodsService {
  /** `viewer` identifies the reader for counting views once a day: the user, else the address (viewer.ts). */
  detail(
    goodsId: number,
    viewer: { userId: number | undefined; key: string },
    qrTicket: string | undefined,
  ): Promise<GoodsDetail>;
  data(goodsId: number, userId: number): Promise<GoodsData>;
  report(goodsId: number): Promise<ReportData>;
  createQr(goodsId: number): Promise<{ ticket: string; qr_content: string; expires_at: string }>;
  qrStatus(ticket: string): Promise<{ state: 'waiting' | 'scanned' | 'expired'; scanned_at: string | null }>;
  /** A public listing or 3001 (drafts and withdrawn listings do not exist for others). */
  visible(goodsId: number): Promise<GoodsRow>;
}

export type ReportData = Awaited<ReturnType<typeof buildReport>>;

export function screenshotsOf(keys: readonly string[], imageUrl: ImageUrl): Screenshot[] {
  return keys.map((key) => ({ key, url: imageUrl(key), thumb: resizedImageUrl(imageUrl(key), 240) }));
}

function displayPairs(entry: CatalogueGameEntry, row: GoodsRow) {
  const attributes = entry.schema.fields.flatMap((field) =>
    row.attrs[field.key] === undefined
      ? []
      : [{ key: field.key, label: field.label, value: attributeDisplay(field, row.attrs[field.key] ?? '') }],
  );
  const bindings = entry.schema.bindings.flatMap((field) =>
    row.bindings[field.key] === undefined
      ? []
      : [
          {
            key: field.key,
            label: field.label,
            value: attributeDisplay(field, row.bindings[field.key] ?? ''),
          },
        ],
  );
  return { attributes, bindings };
}

function buildReport(entry: CatalogueGameEntry, row: GoodsRow, imageUrl: ImageUrl) {
  const { attributes, bindings } = displayPairs(entry, row);
  const binding = (key: string) => row.bindings[key];
  return {
    goods_id: row.id,
    title: row.title,
    game_name: entry.game.name,
    verified: row.verifiedAt !== null,
    verified_at: row.verifiedAt?.toISOString() ?? null,
    checks: [
      {
        item: '官方截图核验',
        passed: row.verifiedAt !== null,
        note: row.verifiedAt ? '客服已核对截图与游戏内信息一致' : '截图由卖家上传，尚未经客服核验',
      },
      {
        item: '手机换绑',
        passed: binding('phone') !== 'verify',
        note: binding('phone') === 'verify' ? '换绑需原手机验证，交易时卖家须配合' : '手机可直接换绑或未绑定',
      },
      {
        item: '二次实名',
        passed: binding('real_name') !== 'second_no',
        note: binding('real_name') === 'second_no' ? '不可二次实名，存在找回风险' : '可二次实名或未实名',
      },
      {
        item: '支持换绑',
        passed: binding('can_rebind') === true,
        note: binding('can_rebind') === true ? '卖家承诺配合完成全部换绑' : '部分信息无法换绑',
      },
      {
        item: '包赔服务',
        passed: row.guarantees.length > 0,
        note: row.guarantees.length > 0 ? '可购买包赔，找回全额赔付' : '该商品不支持包赔',
      },
    ],
    attributes,
    bindings,
    screenshots: screenshotsOf(row.screenshots, imageUrl),
  };
}

export function createGoodsService(options: {
  db: Database;
  catalogue: CatalogueService;
  imageUrl: ImageUrl;
  now: () => Date;
}): GoodsService {
  const { db, catalogue, imageUrl, now } = options;

  async function visible(goodsId: number): Promise<GoodsRow> {
    const row = await goodsRow(db, goodsId);
    if (!row || !isPublic(row.status)) throw new AppError(ErrorCodes.GOODS_NOT_FOUND);
    return row;
  }

  return {
    visible,

    async detail(goodsId, viewer, qrTicket) {
      const viewerId = viewer.userId;
      const row = await goodsRow(db, goodsId);
      const mine = row !== undefined && row.sellerId === viewerId;
      if (!row || !listingVisibleTo(row, viewerId)) throw new AppError(ErrorCodes.GOODS_NOT_FOUND);
      const entry = await catalogue.entry(row.gameId);
      let viewCounted = false;
      if (!mine) {
        viewCounted = await db.transaction(async (tx) => {
          // At most one view per viewer, listing and China day; the unique key settles parallel requests.
          const counted = await tx
            .insert(goodsViewMarks)
            .values({ goodsId: row.id, viewer: viewer.key, day: chinaDay(now()), createdAt: now() })
            .onConflictDoNothing()
            .returning({ goodsId: goodsViewMarks.goodsId });
          if (counted.length > 0) {
            await tx
              .update(goods)
              .set({ views: sql`${goods.views} + 1`, heat: sql`${goods.heat} + 1` })
              .where(eq(goods.id, row.id));
          }
          // A footprint (and so a visit in the seller's visitors) only when the viewer allows traces.
          if (viewerId !== undefined && (await privacyOf(tx, viewerId)).visitor_traces)
            await recordVisit(tx, viewerId, row.id, row.sellerId, now());
          if (qrTicket) {
            await tx
              .update(goodsQrTickets)
              .set({ scannedAt: now() })
              .where(
                and(
                  eq(goodsQrTickets.ticketHash, hashTicket(qrTicket)),
                  eq(goodsQrTickets.goodsId, row.id),
                  gt(goodsQrTickets.expiresAt, now()),
                ),
              );
          }
          return counted.length > 0;
        });
      }
      const [seller, saved, [store], lookup] = await Promise.all([
        sellerCard(db, row.sellerId, imageUrl),
        viewerId === undefined || mine ? Promise.resolve(false) : isSaved(db, viewerId, row.id),
        db.select({ name: stores.name }).from(stores).where(eq(stores.userId, row.sellerId)),
        catalogue.lookup(),
      ]);
      const card = toCard(
        {
          ...row,
          cover: row.screenshots[0] ?? null,
          storeName: store?.name ?? '',
          views: viewCounted ? row.views + 1 : row.views,
        },
        lookup,
        imageUrl,
      );
      const { attributes, bindings } = displayPairs(entry, row);
      const onSale = row.status === 'on_sale';
      return {
        ...card,
        description: row.description,
        status: row.status,
        status_label: goodsStatusLabels[row.status],
        attributes,
        bindings,
        guarantees: entry.schema.guarantees.filter((option) => row.guarantees.includes(option.code)),
        screenshots: screenshotsOf(row.screenshots, imageUrl),
        verified_at: row.verifiedAt?.toISOString() ?? null,
        seller: seller ?? {
          id: row.sellerId,
          store_name: '',
          avatar: '',
          intro: '',
          rating: '5.00',
          deals: 0,
          followers: 0,
          on_sale: 0,
          joined_at: row.createdAt.toISOString(),
        },
        is_mine: mine,
        saved,
        can_buy: onSale && !mine,
        can_bargain: onSale && !mine && row.bargain,
      };
    },

    async data(goodsId, userId) {
      const row = await goodsRow(db, goodsId);
      if (!row) throw new AppError(ErrorCodes.GOODS_NOT_FOUND);
      if (row.sellerId !== userId) throw new AppError(ErrorCodes.GOODS_NOT_OWNER);
      return goodsDataOf(row, imageUrl);
    },

    async report(goodsId) {
      const row = await visible(goodsId);
      return buildReport(await catalogue.entry(row.gameId), row, imageUrl);
    },

    async createQr(goodsId) {
      const row = await visible(goodsId);
      const ticket = randomToken(18);
      const expiresAt = addSeconds(now(), GOODS_QR_TTL_SECONDS);
      await db
        .insert(goodsQrTickets)
        .values({ ticketHash: hashTicket(ticket), goodsId: row.id, expiresAt, createdAt: now() });
      return {
        ticket,
        qr_content: `/goodsDetail?goods_id=${row.id}&qr_ticket=${ticket}`,
        expires_at: expiresAt.toISOString(),
      };
    },

    async qrStatus(ticket) {
      const [row] = await db
        .select()
        .from(goodsQrTickets)
        .where(eq(goodsQrTickets.ticketHash, hashTicket(ticket)));
      if (!row) throw new AppError(ErrorCodes.GOODS_QR_EXPIRED);
      if (row.scannedAt) return { state: 'scanned', scanned_at: row.scannedAt.toISOString() };
      return { state: row.expiresAt <= now() ? 'expired' : 'waiting', scanned_at: null };
    },
  };
}

/** The owner's view: everything, private fields included. */
export function goodsDataOf(row: GoodsRow, imageUrl: ImageUrl): GoodsData {
  return {
    id: row.id,
    game_id: row.gameId,
    platform: row.platform,
    partition_id: row.partitionId,
    title: row.title,
    description: row.description,
    attrs: row.attrs,
    bindings: row.bindings,
    guarantees: row.guarantees,
    screenshots: screenshotsOf(row.screenshots, imageUrl),
    price: fenToAmount(row.price),
    original_price: row.originalPrice === null ? null : fenToAmount(row.originalPrice),
    bargain: row.bargain,
    bargain_floor: row.bargainFloor === null ? null : fenToAmount(row.bargainFloor),
    urgent: row.urgent,
    account_hint: row.accountHint,
    private_note: row.privateNote,
    review_note: row.reviewNote,
    status: row.status,
    status_label: goodsStatusLabels[row.status],
    tags: row.tags,
    actions: allowedActions(goodsProcess, row.status, ['owner']),
    views: row.views,
    favourites: row.favourites,
    listed_at: row.listedAt?.toISOString() ?? null,
    verified_at: row.verifiedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

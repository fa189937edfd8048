import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  allowedActions,
  ErrorCodes,
  goodsProcess,
  goodsStatusLabels,
  validateListingProperties,
  type FieldProblem,
  type GoodsAction,
  type GoodsData,
  type GoodsStatus,
  type MyGoodsItem,
  type Page,
  type publishRequestSchema,
  type repriceRequestSchema,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { rolesOf } from '../identity/index.ts';
import type { CatalogueGameEntry, CatalogueService } from '../catalogue/index.ts';
import type { ProcessActor, ProcessEngine } from '../process/index.ts';
import type { UploadService } from '../storage/index.ts';
import { goods, stores } from './tables.ts';
import { cardColumns, goodsRow, type GoodsRow } from './goods-repo.ts';
import { toCard, type ImageUrl } from './goods-cards.ts';
import { goodsDataOf } from './goods-service.ts';
import { deriveFields, rankScoreOf, type ListingSource } from './listing-fields.ts';
import { ensureStore } from './store-service.ts';
import {
  changedFields,
  changeRecord,
  changesAny,
  moderatedFields,
  verifiedFields,
  type ListingContent,
} from './listing-content.ts';

export type PublishInput = z.output<typeof publishRequestSchema>;
export type RepriceInput = z.output<typeof repriceRequestSchema>;

export interface PublishService {
  publish(user: { id: number; nickname: string }, input: PublishInput): Promise<GoodsData>;
  submit(userId: number, goodsId: number): Promise<GoodsData>;
  shelf(userId: number, goodsId: number, action: 'on' | 'off'): Promise<GoodsData>;
  reprice(userId: number, input: RepriceInput): Promise<GoodsData>;
  verifyScreenshots(staffId: number, goodsId: number, verified: boolean): Promise<GoodsData>;
  mine(
    userId: number,
    status: GoodsStatus | undefined,
    page: number,
    pageSize: number,
  ): Promise<Page<MyGoodsItem>>;
}

/** Words a listing may not carry: cheating tools and accounts that are banned or for hire. */
const bannedWords = ['外挂', '辅助软件', '脚本', '黑号', '封号', '代练'];

const refuse = (problems: FieldProblem[]) => {
  const [first] = problems;
  if (!first) return;
  throw new AppError(ErrorCodes.VALIDATION_FAILED, `${first.message}（${first.field}）`, {
    field: first.field,
    data: { fields: problems },
  });
};

export function createPublishService(options: {
  db: Database;
  catalogue: CatalogueService;
  uploads: UploadService;
  imageUrl: ImageUrl;
  now: () => Date;
  onChange: () => void;
  processes: ProcessEngine;
}): PublishService {
  const { db, catalogue, uploads, imageUrl, now, onChange, processes } = options;
  const system: ProcessActor = { role: 'system', userId: null };
  const owner = (row: GoodsRow): ProcessActor => ({ role: 'owner', userId: row.sellerId });

  /** Takes `action` on a locked listing through the engine (refused: 3003); answers the new status. */
  const move = (
    tx: Executor,
    row: GoodsRow,
    action: GoodsAction,
    actor: ProcessActor,
    extra: { reason?: string; complete?: boolean; metadata?: Record<string, unknown> } = {},
  ): Promise<GoodsStatus> =>
    processes.applyTransition(tx, {
      process: goodsProcess,
      subjectId: row.id,
      ownerId: row.sellerId,
      from: row.status,
      action,
      actor,
      ...(extra.complete === undefined ? {} : { guards: { complete: extra.complete } }),
      ...(extra.reason ? { reason: extra.reason } : {}),
      ...(extra.metadata ? { metadata: extra.metadata } : {}),
    });

  async function checkInput(
    input: PublishInput,
  ): Promise<{ entry: CatalogueGameEntry; partitionName: string }> {
    const entry = await catalogue.entry(input.game_id);
    const problems: FieldProblem[] = [];
    if (!entry.game.platforms.includes(input.platform))
      problems.push({ field: 'platform', message: '该游戏不支持此平台' });
    const partition = entry.partitions.find((candidate) => candidate.id === input.partition_id);
    if (!partition || partition.platform !== input.platform)
      problems.push({ field: 'partition_id', message: '请选择该平台下的区服' });
    problems.push(...validateListingProperties(entry.schema, input.attrs, input.bindings));
    const offered = new Set(entry.schema.guarantees.map((option) => option.code));
    if (!input.guarantees.every((code) => offered.has(code)))
      problems.push({ field: 'guarantees', message: '该游戏不支持所选包赔服务' });
    if (new Set(input.guarantees).size !== input.guarantees.length)
      problems.push({ field: 'guarantees', message: '包赔服务有重复' });
    if (input.screenshots.length > entry.schema.maxScreenshots)
      problems.push({ field: 'screenshots', message: `截图最多${entry.schema.maxScreenshots}张` });
    if (new Set(input.screenshots).size !== input.screenshots.length)
      problems.push({ field: 'screenshots', message: '截图有重复' });
    if (input.original_price !== undefined && input.original_price < input.price)
      problems.push({ field: 'original_price', message: '原价不能低于售价' });
    if (input.bargain && input.bargain_floor !== undefined && input.bargain_floor >= input.price)
      problems.push({ field: 'bargain_floor', message: '最低可议价需低于售价' });
    refuse(problems);
    return { entry, partitionName: partition?.name ?? '' };
  }

  const sourceOf = (row: GoodsRow, partitionName: string): ListingSource => ({
    title: row.title,
    description: row.description,
    platform: row.platform,
    partitionName,
    attrs: row.attrs,
    bindings: row.bindings,
    guarantees: row.guarantees,
    bargain: row.bargain,
    urgent: row.urgent,
    verified: row.verifiedAt !== null,
  });

  async function partitionName(row: GoodsRow) {
    return (await catalogue.lookup()).partitions.get(row.partitionId)?.name ?? '';
  }

  /**
   * submit / shelf_on / revise: the completeness guard, then the automatic review (approve or send
   * back). A revised listing keeps its listing time: an edit does not bump it up the lists.
   */
  async function review(
    tx: Executor,
    row: GoodsRow,
    action: 'submit' | 'shelf_on' | 'revise',
    metadata?: Record<string, unknown>,
  ): Promise<GoodsRow> {
    const entry = await catalogue.entry(row.gameId);
    refuse(validateListingProperties(entry.schema, row.attrs, row.bindings));
    if (row.screenshots.length < entry.schema.minScreenshots) {
      throw new AppError(ErrorCodes.GOODS_INCOMPLETE, `请至少上传${entry.schema.minScreenshots}张截图`, {
        field: 'screenshots',
      });
    }
    const pending = await move(tx, row, action, owner(row), {
      complete: true,
      ...(metadata ? { metadata } : {}),
    });
    const reviewed = { ...row, status: pending };
    const banned = bannedWords.find((word) => row.title.includes(word) || row.description.includes(word));
    const at = now();
    const listedAt = action === 'revise' && row.listedAt ? row.listedAt : at;
    const note = banned ? `标题或描述含违规内容“${banned}”，请修改后重新提交` : '';
    const values = banned
      ? {
          status: await move(tx, reviewed, 'reject', system, { reason: note }),
          reviewNote: note,
          updatedAt: at,
        }
      : {
          status: await move(tx, reviewed, 'approve', system),
          reviewNote: '',
          listedAt,
          rankScore: rankScoreOf(listedAt, row.tags),
          updatedAt: at,
        };
    const [updated] = await tx.update(goods).set(values).where(eq(goods.id, row.id)).returning();
    if (!updated) throw new AppError(ErrorCodes.GOODS_NOT_FOUND);
    return updated;
  }

  async function ownedRow(tx: Executor, userId: number, goodsId: number): Promise<GoodsRow> {
    const row = await goodsRow(tx, goodsId, true);
    if (!row) throw new AppError(ErrorCodes.GOODS_NOT_FOUND);
    if (row.sellerId !== userId) throw new AppError(ErrorCodes.GOODS_NOT_OWNER);
    return row;
  }

  async function write(work: (tx: Executor) => Promise<GoodsRow>): Promise<GoodsData> {
    const row = await db.transaction(work);
    onChange();
    return goodsDataOf(row, imageUrl);
  }

  return {
    async publish(user, input) {
      const { entry, partitionName: partitionText } = await checkInput(input);
      const content: ListingContent = {
        gameId: input.game_id,
        platform: input.platform,
        partitionId: input.partition_id,
        title: input.title,
        description: input.description,
        attrs: input.attrs,
        bindings: input.bindings,
        guarantees: input.guarantees,
        screenshots: input.screenshots,
        price: input.price,
        originalPrice: input.original_price ?? null,
        bargain: input.bargain,
        bargainFloor: input.bargain ? (input.bargain_floor ?? null) : null,
        urgent: input.urgent,
        accountHint: input.account_hint,
        privateNote: input.private_note,
      };
      return write(async (tx) => {
        const existing =
          input.goods_id === undefined ? undefined : await ownedRow(tx, user.id, input.goods_id);
        const changed = existing ? changedFields(existing, content) : [];
        // On sale, a change of what moderation judged is a revision (reviewed again after the write).
        const revise = existing?.status === 'on_sale' && changesAny(changed, moderatedFields);
        if (existing && !revise)
          await move(tx, existing, 'edit', owner(existing), { metadata: changeRecord(changed) });
        const known = new Set(existing?.screenshots ?? []);
        await uploads.confirmOwned(
          tx,
          user.id,
          'goods_screenshot',
          input.screenshots.filter((key) => !known.has(key)),
        );
        await ensureStore(tx, user.id, user.nickname);
        const verified =
          existing !== undefined && existing.verifiedAt !== null && !changesAny(changed, verifiedFields);
        const derived = deriveFields({ ...input, partitionName: partitionText, verified }, entry);
        const values = {
          ...content,
          sellerId: user.id,
          ...derived,
          ...(verified ? {} : { verifiedAt: null, verifiedBy: null }),
          ...(existing?.listedAt ? { rankScore: rankScoreOf(existing.listedAt, derived.tags) } : {}),
          updatedAt: now(),
        };
        const [saved] = existing
          ? await tx.update(goods).set(values).where(eq(goods.id, existing.id)).returning()
          : await tx
              .insert(goods)
              .values({ ...values, status: 'draft', createdAt: now() })
              .returning();
        if (!saved) throw new AppError(ErrorCodes.GOODS_NOT_FOUND);
        if (!existing)
          await processes.start(tx, { process: goodsProcess, subjectId: saved.id, actor: owner(saved) });
        if (revise) return review(tx, saved, 'revise', changeRecord(changed));
        return input.submit && saved.status !== 'on_sale' ? review(tx, saved, 'submit') : saved;
      });
    },

    submit: (userId, goodsId) =>
      write(async (tx) => review(tx, await ownedRow(tx, userId, goodsId), 'submit')),

    shelf: (userId, goodsId, action) =>
      write(async (tx) => {
        const row = await ownedRow(tx, userId, goodsId);
        if (action === 'on') return review(tx, row, 'shelf_on');
        const [updated] = await tx
          .update(goods)
          .set({ status: await move(tx, row, 'shelf_off', owner(row)), updatedAt: now() })
          .where(eq(goods.id, row.id))
          .returning();
        if (!updated) throw new AppError(ErrorCodes.GOODS_NOT_FOUND);
        return updated;
      }),

    reprice: (userId, input) =>
      write(async (tx) => {
        const row = await ownedRow(tx, userId, input.goods_id);
        const originalPrice = input.original_price === undefined ? row.originalPrice : input.original_price;
        const changed = changedFields(row, { ...row, price: input.price, originalPrice });
        await move(tx, row, 'reprice', owner(row), {
          metadata: { ...changeRecord(changed), price_from: row.price, price_to: input.price },
        });
        if (originalPrice !== null && originalPrice < input.price)
          refuse([{ field: 'original_price', message: '原价不能低于售价' }]);
        if (row.bargain && row.bargainFloor !== null && row.bargainFloor >= input.price)
          refuse([{ field: 'price', message: '售价需高于最低可议价，请先在编辑中修改最低可议价' }]);
        const verified = row.verifiedAt !== null && !changesAny(changed, verifiedFields);
        const at = now();
        const entry = await catalogue.entry(row.gameId);
        const derived = deriveFields({ ...sourceOf(row, await partitionName(row)), verified }, entry);
        const [updated] = await tx
          .update(goods)
          .set({
            price: input.price,
            originalPrice,
            ...derived,
            ...(verified ? {} : { verifiedAt: null, verifiedBy: null }),
            ...(row.listedAt ? { rankScore: rankScoreOf(row.listedAt, derived.tags) } : {}),
            updatedAt: at,
          })
          .where(eq(goods.id, row.id))
          .returning();
        if (!updated) throw new AppError(ErrorCodes.GOODS_NOT_FOUND);
        return updated;
      }),

    async verifyScreenshots(staffId, goodsId, verified) {
      const roles = await rolesOf(db, staffId);
      const role = roles.includes('customer_service')
        ? 'customer_service'
        : roles.includes('admin')
          ? 'admin'
          : null;
      if (!role) throw new AppError(ErrorCodes.FORBIDDEN);
      return write(async (tx) => {
        const row = await goodsRow(tx, goodsId, true);
        if (!row) throw new AppError(ErrorCodes.GOODS_NOT_FOUND);
        await move(
          tx,
          row,
          'verify_screenshots',
          { role, userId: staffId },
          {
            reason: verified ? '核验通过' : '取消核验',
          },
        );
        if (verified && row.screenshots.length === 0)
          throw new AppError(ErrorCodes.GOODS_INCOMPLETE, '该商品没有可核验的截图', { field: 'screenshots' });
        const at = now();
        const entry = await catalogue.entry(row.gameId);
        const derived = deriveFields({ ...sourceOf(row, await partitionName(row)), verified }, entry);
        const [updated] = await tx
          .update(goods)
          .set({
            ...derived,
            verifiedAt: verified ? at : null,
            verifiedBy: verified ? staffId : null,
            ...(row.listedAt ? { rankScore: rankScoreOf(row.listedAt, derived.tags) } : {}),
            updatedAt: at,
          })
          .where(eq(goods.id, row.id))
          .returning();
        if (!updated) throw new AppError(ErrorCodes.GOODS_NOT_FOUND);
        return updated;
      });
    },

    async mine(userId, status, page, pageSize) {
      const where = and(
        eq(goods.sellerId, userId),
        status === undefined ? undefined : eq(goods.status, status),
      );
      const [rows, [total], lookup] = await Promise.all([
        db
          .select({
            ...cardColumns,
            status: goods.status,
            reviewNote: goods.reviewNote,
            updatedAt: goods.updatedAt,
          })
          .from(goods)
          .leftJoin(stores, eq(stores.userId, goods.sellerId))
          .where(where)
          .orderBy(desc(goods.updatedAt), desc(goods.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ value: count() }).from(goods).where(where),
        catalogue.lookup(),
      ]);
      return {
        list: rows.map((row) => ({
          ...toCard(row, lookup, imageUrl),
          status: row.status,
          status_label: goodsStatusLabels[row.status],
          actions: allowedActions(goodsProcess, row.status, ['owner']),
          review_note: row.reviewNote,
          updated_at: row.updatedAt.toISOString(),
        })),
        total: total?.value ?? 0,
        page,
        page_size: pageSize,
      };
    },
  };
}

import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import {
  ErrorCodes,
  luhnValid,
  bankCardPattern,
  maskPayoutAccount,
  maskRealName,
  normalizeRealName,
  PAYOUT_METHODS_MAX,
  type AddPayoutMethodBody,
  type PayoutMethodItem,
  type PayoutMethodList,
  type PayoutMethodType,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { assertPhoneBound, assertRealNameVerified, type RealNameService } from '../real-name/index.ts';
import { finishedUploadPurpose } from '../storage/index.ts';
import { payoutMethods } from './tables.ts';
import { lockForTransaction } from '../../lib/locks.ts';

/** A live payout method with the full account: for the payout provider, never for a response. */
export interface PayoutMethodForPayout {
  id: number;
  type: PayoutMethodType;
  accountMasked: string;
  holderName: string;
  account: string;
  bankName?: string;
  qrImage?: string;
}

type PayoutMethodRow = typeof payoutMethods.$inferSelect;

const liveMethodOf = async (db: Executor, userId: number, methodId: number) =>
  (
    await db
      .select()
      .from(payoutMethods)
      .where(
        and(
          eq(payoutMethods.id, methodId),
          eq(payoutMethods.userId, userId),
          isNull(payoutMethods.deletedAt),
        ),
      )
  )[0];

/**
 * The user's own live payout method, or 4401 (not found, deleted or someone else's; the message
 * does not tell which, so ids of other users' methods cannot be probed).
 */
export async function getPayoutMethodForUser(
  db: Executor,
  userId: number,
  methodId: number,
): Promise<PayoutMethodForPayout> {
  const row = await liveMethodOf(db, userId, methodId);
  if (!row) throw new AppError(ErrorCodes.PAYOUT_METHOD_NOT_FOUND);
  return {
    id: row.id,
    type: row.type,
    accountMasked: row.accountMasked,
    holderName: row.holderName,
    account: row.account,
    ...(row.bankName ? { bankName: row.bankName } : {}),
    ...(row.qrImage ? { qrImage: row.qrImage } : {}),
  };
}

export interface PayoutMethodServiceDeps {
  db: Database;
  realName: RealNameService;
  /**
   * Ids among the user's methods that money is still on its way to (withdrawals, which depend on
   * this module, answer it; the app passes their function in).
   */
  methodsInUse: (executor: Executor, userId: number) => Promise<Set<number>>;
  imageUrl: (key: string) => string;
  now: () => Date;
}

export function createPayoutMethodService(deps: PayoutMethodServiceDeps) {
  const { db, realName, methodsInUse, imageUrl, now } = deps;

  const toItem = (row: PayoutMethodRow, inUse: Set<number>): PayoutMethodItem => ({
    id: row.id,
    type: row.type,
    account_masked: row.accountMasked,
    holder_name_masked: maskRealName(row.holderName),
    bank_name: row.bankName,
    qr_image_url: row.qrImage ? imageUrl(row.qrImage) : null,
    in_use: inUse.has(row.id),
    created_at: row.createdAt.toISOString(),
  });

  const lockUser = (tx: Executor, userId: number) => lockForTransaction(tx, `payout-methods:${userId}`);

  /**
   * The upload must be this user's, stored and checked (the built-in provider's PUT marks it used),
   * and made for a payout code: a listing screenshot or an avatar is refused.
   */
  async function assertOwnUpload(tx: Executor, userId: number, key: string): Promise<void> {
    const purpose = await finishedUploadPurpose(tx, { userId, key });
    if (!purpose)
      throw new AppError(ErrorCodes.UPLOAD_NOT_FOUND, '收款码未上传成功，请重新上传', { field: 'qr_image' });
    if (purpose !== 'payout_qr')
      throw new AppError(ErrorCodes.UPLOAD_PURPOSE_MISMATCH, '请上传收款码图片', { field: 'qr_image' });
  }

  async function list(userId: number): Promise<PayoutMethodList> {
    const rows = await db
      .select()
      .from(payoutMethods)
      .where(and(eq(payoutMethods.userId, userId), isNull(payoutMethods.deletedAt)))
      .orderBy(asc(payoutMethods.id));
    const inUse = await methodsInUse(db, userId);
    const verified = await assertRealNameVerified(db, userId).then(
      () => true,
      () => false,
    );
    return {
      list: rows.map((row) => toItem(row, inUse)),
      max: PAYOUT_METHODS_MAX,
      real_name_verified: verified,
    };
  }

  async function add(userId: number, request: AddPayoutMethodBody): Promise<PayoutMethodItem> {
    const holderName = normalizeRealName(request.holder_name);
    const row = await db.transaction(async (tx) => {
      await assertRealNameVerified(tx, userId);
      await assertPhoneBound(tx, userId);
      let account = request.account ?? '';
      let qrImage: string | null = null;
      if (request.type === 'bank' && (!bankCardPattern.test(account) || !luhnValid(account)))
        throw new AppError(ErrorCodes.PAYOUT_CARD_INVALID, undefined, { field: 'account' });
      if (request.type === 'wechat') {
        qrImage = 'qr_image' in request && request.qr_image ? request.qr_image : null;
        if (!account && !qrImage)
          throw new AppError(ErrorCodes.PAYOUT_WECHAT_INVALID, undefined, { field: 'account' });
        if (qrImage) await assertOwnUpload(tx, userId, qrImage);
        // A method with only a receive code is told apart by its image.
        if (!account && qrImage) account = `qr:${qrImage}`;
      }
      if (!(await realName.nameMatches(tx, userId, holderName)))
        throw new AppError(ErrorCodes.PAYOUT_HOLDER_MISMATCH, undefined, { field: 'holder_name' });

      await lockUser(tx, userId);
      const live = and(eq(payoutMethods.userId, userId), isNull(payoutMethods.deletedAt));
      const [duplicate] = await tx
        .select({ id: payoutMethods.id })
        .from(payoutMethods)
        .where(and(live, eq(payoutMethods.type, request.type), eq(payoutMethods.account, account)));
      if (duplicate) throw new AppError(ErrorCodes.PAYOUT_METHOD_DUPLICATE, undefined, { field: 'account' });
      const [total] = await tx.select({ value: count() }).from(payoutMethods).where(live);
      if ((total?.value ?? 0) >= PAYOUT_METHODS_MAX)
        throw new AppError(
          ErrorCodes.PAYOUT_METHOD_LIMIT,
          `最多添加${PAYOUT_METHODS_MAX}个收款方式，请删除不用的后再添加`,
        );
      const at = now();
      const [inserted] = await tx
        .insert(payoutMethods)
        .values({
          userId,
          type: request.type,
          account,
          accountMasked: account.startsWith('qr:') ? '微信收款码' : maskPayoutAccount(request.type, account),
          holderName,
          bankName: request.type === 'bank' && 'bank_name' in request ? request.bank_name : null,
          qrImage,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (!inserted) throw new AppError(ErrorCodes.INTERNAL_ERROR);
      return inserted;
    });
    return toItem(row, new Set());
  }

  async function remove(userId: number, methodId: number): Promise<void> {
    await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const row = await liveMethodOf(tx, userId, methodId);
      if (!row) throw new AppError(ErrorCodes.PAYOUT_METHOD_NOT_FOUND);
      if ((await methodsInUse(tx, userId)).has(methodId)) throw new AppError(ErrorCodes.PAYOUT_METHOD_IN_USE);
      await tx
        .update(payoutMethods)
        .set({ deletedAt: now(), updatedAt: now() })
        .where(eq(payoutMethods.id, methodId));
    });
  }

  async function changeQrCode(userId: number, methodId: number, qrImage: string): Promise<PayoutMethodItem> {
    const row = await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const method = await liveMethodOf(tx, userId, methodId);
      if (!method) throw new AppError(ErrorCodes.PAYOUT_METHOD_NOT_FOUND);
      if (method.type !== 'wechat') throw new AppError(ErrorCodes.PAYOUT_QR_WECHAT_ONLY);
      await assertOwnUpload(tx, userId, qrImage);
      const [updated] = await tx
        .update(payoutMethods)
        .set({ qrImage, updatedAt: now() })
        .where(eq(payoutMethods.id, methodId))
        .returning();
      if (!updated) throw new AppError(ErrorCodes.INTERNAL_ERROR);
      return updated;
    });
    return toItem(row, await methodsInUse(db, userId));
  }

  return { list, add, remove, changeQrCode };
}

export type PayoutMethodService = ReturnType<typeof createPayoutMethodService>;

/** Live payout methods of the user, newest first (summaries only, never the full account). */
export const payoutMethodSummaries = (executor: Executor, userId: number) =>
  executor
    .select({
      id: payoutMethods.id,
      type: payoutMethods.type,
      account_masked: payoutMethods.accountMasked,
      holder_name: payoutMethods.holderName,
    })
    .from(payoutMethods)
    .where(and(eq(payoutMethods.userId, userId), isNull(payoutMethods.deletedAt)))
    .orderBy(desc(payoutMethods.id));

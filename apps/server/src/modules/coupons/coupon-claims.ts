import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { ErrorCodes, NEW_USER_PACKAGE_DAYS } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { couponPackageClaims, couponTemplates, userCoupons } from './tables.ts';

/**
 * Claiming coupons. Stock is taken by one conditional UPDATE (`claimed < stock_total`), so however
 * many claims race, no template hands out more than its stock; one claim per (user, template) is a
 * unique index, so a user's parallel claims yield one coupon.
 */

export type TemplateRow = typeof couponTemplates.$inferSelect;
export type CouponRow = typeof userCoupons.$inferSelect;

const DAY_MS = 86_400_000;

/** Takes one unit of stock; false when none is left. */
async function takeStock(tx: Executor, templateId: number): Promise<boolean> {
  const taken = await tx
    .update(couponTemplates)
    .set({ claimed: sql`${couponTemplates.claimed} + 1` })
    .where(and(eq(couponTemplates.id, templateId), lt(couponTemplates.claimed, couponTemplates.stockTotal)))
    .returning({ id: couponTemplates.id });
  return taken.length > 0;
}

function validityOf(template: TemplateRow, now: Date): { validFrom: Date; validUntil: Date } {
  if (template.validDays !== null) {
    return { validFrom: now, validUntil: new Date(now.getTime() + template.validDays * DAY_MS) };
  }
  if (!template.validFrom || !template.validUntil)
    throw new Error(`coupon template ${template.id}: no validity`);
  return { validFrom: template.validFrom, validUntil: template.validUntil };
}

/** A template can be claimed now: active and, for a fixed window, not over. */
export const claimableNow = (template: TemplateRow, now: Date) =>
  template.active && (template.validUntil === null || template.validUntil > now);

/** Inserts the user's coupon of this template, or nothing when the user already has one. */
async function insertCoupon(tx: Executor, userId: number, template: TemplateRow, now: Date) {
  const [coupon] = await tx
    .insert(userCoupons)
    .values({
      templateId: template.id,
      userId,
      name: template.name,
      amountOff: template.amountOff,
      threshold: template.threshold,
      gameId: template.gameId,
      ...validityOf(template, now),
      claimedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return coupon;
}

/** A coupon hall claim: 4601 unknown, 4611 not claimable, 4602 already claimed, 4603 out of stock. */
export async function claimTemplate(
  tx: Executor,
  userId: number,
  templateId: number,
  now: Date,
): Promise<CouponRow> {
  const [template] = await tx.select().from(couponTemplates).where(eq(couponTemplates.id, templateId));
  if (!template) throw new AppError(ErrorCodes.COUPON_NOT_FOUND);
  if (template.channel !== 'hall' || !claimableNow(template, now)) {
    throw new AppError(ErrorCodes.COUPON_NOT_CLAIMABLE);
  }
  const coupon = await insertCoupon(tx, userId, template, now);
  if (!coupon) throw new AppError(ErrorCodes.COUPON_ALREADY_CLAIMED);
  if (!(await takeStock(tx, template.id))) throw new AppError(ErrorCodes.COUPON_OUT_OF_STOCK);
  return coupon;
}

export async function newUserTemplates(db: Executor, now: Date): Promise<TemplateRow[]> {
  const rows = await db
    .select()
    .from(couponTemplates)
    .where(and(eq(couponTemplates.channel, 'new_user'), eq(couponTemplates.active, true)))
    .orderBy(asc(couponTemplates.sort), asc(couponTemplates.id));
  return rows.filter((row) => claimableNow(row, now));
}

export const isNewUser = (registeredAt: Date, now: Date) =>
  now.getTime() - registeredAt.getTime() <= NEW_USER_PACKAGE_DAYS * DAY_MS;

export async function packageClaimed(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: couponPackageClaims.userId })
    .from(couponPackageClaims)
    .where(eq(couponPackageClaims.userId, userId));
  return row !== undefined;
}

/**
 * The new-user package, all of it, once: 4604 when the user is not new, 4612 when claimed before
 * (the claim row is the lock: parallel claims wait for it and then see it), 4603 when every
 * template is out of stock. Templates out of stock are skipped.
 */
export async function claimNewUserPackage(
  tx: Executor,
  user: { id: number; createdAt: Date },
  now: Date,
): Promise<CouponRow[]> {
  if (!isNewUser(user.createdAt, now)) throw new AppError(ErrorCodes.COUPON_NOT_NEW_USER);
  const claimed = await tx
    .insert(couponPackageClaims)
    .values({ userId: user.id, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (claimed.length === 0) throw new AppError(ErrorCodes.COUPON_PACKAGE_CLAIMED);

  const templates = await newUserTemplates(tx, now);
  const held = new Set(
    templates.length
      ? (
          await tx
            .select({ templateId: userCoupons.templateId })
            .from(userCoupons)
            .where(
              and(
                eq(userCoupons.userId, user.id),
                inArray(
                  userCoupons.templateId,
                  templates.map((template) => template.id),
                ),
              ),
            )
        ).map((row) => row.templateId)
      : [],
  );
  const coupons: CouponRow[] = [];
  for (const template of templates) {
    if (held.has(template.id) || !(await takeStock(tx, template.id))) continue;
    const coupon = await insertCoupon(tx, user.id, template, now);
    if (!coupon) throw new AppError(ErrorCodes.COUPON_ALREADY_CLAIMED);
    coupons.push(coupon);
  }
  if (coupons.length === 0) throw new AppError(ErrorCodes.COUPON_OUT_OF_STOCK, '新人礼包已被领完');
  return coupons;
}

export interface TemplateInput {
  code?: string;
  name: string;
  channel: 'new_user' | 'hall';
  amountOff: number;
  threshold?: number;
  gameId?: number | null;
  validDays?: number;
  validFrom?: Date;
  validUntil?: Date;
  stockTotal: number;
  sort?: number;
}

/** For seeding and staff tools; a template with a known `code` is left as it is. */
export async function createTemplate(db: Executor, input: TemplateInput): Promise<TemplateRow | undefined> {
  const [row] = await db
    .insert(couponTemplates)
    .values({
      code: input.code ?? null,
      name: input.name,
      channel: input.channel,
      amountOff: input.amountOff,
      threshold: input.threshold ?? 0,
      gameId: input.gameId ?? null,
      validDays: input.validDays ?? null,
      validFrom: input.validFrom ?? null,
      validUntil: input.validUntil ?? null,
      stockTotal: input.stockTotal,
      sort: input.sort ?? 0,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

import { and, asc, count, desc, eq, gt, inArray, lte, or, type SQL } from 'drizzle-orm';
import {
  fenToAmount,
  type Coupon,
  type CouponList,
  type CouponTab,
  type CouponTemplate,
  type NewUserPackage,
} from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { fetchPage } from '../../lib/page.ts';
import {
  claimableNow,
  isNewUser,
  newUserTemplates,
  packageClaimed,
  type CouponRow,
  type TemplateRow,
} from './coupon-claims.ts';
import { couponTemplates, userCoupons } from './tables.ts';

/** What the coupon screens read. Nothing here writes. */

export type GameNames = (gameId: number) => string | undefined;
/** Resolves the names of these games (the catalogue's cache refreshed when one is unknown). */
export type ResolveGameNames = (gameIds: ReadonlyArray<number | null>) => Promise<GameNames>;

const scopeLabel = (gameId: number | null, names: GameNames) =>
  gameId === null ? '全部游戏' : `仅限${names(gameId) ?? '指定游戏'}`;

const chinaDate = (date: Date) => new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

export function toCoupon(row: CouponRow, now: Date, names: GameNames): Coupon {
  const state = row.status === 'usable' && row.validUntil <= now ? 'expired' : row.status;
  return {
    id: row.id,
    template_id: row.templateId,
    name: row.name,
    amount_off: fenToAmount(row.amountOff),
    threshold: fenToAmount(row.threshold),
    game_id: row.gameId,
    scope_label: scopeLabel(row.gameId, names),
    state,
    valid_from: row.validFrom.toISOString(),
    valid_until: row.validUntil.toISOString(),
    claimed_at: row.claimedAt.toISOString(),
    used_at: row.usedAt?.toISOString() ?? null,
  };
}

function toTemplate(row: TemplateRow, claimedByMe: boolean, names: GameNames): CouponTemplate {
  return {
    id: row.id,
    name: row.name,
    amount_off: fenToAmount(row.amountOff),
    threshold: fenToAmount(row.threshold),
    game_id: row.gameId,
    scope_label: scopeLabel(row.gameId, names),
    validity_label:
      row.validDays !== null
        ? `领取后${row.validDays}天内有效`
        : `${chinaDate(row.validFrom ?? new Date(0))} 至 ${chinaDate(row.validUntil ?? new Date(0))}`,
    stock_total: row.stockTotal,
    stock_left: row.stockTotal - row.claimed,
    claimed_by_me: claimedByMe,
  };
}

/** The conditions of each tab: a locked coupon stays under 可使用 (its order may still be cancelled). */
function tabCondition(tab: CouponTab, now: Date): SQL | undefined {
  switch (tab) {
    case 'usable':
      return or(
        eq(userCoupons.status, 'locked'),
        and(eq(userCoupons.status, 'usable'), gt(userCoupons.validUntil, now)),
      );
    case 'used':
      return eq(userCoupons.status, 'used');
    case 'expired':
      return and(eq(userCoupons.status, 'usable'), lte(userCoupons.validUntil, now));
  }
}

export async function couponList(
  db: Executor,
  userId: number,
  query: { page: number; page_size: number; status: CouponTab },
  now: Date,
  resolveNames: ResolveGameNames,
): Promise<CouponList> {
  const mine = eq(userCoupons.userId, userId);
  const where = and(mine, tabCondition(query.status, now));
  const order =
    query.status === 'usable' ? [asc(userCoupons.validUntil), asc(userCoupons.id)] : [desc(userCoupons.id)];
  const countOf = (tab: CouponTab) =>
    db
      .select({ value: count() })
      .from(userCoupons)
      .where(and(mine, tabCondition(tab, now)));
  const [{ rows, total }, usable, used, expired] = await Promise.all([
    fetchPage(
      query.page,
      query.page_size,
      (limit, offset) =>
        db
          .select()
          .from(userCoupons)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
      countOf(query.status),
    ),
    countOf('usable'),
    countOf('used'),
    countOf('expired'),
  ]);
  const names = await resolveNames(rows.map((row) => row.gameId));
  return {
    list: rows.map((row) => toCoupon(row, now, names)),
    total,
    page: query.page,
    page_size: query.page_size,
    counts: { usable: usable[0]?.value ?? 0, used: used[0]?.value ?? 0, expired: expired[0]?.value ?? 0 },
  };
}

async function claimedTemplateIds(db: Executor, userId: number | null, templateIds: number[]) {
  if (userId === null || templateIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ templateId: userCoupons.templateId })
    .from(userCoupons)
    .where(and(eq(userCoupons.userId, userId), inArray(userCoupons.templateId, templateIds)));
  return new Set(rows.map((row) => row.templateId));
}

/** The coupon hall: active hall templates, with what is left and whether this user has one. */
export async function couponHall(
  db: Executor,
  userId: number | null,
  now: Date,
  resolveNames: ResolveGameNames,
): Promise<CouponTemplate[]> {
  const rows = (
    await db
      .select()
      .from(couponTemplates)
      .where(and(eq(couponTemplates.channel, 'hall'), eq(couponTemplates.active, true)))
      .orderBy(asc(couponTemplates.sort), asc(couponTemplates.id))
  ).filter((row) => claimableNow(row, now));
  const mine = await claimedTemplateIds(
    db,
    userId,
    rows.map((row) => row.id),
  );
  const names = await resolveNames(rows.map((row) => row.gameId));
  return rows.map((row) => toTemplate(row, mine.has(row.id), names));
}

export async function newUserPackage(
  db: Executor,
  user: { id: number; createdAt: Date },
  now: Date,
  resolveNames: ResolveGameNames,
): Promise<NewUserPackage> {
  const templates = await newUserTemplates(db, now);
  const [claimed, mine] = await Promise.all([
    packageClaimed(db, user.id),
    claimedTemplateIds(
      db,
      user.id,
      templates.map((row) => row.id),
    ),
  ]);
  const inStock = templates.some((row) => row.claimed < row.stockTotal);
  const reason = claimed
    ? '你已领取过新人礼包'
    : !isNewUser(user.createdAt, now)
      ? '新人礼包仅限注册30天内的新用户领取'
      : !inStock
        ? '新人礼包已被领完'
        : null;
  const names = await resolveNames(templates.map((row) => row.gameId));
  return {
    templates: templates.map((row) => toTemplate(row, mine.has(row.id), names)),
    total_amount_off: fenToAmount(templates.reduce((sum, row) => sum + row.amountOff, 0)),
    claimed,
    can_claim: reason === null,
    reason,
  };
}

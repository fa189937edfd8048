/**
 * The service-fee schedule (收费标准): the single source of truth for every fee the platform charges.
 * The server's money code computes fees from it and the web's /serviceFee page renders it.
 * Money is integer fen (分); rates are basis points (1 bp = 0.01%, 500 bp = 5%). No floating point.
 */

/** Who a fee is charged to. */
export type FeePayer = 'seller' | 'buyer' | 'owner' | 'user' | 'merchant';

/** A fee that is a share of a base amount, clamped to [minFen, maxFen]. */
export interface RateFee {
  rateBp: number;
  minFen: number;
  /** null: no upper limit. */
  maxFen: number | null;
  payer: FeePayer;
}

export interface WithdrawalFee {
  rateBp: number;
  /** Least fee of a withdrawal that has a chargeable part. */
  minFen: number;
  /** Amount per user and calendar day (Asia/Shanghai) withdrawn without a fee. */
  dailyFreeQuotaFen: number;
}

export interface PromotionPackage {
  code: string;
  /** What the user pays. */
  payFen: number;
  /** Promotion credit booked to the user's promotion balance. */
  creditFen: number;
}

export interface PromotionPricing {
  /** Charged from the promotion balance per valid click on a promoted listing. */
  clickPriceFen: number;
  /** Least daily budget a promotion plan may be configured with. */
  minDailyBudgetFen: number;
  packages: readonly PromotionPackage[];
}

export type CompensationOptionCode = 'basic' | 'extended' | 'lifetime';

/** A 包赔 option the buyer may add to a guaranteed trade; priced as a share of the deal price. */
export interface CompensationOption {
  code: CompensationOptionCode;
  name: string;
  rateBp: number;
  minFen: number;
  /** Days of cover after the trade completes; null: lifetime cover (see /allLifeGuarantee). */
  protectionDays: number | null;
  payer: FeePayer;
  /** Share of the deal price a claim may be compensated with (the cap of one order's claims). */
  compensationRatioBp: number;
  /** Share of a paid compensation charged back to the seller's sincerity deposit (as far as it holds). */
  sellerChargebackBp: number;
  /** What the plan covers (找回包赔: the cases a claim may be filed for). */
  covers: readonly string[];
}

export interface FeeSchedule {
  guaranteedTrade: RateFee;
  rental: RateFee;
  recycle: RateFee;
  withdrawal: WithdrawalFee;
  promotion: PromotionPricing;
  compensation: readonly CompensationOption[];
}

export const feeSchedule: FeeSchedule = {
  guaranteedTrade: { rateBp: 500, minFen: 500, maxFen: 200_000, payer: 'seller' },
  rental: { rateBp: 1_000, minFen: 10, maxFen: null, payer: 'owner' },
  recycle: { rateBp: 200, minFen: 200, maxFen: 50_000, payer: 'seller' },
  withdrawal: { rateBp: 60, minFen: 100, dailyFreeQuotaFen: 50_000 },
  promotion: {
    clickPriceFen: 30,
    minDailyBudgetFen: 1_000,
    packages: [
      { code: 'promo_50', payFen: 5_000, creditFen: 5_000 },
      { code: 'promo_200', payFen: 20_000, creditFen: 21_000 },
      { code: 'promo_500', payFen: 50_000, creditFen: 55_000 },
    ],
  },
  compensation: [
    {
      code: 'basic',
      name: '基础包赔',
      rateBp: 300,
      minFen: 300,
      protectionDays: 90,
      payer: 'buyer',
      compensationRatioBp: 10_000,
      sellerChargebackBp: 10_000,
      covers: ['账号被原卖家或其关联人找回'],
    },
    {
      code: 'extended',
      name: '一年包赔',
      rateBp: 500,
      minFen: 500,
      protectionDays: 365,
      payer: 'buyer',
      compensationRatioBp: 10_000,
      sellerChargebackBp: 10_000,
      covers: ['账号被原卖家或其关联人找回', '因交易前卖家违规被游戏运营商封禁'],
    },
    {
      code: 'lifetime',
      name: '终身包赔',
      rateBp: 800,
      minFen: 800,
      protectionDays: null,
      payer: 'buyer',
      compensationRatioBp: 10_000,
      sellerChargebackBp: 10_000,
      covers: [
        '账号被原卖家或其关联人找回',
        '因交易前卖家违规被游戏运营商封禁',
        '账号被司法机关认定为赃物追回',
      ],
    },
  ],
};

const BP_PER_WHOLE = 10_000;

function assertFen(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer of fen, got ${value}`);
}

/** baseFen × rateBp, rounded half up to the fen, clamped to the rule's min and max. */
export function rateFee(baseFen: number, rule: Pick<RateFee, 'rateBp' | 'minFen' | 'maxFen'>): number {
  assertFen(baseFen, 'baseFen');
  const raw = Math.floor((baseFen * rule.rateBp + BP_PER_WHOLE / 2) / BP_PER_WHOLE);
  const atLeast = Math.max(raw, rule.minFen);
  return rule.maxFen === null ? atLeast : Math.min(atLeast, rule.maxFen);
}

/**
 * Fee of one withdrawal: the part covered by what is left of today's free quota is free; the rest
 * is charged at the withdrawal rate, at least minFen. A withdrawal fully inside the quota costs 0.
 */
export function withdrawalFee(
  amountFen: number,
  freeQuotaLeftFen: number,
  rule: WithdrawalFee = feeSchedule.withdrawal,
): number {
  assertFen(amountFen, 'amountFen');
  assertFen(freeQuotaLeftFen, 'freeQuotaLeftFen');
  const chargeable = amountFen - Math.min(amountFen, freeQuotaLeftFen);
  return chargeable === 0
    ? 0
    : rateFee(chargeable, { rateBp: rule.rateBp, minFen: rule.minFen, maxFen: null });
}

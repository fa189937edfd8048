/**
 * The price of a guaranteed trade, in integer fen, from the fee schedule only. The server's
 * computation (apps/server/src/modules/orders) is authoritative; the web shows the same figures
 * before the server answers.
 */
import { feeSchedule, rateFee, type CompensationOptionCode } from './fees.ts';

export interface GuaranteePrice {
  code: CompensationOptionCode;
  name: string;
  feeFen: number;
  /** Days of 包赔 cover after completion; null: lifetime. */
  protectionDays: number | null;
}

/** A 包赔 option priced for a deal price; undefined when the fee schedule has no such option. */
export function guaranteePrice(priceFen: number, code: CompensationOptionCode): GuaranteePrice | undefined {
  const rule = feeSchedule.compensation.find((candidate) => candidate.code === code);
  if (!rule) return undefined;
  return {
    code,
    name: rule.name,
    // 包赔 has a least fee and no upper limit.
    feeFen: rateFee(priceFen, { rateBp: rule.rateBp, minFen: rule.minFen, maxFen: null }),
    protectionDays: rule.protectionDays,
  };
}

export interface OrderQuote {
  priceFen: number;
  guarantee: GuaranteePrice | undefined;
  /** The coupon's amount off (platform money, added to escrow when the order is paid). */
  discountFen: number;
  /** The platform's trade fee, kept from the escrow when it is released. */
  tradeFeeFen: number;
  tradeFeePaidBySeller: boolean;
  /** What the buyer pays. */
  payableFen: number;
  /** What escrow holds once paid: price, 包赔 fee and, when the buyer pays it, the trade fee. */
  escrowFen: number;
  /** What the seller receives on completion. */
  sellerIncomeFen: number;
}

/** The whole price of an order: listing price (or agreed price), 包赔 option, coupon, trade fee. */
export function orderQuote(input: {
  priceFen: number;
  guaranteeCode?: CompensationOptionCode | undefined;
  discountFen?: number;
}): OrderQuote {
  const { priceFen } = input;
  const guarantee = input.guaranteeCode ? guaranteePrice(priceFen, input.guaranteeCode) : undefined;
  const trade = feeSchedule.guaranteedTrade;
  const tradeFeeFen = Math.min(rateFee(priceFen, trade), priceFen);
  const tradeFeePaidBySeller = trade.payer === 'seller';
  const escrowFen = priceFen + (guarantee?.feeFen ?? 0) + (tradeFeePaidBySeller ? 0 : tradeFeeFen);
  const discountFen = Math.min(input.discountFen ?? 0, escrowFen);
  return {
    priceFen,
    guarantee,
    discountFen,
    tradeFeeFen,
    tradeFeePaidBySeller,
    payableFen: escrowFen - discountFen,
    escrowFen,
    sellerIncomeFen: priceFen - (tradeFeePaidBySeller ? tradeFeeFen : 0),
  };
}

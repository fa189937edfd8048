import {
  amountToFen,
  guaranteePrice,
  orderQuote,
  type CompensationOptionCode,
  type GoodsDetail,
  type GoodsStatus,
} from '@haoshi/contracts';
import { goodsDetailMessages, unavailableReasons } from './messages';

export type ActionState = { enabled: true } | { enabled: false; reason: string };

const statusReason = (status: GoodsStatus): string | undefined =>
  status === 'on_sale' ? undefined : unavailableReasons[status];

/** 立即购买: on sale and not the viewer's own listing (guests may tap it and are asked to log in). */
export function buyState(goods: Pick<GoodsDetail, 'status' | 'is_mine' | 'can_buy'>): ActionState {
  const reason = statusReason(goods.status);
  if (reason) return { enabled: false, reason };
  if (goods.is_mine) return { enabled: false, reason: goodsDetailMessages.ownListing };
  return goods.can_buy ? { enabled: true } : { enabled: false, reason: unavailableReasons.off_shelf };
}

/** 议价: as buying, and the seller must accept offers. */
export function bargainState(
  goods: Pick<GoodsDetail, 'status' | 'is_mine' | 'can_buy' | 'can_bargain'>,
): ActionState {
  const buy = buyState(goods);
  if (!buy.enabled) return buy;
  return goods.can_bargain ? buy : { enabled: false, reason: goodsDetailMessages.noBargain };
}

export interface GuaranteeQuote {
  code: CompensationOptionCode;
  name: string;
  description: string;
  feeFen: number;
  protectionDays: number | null;
}

/** The 包赔 options the seller offers, priced by contracts' orderQuote (the server prices the same way). */
export function guaranteeQuotes(goods: Pick<GoodsDetail, 'price' | 'guarantees'>): GuaranteeQuote[] {
  const priceFen = amountToFen(goods.price);
  return goods.guarantees.flatMap((option) => {
    const priced = guaranteePrice(priceFen, option.code);
    if (!priced) return [];
    return [
      {
        code: option.code,
        name: option.name,
        description: option.description,
        feeFen: priced.feeFen,
        protectionDays: priced.protectionDays,
      },
    ];
  });
}

export interface PriceBreakdown {
  priceFen: number;
  guarantee: GuaranteeQuote | undefined;
  /** The platform's trade fee; the seller pays it, so it is not part of the buyer's total. */
  tradeFeeFen: number;
  tradeFeePaidBySeller: boolean;
  totalFen: number;
}

/** What the buyer pays: the listing's price plus the chosen 包赔 option, in integer fen. */
export function priceBreakdown(
  goods: Pick<GoodsDetail, 'price' | 'guarantees'>,
  guaranteeCode: CompensationOptionCode | undefined,
): PriceBreakdown {
  const guarantee = guaranteeQuotes(goods).find((quote) => quote.code === guaranteeCode);
  const quote = orderQuote({ priceFen: amountToFen(goods.price), guaranteeCode: guarantee?.code });
  return {
    priceFen: quote.priceFen,
    guarantee,
    tradeFeeFen: quote.tradeFeeFen,
    tradeFeePaidBySeller: quote.tradeFeePaidBySeller,
    totalFen: quote.payableFen,
  };
}

/** The confirm-order screen takes the listing and the chosen 包赔 option. */
export function orderPath(goodsId: number, guaranteeCode: CompensationOptionCode | undefined): string {
  const guarantee = guaranteeCode ? `&guarantee=${guaranteeCode}` : '';
  return `/order_detail?goods_id=${goodsId}${guarantee}`;
}

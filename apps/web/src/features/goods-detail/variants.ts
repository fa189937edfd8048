/**
 * One detail screen, four layouts (SPEC §2: /goodsDetail, /kxrGoodsDetail, /thwGoodsDetail and
 * /mhbProductCommon with a goods_id).
 * 看学人 (app_kxr, the knowledge-review app) leads with how the screenshots were checked; 淘号玩
 * (app_thw) leads with the 包赔 cover; 精选 (mhb) leads with both, as its curated list promises;
 * the main layout keeps both in their usual places.
 */
export type GoodsDetailVariant = 'standard' | 'kxr' | 'thw' | 'mhb';

export interface VariantLayout {
  /** The screenshot-verification strip right under the gallery. */
  verificationFirst: boolean;
  /** The 包赔 options right under the price, with a banner, and the first option preselected. */
  guaranteeFirst: boolean;
  className: string;
}

export const variantLayouts: Readonly<Record<GoodsDetailVariant, VariantLayout>> = {
  standard: { verificationFirst: false, guaranteeFirst: false, className: 'goods-detail--standard' },
  kxr: { verificationFirst: true, guaranteeFirst: false, className: 'goods-detail--kxr' },
  thw: { verificationFirst: false, guaranteeFirst: true, className: 'goods-detail--thw' },
  mhb: { verificationFirst: true, guaranteeFirst: true, className: 'goods-detail--mhb' },
};

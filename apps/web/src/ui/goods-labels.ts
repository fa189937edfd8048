import type { GoodsTag, GoodsSort, Platform } from '@haoshi/contracts';

// The contracts hold the same labels next to their zod schemas; these copies keep zod off the
// home page's first visit (a value import from those modules would bring the schemas along).

export const goodsTagText: Readonly<Record<GoodsTag, string>> = {
  bargain: '可议价',
  urgent: '急售',
  guarantee: '包赔',
  rebind: '可换绑',
  official_shots: '官方截图',
};

export const goodsTagOrder: readonly GoodsTag[] = [
  'official_shots',
  'guarantee',
  'rebind',
  'urgent',
  'bargain',
];

export const platformText: Readonly<Record<Platform, string>> = { ios: '苹果', android: '安卓', pc: '电脑' };

export const goodsSortText: Readonly<Record<GoodsSort, string>> = {
  default: '综合',
  newest: '最新',
  price_asc: '价格升',
  price_desc: '价格降',
  hot: '热度',
};

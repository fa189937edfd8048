import type { GoodsList, GoodsTag } from '@haoshi/contracts';

/** A list total as the user reads it: 8, 3000+, 1万+ or 约8400 (an estimate, two figures). */
export function countLabel(count: Pick<GoodsList, 'total' | 'total_capped' | 'total_is_estimate'>): string {
  const { total } = count;
  if (count.total_capped) return total >= 10_000 ? `${Math.floor(total / 10_000)}万+` : `${total}+`;
  if (!count.total_is_estimate) return String(total);
  const step = 10 ** Math.max(0, String(total).length - 2);
  return `约${Math.round(total / step) * step}`;
}

export const searchMessages = {
  placeholder: '搜索游戏/商品',
  submit: '搜索',
  historyTitle: '搜索历史',
  clearHistory: '清空',
  clearHistoryConfirm: '确定清空全部搜索历史吗？',
  hotTitle: '热门搜索',
  suggestionsLabel: '搜索联想',
  gameSuggestion: '游戏',
  emptyKeyword: '请输入要搜索的内容',
  filter: '筛选',
  filterTitle: '筛选',
  sortLabel: '排序',
  reset: '重置',
  confirm: '确定',
  game: '游戏',
  allGames: '全部游戏',
  platform: '平台',
  partition: '区服',
  partitionHint: '先选择游戏，再选区服',
  price: '价格（元）',
  priceMin: '最低价',
  priceMax: '最高价',
  priceInvalid: '价格需大于0，且最多两位小数',
  rangeMin: '最低',
  rangeMax: '最高',
  rangeInvalid: (label: string) => `${label}请填写整数`,
  tags: '服务保障',
  onSale: (count: Pick<GoodsList, 'total' | 'total_capped' | 'total_is_estimate'>) =>
    `共 ${countLabel(count)} 件在售`,
  emptyTitle: '没有找到符合条件的商品',
  emptyWithFilters: '试试清空筛选条件，或放宽价格范围。',
  emptyWithoutFilters: '换个关键词试试，或者去看看其他游戏。',
  clearFilters: '清空筛选',
  changeKeyword: '换个关键词',
  listFailed: '商品加载失败',
  headerLoading: '正在加载筛选项…',
  resultsLabel: '商品列表',
  curatedIntro: '经客服核验截图、支持找回包赔的账号优先展示，买得更放心。',
  curatedEmpty: '暂时没有精选商品',
  curatedEmptyBody: '精选商品需通过截图核验，先去全部商品看看吧。',
  allGoods: '全部商品',
  rankGames: '热门游戏',
  rankStores: '金牌店铺',
  rankCol: '排名',
  gameCol: '游戏',
  onSaleCol: '在售',
  avgPriceCol: '均价',
  storeCol: '店铺',
  dealsCol: '成交',
  ratingCol: '评分',
  followersCol: '粉丝',
  rankEmpty: '排行榜暂无数据',
  rankEmptyBody: '交易数据每天更新，稍后再来看看吧。',
  rankFailed: '排行榜加载失败',
  loadFailedBody: '网络不稳定或服务繁忙，请检查网络后重试。',
  retry: '重新加载',
  goHome: '去首页逛逛',
} as const;

/** /mhbProductCommon's tabs: which service tags every listing of the tab has. */
export const curatedTabs: ReadonlyArray<{ key: string; title: string; tags: GoodsTag[] }> = [
  { key: 'best', title: '精选推荐', tags: ['official_shots', 'guarantee'] },
  { key: 'shots', title: '官方截图', tags: ['official_shots'] },
  { key: 'guarantee', title: '包赔', tags: ['guarantee'] },
  { key: 'rebind', title: '可换绑', tags: ['rebind'] },
];

export const homeMessages = {
  searchPlaceholder: '搜索游戏/商品',
  bannersLabel: '活动',
  gamesTitle: '热门游戏',
  gamesLabel: '游戏',
  entriesLabel: '快捷入口',
  noticeLabel: '公告',
  hotTitle: '热门商品',
  hotMore: '更多',
  recommendTitle: '为你推荐',
  loadFailedTitle: '首页加载失败',
  loadFailedBody: '网络不稳定或服务繁忙，请检查网络后重试。',
  retry: '重新加载',
} as const;

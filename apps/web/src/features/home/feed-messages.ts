/** Texts of the recommended feed, which loads on the first scroll (kept out of the first visit). */
export const feedMessages = {
  label: '为你推荐',
  empty: '暂时没有推荐的商品',
  emptyBody: '卖家正在上架新账号，先去搜索看看吧。',
  goSearch: '去搜索',
  failed: '推荐商品加载失败',
} as const;

/** App shell text (Chinese). */
export const appMessages = {
  notFoundTitle: '页面不存在',
  tabs: { home: '首页', recycle: '回收', messages: '消息', mine: '我的' },
  chunkErrorTitle: '页面加载失败',
  chunkErrorBody: '网络不稳定，页面没有加载完整。请检查网络后重新加载。',
  screenErrorTitle: '页面出错了',
  screenErrorBody: '页面遇到了问题，请重新加载；若仍有问题，请返回首页。',
  reload: '重新加载',
  backHome: '返回首页',
  back: '返回',
} as const;

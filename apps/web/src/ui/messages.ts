/** Shared UI text (Chinese). */
export const uiMessages = {
  backHome: '返回首页',
  comingSoonTitle: (title: string) => `「${title}」正在建设中`,
  comingSoonBody: '这个功能正在开发，上线后会在这里直接开放。你可以先回首页逛逛，或者告诉我们你最期待什么。',
  comingSoonAddress: '页面地址',
  wishLabel: '告诉我们你期待的功能',
  wishPlaceholder: '例如：希望能按区服筛选账号、支持分期付款……',
  wishKeptHint: '离开本页再回来，已输入的内容会保留',
  wishSubmit: '提交建议',
  wishLoginToSubmit: '登录后提交建议',
  wishThanks: '感谢你的建议，我们会认真考虑',
  wishEmpty: '请先写下你期待的功能',
  notFoundTitle: '页面不存在',
  notFoundBody: '链接可能已失效或地址有误，请返回首页重新进入。',
  loginRequiredTitle: '登录后查看',
  loginRequiredBody: '此页面需要登录。请在弹出的登录页完成登录，若没有弹出请点击下方按钮。',
  loginRequiredAction: '去登录',
} as const;

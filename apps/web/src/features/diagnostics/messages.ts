import { AccessChannel } from '@/core/channel';

/** Diagnostics text (Chinese). */
export const diagnosticsMessages = {
  environmentTitle: '运行环境',
  headersTitle: '请求头（app_header_sign）',
  channel: '访问渠道',
  package: '包名',
  brand: '品牌',
  deviceId: '设备号',
  deviceIdMissing: '未生成（设备签名不可读）',
  statusBar: '状态栏高度',
  userAgent: 'User-Agent',
  noHeaders: '暂无请求头',
  copy: '复制诊断信息',
  copied: '已复制，可粘贴给客服',
  copyFailed: '复制失败，请长按文字手动复制',
} as const;

export const channelNames: Record<AccessChannel, string> = {
  [AccessChannel.ANDROID]: '安卓 App',
  [AccessChannel.IOS]: 'iOS App',
  [AccessChannel.WEB]: '网页',
  [AccessChannel.HARMONY]: '鸿蒙 App',
  [AccessChannel.PWA]: 'PWA',
  [AccessChannel.H5]: 'H5',
};

import type { PackageType } from '@haoshi/contracts';

export type Platform = 'android' | 'ios' | 'harmony';

/** Download page text (Chinese). */
export const downloadMessages = {
  platformNames: { android: '安卓', ios: 'iPhone', harmony: '鸿蒙' } satisfies Record<Platform, string>,
  downloadButtons: { android: '安卓版下载', ios: 'iPhone版下载', harmony: '鸿蒙版下载' } satisfies Record<
    Platform,
    string
  >,
  recommended: '推荐',
  guideTitle: (platform: string) => `${platform}安装指引`,
  guides: {
    android: (brand: string) =>
      `在华为、小米、OPPO、vivo、应用宝等安卓应用商店搜索「${brand}」下载安装。若安装时提示“未知来源”，请在系统设置中允许本次安装。`,
    ios: (brand: string) =>
      `在 App Store 搜索「${brand}」下载安装。若在微信中打开本页，请点右上角「…」选择“在浏览器打开”。`,
    harmony: (brand: string) => `在华为应用市场搜索「${brand}」下载安装，支持 HarmonyOS 设备。`,
  } satisfies Record<Platform, (brand: string) => string>,
  highlightsTitle: '为什么选择我们',
  scanTitle: '手机扫码下载',
  scanHint: '使用手机相机或浏览器扫描二维码，按提示安装',
  qrLabel: '下载页二维码',
  webIntro: (brand: string) => `${brand}移动端支持安卓、iPhone 与鸿蒙设备，交易、聊天、提现随时随地。`,
} as const;

export interface Highlight {
  title: string;
  body: string;
}

/** What each kind of app is for, in a line each. */
export const highlightsByType: Record<PackageType, readonly Highlight[]> = {
  main: [
    { title: '担保交易', body: '货款平台托管，验号换绑完成再放款' },
    { title: '找回包赔', body: '成交账号被找回，按规则赔付' },
    { title: '极速回收', body: '多家回收商在线出价，当天到账' },
    { title: '账号租赁', body: '按小时租号，上号即玩' },
  ],
  brand: [
    { title: '安心交易', body: '电子合同与资金托管全程保障' },
    { title: '海量账号', body: '热门游戏账号实时上新' },
    { title: '专属客服', body: '交易全程客服跟进' },
    { title: '快速提现', body: '交易完成余额随时提现' },
  ],
  merchant: [
    { title: '批量管理', body: '账号批量上架、改价、下架' },
    { title: '云手机', body: '远程登录验号，无需实体手机' },
    { title: '对账提现', body: '流水清晰，自动提现' },
    { title: '黑号预警', body: '风险账号提前识别' },
  ],
  review: [
    { title: '游戏测评', body: '真实玩家的深度测评' },
    { title: '知识问答', body: '攻略与经验随时查' },
    { title: '账号鉴定', body: '专业估值，心里有数' },
    { title: '社区交流', body: '和同好一起聊游戏' },
  ],
};

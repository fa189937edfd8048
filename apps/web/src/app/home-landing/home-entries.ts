/** Entry points of the home landing (until the listings home replaces it). */
export interface HomeEntry {
  label: string;
  path: string;
  /** Tile colour, from the brand palette. */
  tone: 'orange' | 'red' | 'blue' | 'green' | 'purple' | 'teal';
}

export const consumerEntries: readonly HomeEntry[] = [
  { label: '买号', path: '/productList', tone: 'orange' },
  { label: '租号', path: '/secondRent', tone: 'blue' },
  { label: '卖号回收', path: '/recycleHome', tone: 'green' },
  { label: '官方担保', path: '/officialGuarantee', tone: 'red' },
  { label: '找回包赔', path: '/retrieveAcc', tone: 'purple' },
  { label: '账号鉴定', path: '/gameIdentifyPage', tone: 'teal' },
  { label: '排行榜', path: '/rank', tone: 'orange' },
  { label: '领券中心', path: '/couponHall', tone: 'red' },
  { label: '钱包', path: '/wallet', tone: 'orange' },
  { label: '订单售后', path: '/afterSalesList', tone: 'blue' },
  { label: '客服中心', path: '/customerService', tone: 'teal' },
  { label: '举报中心', path: '/reportCenter', tone: 'purple' },
  { label: '商家入驻', path: '/thhMerchantJoinMain', tone: 'green' },
  { label: '推广中心', path: '/promotionHomepage', tone: 'red' },
  { label: '交易规则', path: '/tradeRules', tone: 'blue' },
  { label: '下载App', path: '/download', tone: 'orange' },
];

/** The merchant edition leads with the console. */
export const merchantEntries: readonly HomeEntry[] = [
  { label: '商家中心', path: '/business', tone: 'orange' },
  { label: '账号管理', path: '/merchantAccountList', tone: 'blue' },
  { label: '手机管理', path: '/merchantPhoneList', tone: 'green' },
  { label: '云手机', path: '/cloudMobilePhone', tone: 'purple' },
  { label: '商家保证金', path: '/businessDeposit', tone: 'red' },
  { label: '对账中心', path: '/reconciliate', tone: 'teal' },
  { label: '黑号查询', path: '/blackNumber', tone: 'orange' },
  { label: '店铺转让', path: '/storeTransfer', tone: 'blue' },
  { label: '钱包', path: '/wallet', tone: 'orange' },
  { label: '订单售后', path: '/afterSalesList', tone: 'blue' },
  { label: '客服中心', path: '/customerService', tone: 'teal' },
  { label: '服务规范', path: '/buServerNorm', tone: 'purple' },
];

export interface Assurance {
  title: string;
  body: string;
  path: string;
}

export const assurances: readonly Assurance[] = [
  { title: '资金托管', body: '货款先由平台托管，验号、换绑完成后才打给卖家', path: '/peaceDealIntroduce' },
  { title: '电子合同', body: '买卖双方在线签署转让协议，全程留存快照', path: '/accTransAgreement' },
  { title: '找回包赔', body: '成交后账号被找回，可按规则申请赔付', path: '/allLifeGuarantee' },
];

export const helpLinks: readonly { label: string; path: string }[] = [
  { label: '新手租号教程', path: '/rentCourse' },
  { label: '服务费说明', path: '/serviceFee' },
  { label: '安全保障', path: '/thhSafe' },
  { label: '用户行为规范', path: '/personalNorm' },
];

export const homeMessages = {
  searchPlaceholder: '搜索游戏、账号或商品编号',
  assuranceTitle: '安心交易',
  helpTitle: '新手帮助',
  privacy: '隐私政策',
  agreement: '用户服务协议',
} as const;

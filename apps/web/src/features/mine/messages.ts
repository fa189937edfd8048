import type { ComponentType } from 'react';
import type { Role } from '@haoshi/contracts';
import type { Edition } from '@/core/brands';
import { FootprintIcon, OrderIcon, StarIcon, WalletIcon } from '@/ui/icons';

/** "My" page text (Chinese). */
export const mineMessages = {
  login: '登录 / 注册',
  guestHint: '登录后查看钱包、订单与收藏',
  plainUser: '买家 / 卖家',
  loadFailed: '账号信息加载失败',
  retry: '重新加载',
  sellerTitle: '我是卖家',
  assetsTitle: '权益与安全',
  servicesTitle: '服务与帮助',
  logout: '退出登录',
  logoutConfirm: '确定要退出当前账号吗？',
  loggedOut: '已退出登录',
  aboutTitle: '关于',
  merchantNote: '商家工作台即将开放，可在此管理店铺账号与手机',
} as const;

/** Which edition of the app this is (the package type of SPEC §1 and §3). */
export const editionLabels: Record<Edition, string> = {
  consumer: '用户版',
  merchant: '商家版',
};

export const roleLabels: Record<Role, string> = {
  merchant: '商家',
  recycler: '回收商',
  customer_service: '客服',
  report_handler: '举报处理员',
  finance: '财务',
  admin: '管理员',
};

export interface MineEntry {
  label: string;
  path: string;
}

export const accountEntries: readonly (MineEntry & { Icon: ComponentType })[] = [
  { label: '我的钱包', path: '/wallet', Icon: WalletIcon },
  { label: '我的订单', path: '/afterSalesList', Icon: OrderIcon },
  { label: '我的收藏', path: '/collection', Icon: StarIcon },
  { label: '我的足迹', path: '/footprint', Icon: FootprintIcon },
];

/** Recharge, withdrawal, payout methods and the deposit are in the wallet's own grid. */
export const assetEntries: readonly MineEntry[] = [
  { label: '我的优惠券', path: '/myCoupon' },
  { label: '领券中心', path: '/couponHall' },
  { label: '实名认证', path: '/idCard' },
  { label: '更换绑定手机', path: '/bindPhone' },
];

export const sellerEntries: readonly MineEntry[] = [
  { label: '我的发布', path: '/myGoods' },
  { label: '议价记录', path: '/goodsBargainList' },
  { label: '诚心卖 · 发布账号', path: '/sincereSell' },
  { label: '访客记录', path: '/visitor' },
  { label: '我的关注', path: '/attention' },
  { label: '转卖已购账号', path: '/resellList' },
];

export const serviceEntries: readonly MineEntry[] = [
  { label: '官方包赔', path: '/officialGuarantee' },
  { label: '我的找回申请', path: '/offlineRetrievalList' },
  { label: '个人信息', path: '/personInfo' },
  { label: '帮助与反馈', path: '/helpFeedback' },
  { label: '隐私政策', path: '/privacy' },
  { label: '用户服务协议', path: '/serviceAgreement' },
  { label: '注销账号', path: '/logoutAccount' },
];

/** Shows the sign header and other internals: staff only, or anyone in a development build. */
export const diagnosticsEntry: MineEntry = { label: '诊断信息', path: '/test' };

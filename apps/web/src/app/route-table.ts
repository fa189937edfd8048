import { legalRoutes } from '@/features/legal/legal-routes';
import { homeRoutes } from '@/features/home/routes';
import { searchRoutes } from '@/features/search/routes';
import { favouritesRoutes } from '@/features/favourites/routes';
import { publishRoutes } from '@/features/publish/routes';
import { goodsDetailRoutes } from '@/features/goods-detail/routes';
import { withdrawalRoutes } from '@/features/withdrawals/routes';
import { walletRoutes } from '@/features/wallet/routes';
import { rechargeRoutes } from '@/features/recharge/routes';
import { realNameRoutes } from '@/features/real-name/routes';
import { payoutMethodRoutes } from '@/features/payout-methods/routes';
import { sincerityRoutes } from '@/features/sincerity/routes';
import { couponRoutes } from '@/features/coupons/routes';
import { protocolRoutes } from '@/features/protocols/routes';
import { orderRoutes } from '@/features/orders/routes';
import { orderHandoverRoutes } from '@/features/orders/handover/routes';
import { afterSalesRoutes } from '@/features/after-sales/routes';
import { evaluationRoutes } from '@/features/evaluations/routes';
import { bargainRoutes } from '@/features/bargains/routes';
import { chatRoutes } from '@/features/chat/routes';
import { customerServiceRoutes } from '@/features/customer-service/routes';
import { guaranteeRoutes } from '@/features/guarantee/routes';
import { personalRoutes } from '@/features/personal/routes';
import { accountCancelRoutes } from '@/features/account-cancel/routes';
import type { FeatureRoutes, PrefetchLoader, ScreenLoader } from '@/core/feature-routes';

/** One route of SPEC §2 (plus the app's own /mine and the per-brand legal pages). */
export interface RouteEntry {
  path: string;
  /** Chinese page title: the top bar and, with the brand name, document.title. */
  title: string;
  /** L: needs a stored Authorization. */
  login: boolean;
  /** K: keeps its state (and inner scroll positions) when left and returned to. */
  keepAlive: boolean;
  screen: ScreenLoader;
  /** Starts the screen's queries from the route's loader (core/feature-routes.ts). */
  prefetch?: PrefetchLoader;
}

/** The shared placeholder of every route whose screen is not built yet. */
export const comingSoonScreen: ScreenLoader = () => import('@/ui/coming-soon-screen');
const legalScreen: ScreenLoader = () => import('@/features/legal/legal-screen');
const mineScreen: ScreenLoader = () => import('@/features/mine/mine-screen');
const h5LoginScreen: ScreenLoader = () => import('@/features/auth/h5-login-screen');
const authLoginScreen: ScreenLoader = () => import('@/features/auth/auth-login-screen');
const downloadScreen: ScreenLoader = () => import('@/features/download/download-screen');
const webDownloadScreen: ScreenLoader = () => import('@/features/download/web-download-screen');
const diagnosticsScreen: ScreenLoader = () => import('@/features/diagnostics/diagnostics-screen');

type Flags = '' | 'L' | 'K' | 'LK';

function route(
  path: string,
  title: string,
  flags: Flags = '',
  screen: ScreenLoader = comingSoonScreen,
): RouteEntry {
  return { path, title, login: flags.includes('L'), keepAlive: flags.includes('K'), screen };
}

/** SPEC §2, in its order and grouping; flags exactly as SPEC marks them. */
const specRoutes: RouteEntry[] = [
  // Home and recycling
  route('/', '首页', 'K'),
  route('/home', '首页', 'K'),
  route('/recycleHome', '账号回收', 'K'),
  route('/iosRecycleHome', '账号回收', 'K'),
  route('/recycleList', '回收大厅', 'K'),
  route('/myRecycleList', '我的回收列表', 'K'),
  route('/recycleDetail', '回收详情'),
  route('/createRecycleOrder', '创建回收订单', 'L'),
  route('/createRecycle', '发布回收', 'K'),
  route('/myRecycle', '我的回收', 'L'),
  route('/recycleAccountNumber', '回收账号信息', 'K'),
  route('/recycleUserEvaluation', '回收商评价', 'K'),
  route('/recyclePublishSucceed', '发布成功', 'K'),
  route('/gameIdentifyPage', '账号鉴定', 'K'),
  // Goods and search
  route('/goodsDetail', '商品详情'),
  route('/kxrGoodsDetail', '商品详情', 'K'),
  route('/thwGoodsDetail', '商品详情', 'K'),
  route('/productList', '商品列表', 'K'),
  route('/mhbProductCommon', '精选商品', 'K', () => import('./mhb-product-common-screen')),
  route('/search_input', '搜索'),
  route('/search_goods_list', '搜索结果', 'K'),
  route('/goodsBargainList', '议价记录', 'K'),
  route('/goodsQRCode', '商品二维码', 'K'),
  route('/sincereSell', '诚心卖', 'K'),
  route('/rank', '排行榜'),
  route('/forumDetails', '帖子详情'),
  // Account rental and second-hand accounts
  route('/secondAcc', '二手账号', 'K'),
  route('/thhSecondAcc', '二手账号', 'K'),
  route('/thhSecondRent', '账号租赁', 'K'),
  route('/thhRentalNumberList', '租号列表'),
  route('/thhSelfPumpingAcc', '自抽号', 'K'),
  route('/selfPumpingAcc', '自抽号', 'K'),
  route('/secondRent', '账号租赁', 'K'),
  route('/secondOfficial', '官方号', 'K'),
  route('/thwSecondOfficial', '官方号', 'K'),
  route('/officialGuarantee', '官方包赔', 'K'),
  route('/accOrderOfficialGuarantee', '订单包赔保障', 'K'),
  route('/retrieveAcc', '找回包赔', 'K'),
  route('/retrieveAccFirst', '找回包赔 · 填写账号', 'K'),
  route('/retrieveAccSecond', '找回包赔 · 提交证据', 'K'),
  route('/retrieveAccThird', '找回包赔 · 等待处理', 'K'),
  route('/retrieveVideo', '找回录屏'),
  route('/retrieveVideoForum', '找回案例'),
  // Money
  route('/wallet', '我的钱包', 'LK'),
  route('/billList', '账单明细', 'L'),
  route('/billDetail', '账单详情'),
  route('/personRecharge', '余额充值', 'K'),
  route('/wxRecharge', '微信充值', 'K'),
  route('/alipayRecharge', '支付宝充值', 'L'),
  route('/rechargeRecords', '充值记录', 'K'),
  route('/balanceOperation', '余额管理', 'K'),
  route('/balanceAction', '余额转出', 'K'),
  route('/withdrawDeposit', '提现', 'L'),
  route('/withdrawal', '申请提现', 'L'),
  route('/withdrawalRecords', '提现记录', 'L'),
  route('/paymentType', '收款方式'),
  route('/addPayMentType', '添加收款方式'),
  route('/payMentTypeDetail', '收款方式详情'),
  route('/autoPayMent', '自动提现', 'K'),
  route('/cashPledgeRecord', '保证金记录', 'K'),
  route('/quickRemit', '快捷转账', 'L'),
  route('/remitDetail', '提现详情', 'L'),
  route('/orderRefund', '申请售后', 'L'),
  route('/reconciliate', '对账中心', 'K'),
  route('/changeQrCode', '更换收款码', 'K'),
  // Orders and after-sales
  route('/order_detail', '订单详情', 'L'),
  route('/afterSalesList', '订单与售后', 'K'),
  route('/afterSalesSearchList', '售后搜索'),
  route('/evaluateList', '评价列表'),
  route('/evaluationService', '服务评价', 'L'),
  route('/goodsEvaluateReturnCash', '评价返现'),
  route('/goodEvaluateMakeOut', '写评价', 'K'),
  route('/userEvaluate', '用户评价', 'K'),
  route('/offlineRetrievalList', '我的找回申请', 'L'),
  route('/offlineRetrievalDetails', '找回申请详情', 'L'),
  route('/offlineOrderHandle', '找回工单处理', 'L'),
  route('/offlineOrderData', '找回赔付数据', 'L'),
  route('/resellList', '转卖', 'L'),
  route('/userUrgent', '催单', 'K'),
  route('/proceedingDetail', '诉讼进度', 'K'),
  route('/lawyersLetter', '律师函', 'K'),
  // Chat
  route('/conversationList', '消息', 'LK'),
  route('/chat', '聊天', 'LK'),
  route('/chatSystemInform', '系统通知', 'L'),
  route('/chatSellerHelper', '卖家助手', 'LK'),
  route('/customerService', '客服中心'),
  route('/customerServiceChat', '在线客服', 'K'),
  // Coupons and promotion
  route('/myCoupon', '我的优惠券', 'K'),
  route('/couponHall', '领券中心'),
  route('/promotionHomepage', '推广中心', 'K'),
  route('/promotionRecords', '推广记录', 'K'),
  route('/addPromotionalProducts', '添加推广商品', 'K'),
  // Merchant
  route('/business', '商家中心', 'L'),
  route('/businessDetail', '商家详情'),
  route('/businessPay', '商家支付'),
  route('/businessDeposit', '商家保证金'),
  route('/mhbBusiness', '商家合作'),
  route('/thhMerchantJoinMain', '商家入驻', 'L'),
  route('/merchantAccount', '商家账号'),
  route('/merchantAccountList', '商家账号列表'),
  route('/merchantPhoneList', '商家手机管理', 'K'),
  route('/storeTransfer', '店铺转让'),
  route('/attractInvestment', '招商加盟'),
  route('/bCooperation', '商务合作', 'K'),
  route('/blackNumber', '黑号查询', 'K'),
  // User and personal
  route('/attention', '我的关注', 'K'),
  route('/collection', '我的收藏', 'K'),
  route('/footprint', '我的足迹', 'K'),
  route('/visitor', '访客记录', 'K'),
  route('/logoutAccount', '注销账号'),
  route('/h5Login', '登录', '', h5LoginScreen),
  route('/authLogin', '扫码登录确认', 'K', authLoginScreen),
  route('/idCard', '实名认证', 'K'),
  route('/personInfo', '个人信息'),
  route('/personBasicInfo', '基本信息'),
  route('/locationInfo', '位置信息'),
  route('/devicceInfo', '设备信息'),
  route('/thirdInfo', '第三方信息共享清单'),
  route('/minorReminder', '未成年人保护提醒', 'K'),
  route('/helpFeedback', '帮助与反馈', 'K'),
  route('/reportCenter', '举报中心'),
  route('/commitReport', '提交举报'),
  route('/douYinAccount', '抖音账号'),
  route('/remoteControlPhone', '远程控制手机', 'L'),
  route('/cloudMobilePhone', '云手机', 'L'),
  route('/phoneCardLoginLog', '手机卡登录记录', 'L'),
  route('/printScreenVerifyGuide', '截图验证指引'),
  route('/wxPushInform', '微信消息提醒'),
  route('/recoveryNotice', '回收通知', 'L'),
  route('/noticeDetails', '公告详情', 'L'),
  route('/protocol', '交易协议'),
  route('/ratifyAccord', '协议签署', 'L'),
  route('/protocolSnapshot', '协议快照', 'L'),
  route('/accountTransferAgreement', '账号转让协议', 'LK'),
  // Information and legal pages (the legal helper supplies screen and title; see below)
  route('/privacy', '隐私政策'),
  route('/privacyDetail', '个人信息收集清单'),
  route('/serviceAgreement', '用户服务协议'),
  route('/serviceFee', '服务费说明'),
  route('/rentPromise', '租号承诺书'),
  route('/tradeRules', '交易规则'),
  route('/accTransAgreement', '账号转让协议'),
  route('/personalNorm', '用户行为规范'),
  route('/mhbCompensation', '包赔服务规则'),
  route('/allLifeGuarantee', '终身包赔服务说明'),
  route('/rentCourse', '租号教程', 'K'),
  route('/download', '下载App', '', downloadScreen),
  route('/webDownload', '下载客户端', '', webDownloadScreen),
  route('/peaceDealIntroduce', '安心交易介绍'),
  route('/thhSafe', '安全保障'),
  route('/usPrChatNorm', '用户私聊规范'),
  route('/buServerNorm', '商家服务规范'),
  route('/test', '诊断信息', '', diagnosticsScreen),
];

/** The app's own "My" tab: account summary and entries. */
const appRoutes: RouteEntry[] = [
  {
    ...route('/mine', '我的', '', mineScreen),
    prefetch: () => import('@/features/mine/prefetch').then((module) => module.prefetchMine),
  },
];

/**
 * Each feature's screens, by path. A feature adds itself here with one line; its routes.ts holds
 * the loaders (see docs/adding-a-screen-or-endpoint.md).
 */
const features: readonly FeatureRoutes[] = [
  homeRoutes,
  searchRoutes,
  favouritesRoutes,
  publishRoutes,
  goodsDetailRoutes,
  withdrawalRoutes,
  walletRoutes,
  rechargeRoutes,
  realNameRoutes,
  payoutMethodRoutes,
  sincerityRoutes,
  orderHandoverRoutes,
  couponRoutes,
  protocolRoutes,
  orderRoutes,
  afterSalesRoutes,
  evaluationRoutes,
  bargainRoutes,
  chatRoutes,
  customerServiceRoutes,
  guaranteeRoutes,
  personalRoutes,
  accountCancelRoutes,
];

const featureScreens = new Map(features.flatMap((feature) => Object.entries(feature.screens)));
const featurePrefetch = new Map(features.flatMap((feature) => Object.entries(feature.prefetch ?? {})));
export const featureExtraRoutes = features.flatMap((feature): RouteEntry[] => [
  ...(feature.extraRoutes ?? []),
]);

const legalByPath = new Map(legalRoutes.map((legal) => [legal.path, legal]));
const specPaths = new Set(specRoutes.map((entry) => entry.path));

/** Legal pages take their screen and title from the legal feature; flags stay as SPEC marks them. */
const withScreens = specRoutes.map((entry): RouteEntry => {
  const legal = legalByPath.get(entry.path);
  if (legal) return { ...entry, title: legal.title, screen: legalScreen };
  const screen = featureScreens.get(entry.path);
  const prefetch = featurePrefetch.get(entry.path);
  return screen ? { ...entry, screen, ...(prefetch ? { prefetch } : {}) } : entry;
});

/** The per-brand privacy and service-agreement pages SPEC §2 names by variant. */
const brandLegalRoutes = legalRoutes
  .filter((legal) => !specPaths.has(legal.path))
  .map((legal) => route(legal.path, legal.title, legal.keepAlive ? 'K' : '', legalScreen));

/**
 * Paths a feature names that are not routes of SPEC §2 (a typo or a route that belongs in
 * extraRoutes), and prefetches for a path the feature gives no screen.
 */
export const unknownFeaturePaths = [
  ...[...featureScreens.keys()].filter((path) => !specPaths.has(path)),
  ...[...featurePrefetch.keys()].filter((path) => !featureScreens.has(path)),
];

export const routeTable: readonly RouteEntry[] = [
  ...withScreens,
  ...appRoutes,
  ...featureExtraRoutes,
  ...brandLegalRoutes,
];

export const BUSINESS_PAY_PATH = '/businessPay';
